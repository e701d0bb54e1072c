// The touch-up brush's copy (issue 25; the spec quotes none). Loaded with the editor's chunk.

export const touchUpTexts = {
  open: 'Touch up',
  openHint: 'Fix an edge the model got wrong: erase what should go, restore what should stay.',
  heading: 'Touch up',
  canvasLabel:
    'The cut-out: drag to paint with the brush; pinch or use the zoom buttons to zoom, two fingers or Space + drag to move',
  loading: 'Loading the image…',
  loadFailed: 'The image could not be loaded for touching up. Please try again.',
  toolsLabel: 'Brush',
  erase: 'Erase',
  restore: 'Restore',
  size: 'Brush size',
  sizeValue: (px: number) => `${px} px`,
  zoomIn: 'Zoom in',
  zoomOut: 'Zoom out',
  fit: 'Fit to view',
  zoomValue: (percent: number) => `${percent}%`,
  undo: 'Undo',
  redo: 'Redo',
  before: 'Before',
  after: 'After',
  viewLabel: 'View',
  save: 'Save',
  saving: 'Saving…',
  cancel: 'Cancel',
  resetOriginal: "Reset to the model's result",
  saved: 'Touch-up saved: the downloads now use it.',
  reset: "Back to the model's result.",
  edited: (version: number) => `Touched up (version ${version})`,
  shortcuts:
    'Keys: E erase · R restore · [ ] brush size · Ctrl+Z undo · Ctrl+Shift+Z redo · B before/after · + − zoom · 0 fit',
} as const;
