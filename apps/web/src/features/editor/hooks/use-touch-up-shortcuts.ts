import { useEffect, useRef, type Dispatch, type RefObject, type SetStateAction } from 'react';
import { clampBrush, redo, undo, type BrushMode, type History } from '../lib/brush';

/**
 * The touch-up's keys while it is open: Ctrl/Cmd+Z and +Y for undo and redo, E and R for the
 * mode, [ and ] for the size, B for Before, + - 0 for zoom, and Space held to pan (the ref it
 * returns says whether Space is down). Not while the person types in a field.
 */
export function useTouchUpShortcuts({
  liveRef,
  applyHistory,
  setMode,
  setSize,
  setBefore,
  zoomBy,
  fit,
}: {
  /** The latest history, for the listeners registered once. */
  liveRef: RefObject<{ history: History }>;
  applyHistory: (next: History) => void;
  setMode: (mode: BrushMode) => void;
  setSize: Dispatch<SetStateAction<number>>;
  setBefore: Dispatch<SetStateAction<boolean>>;
  zoomBy: (factor: number) => void;
  fit: () => void;
}): RefObject<boolean> {
  const spaceRef = useRef(false);

  // Keyboard shortcuts while the touch-up is open.
  useEffect(() => {
    const typing = (target: EventTarget | null) =>
      target instanceof HTMLElement &&
      (target.isContentEditable ||
        target.tagName === 'TEXTAREA' ||
        target.tagName === 'SELECT' ||
        (target.tagName === 'INPUT' && (target as HTMLInputElement).type !== 'range'));
    const onKeyDown = (event: KeyboardEvent) => {
      if (typing(event.target)) return;
      const key = event.key.toLowerCase();
      const command = event.ctrlKey || event.metaKey;
      if (command && key === 'z') {
        event.preventDefault();
        applyHistory(
          event.shiftKey ? redo(liveRef.current.history) : undo(liveRef.current.history),
        );
      } else if (command && key === 'y') {
        event.preventDefault();
        applyHistory(redo(liveRef.current.history));
      } else if (command || event.altKey) {
        return;
      } else if (key === 'e') setMode('erase');
      else if (key === 'r') setMode('restore');
      else if (key === '[') setSize((s) => clampBrush(s / 1.25));
      else if (key === ']') setSize((s) => clampBrush(s * 1.25));
      else if (key === 'b') setBefore((b) => !b);
      else if (key === '+' || key === '=') zoomBy(1.25);
      else if (key === '-' || key === '_') zoomBy(1 / 1.25);
      else if (key === '0') fit();
      else if (key === ' ' && !(event.target instanceof HTMLButtonElement)) {
        event.preventDefault();
        spaceRef.current = true;
      }
    };
    const onKeyUp = (event: KeyboardEvent) => {
      if (event.key === ' ') spaceRef.current = false;
    };
    window.addEventListener('keydown', onKeyDown);
    window.addEventListener('keyup', onKeyUp);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      window.removeEventListener('keyup', onKeyUp);
    };
  }, [applyHistory, zoomBy, fit, liveRef, setMode, setSize, setBefore]);

  return spaceRef;
}
