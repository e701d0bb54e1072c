import { useCallback, useState } from 'react';
import { commit, emptyHistory, type History, type Stroke } from '../lib/brush';

/**
 * The touch-up's undo and redo: the strokes done and undone. Undo replays strokes rather than
 * keeping copies, so a history applied rebuilds the mask from the strokes still done.
 */
export function useStrokeHistory(rebuild: (strokes: readonly Stroke[]) => void) {
  const [history, setHistory] = useState<History>(emptyHistory);

  const applyHistory = useCallback(
    (next: History) => {
      setHistory(next);
      rebuild(next.done);
    },
    [rebuild],
  );

  /** A finished stroke: done, and nothing left to redo. */
  const commitStroke = useCallback((stroke: Stroke) => setHistory((h) => commit(h, stroke)), []);

  return { history, applyHistory, commitStroke };
}
