// Badge colours for states (used with <Badge variant={null}> so the soft primary tint does not
// mix in).
export const tones = {
  good: 'ring-1 ring-inset bg-emerald-500/10 text-emerald-700 ring-emerald-500/30 dark:text-emerald-400',
  bad: 'ring-1 ring-inset bg-red-500/10 text-red-700 ring-red-500/30 dark:text-red-400',
  key: 'ring-1 ring-inset bg-amber-500/10 text-amber-700 ring-amber-500/30 dark:text-amber-400',
} as const;
