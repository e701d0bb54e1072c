import { limits, batchTexts } from '@cutout/contracts';
import { useEffect, useReducer, useRef } from 'react';
import { loadToast } from '../../../lib/toast';
import { batchFilesReducer, noFiles, type LocalFile } from './batch-files';

/**
 * The files chosen in the Batch tab (batch-files.ts) and their preview addresses: made for images
 * only, released when a file leaves the tab, and all of them when the tab goes away.
 */
export function useBatchFiles() {
  const [state, dispatch] = useReducer(batchFilesReducer, noFiles);
  const keyCounter = useRef(0);
  /** Every preview address made here, released when the tab goes away. */
  const previews = useRef(new Set<string>());

  useEffect(() => {
    const made = previews.current;
    return () => {
      for (const href of made) URL.revokeObjectURL(href);
    };
  }, []);

  const release = (entry: LocalFile) => {
    if (!entry.preview) return;
    URL.revokeObjectURL(entry.preview);
    previews.current.delete(entry.preview);
  };

  /** Adds `chosen` unless the batch would pass its limit with `stored` images already in it. */
  const add = async (chosen: readonly File[], stored: number) => {
    if (chosen.length === 0) return;
    const total = stored + state.local.length + chosen.length;
    if (total > limits.batchMaxImages) {
      (await loadToast()).error(batchTexts.tooMany(limits.batchMaxImages, total));
      return;
    }
    dispatch({
      type: 'add',
      files: chosen.map((file) => {
        // Only images get a preview: anything else would be a broken picture.
        const preview = file.type.startsWith('image/') ? URL.createObjectURL(file) : null;
        if (preview) previews.current.add(preview);
        return { key: `local-${++keyCounter.current}`, file, preview };
      }),
    });
  };

  const removeLocal = (key: string) => {
    const entry = state.local.find((e) => e.key === key);
    if (entry) release(entry);
    dispatch({ type: 'removeLocal', key });
  };

  const removeSent = (itemId: string) => {
    const entry = state.sent.get(itemId);
    if (!entry) return;
    release(entry);
    dispatch({ type: 'removeSent', itemId });
  };

  const clear = () => {
    for (const entry of state.sent.values()) release(entry);
    for (const entry of state.local) release(entry);
    dispatch({ type: 'clear' });
  };

  return {
    local: state.local,
    sent: state.sent,
    add,
    removeLocal,
    removeSent,
    markSent: (sent: ReadonlyMap<string, LocalFile>) => dispatch({ type: 'sent', sent }),
    clear,
  };
}
