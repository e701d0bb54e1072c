// The files chosen in the Batch tab, as a reducer: those not yet part of the stored batch
// (`local`, in the order chosen) and those already sent, by the stored item they went to
// (`sent`). Pure, so every step can be tested; the object URLs of the previews are made and
// released by use-batch-files.ts, outside the reducer.

/** A file chosen here, with its preview address (images only). */
export interface LocalFile {
  key: string;
  file: File;
  preview: string | null;
}

export interface BatchFiles {
  local: readonly LocalFile[];
  sent: ReadonlyMap<string, LocalFile>;
}

export type BatchFilesAction =
  | { type: 'add'; files: readonly LocalFile[] }
  | { type: 'removeLocal'; key: string }
  | { type: 'removeSent'; itemId: string }
  /** The local files went to the batch: `sent` is the whole new map, `local` empties. */
  | { type: 'sent'; sent: ReadonlyMap<string, LocalFile> }
  | { type: 'clear' };

export const noFiles: BatchFiles = { local: [], sent: new Map() };

export function batchFilesReducer(state: BatchFiles, action: BatchFilesAction): BatchFiles {
  switch (action.type) {
    case 'add':
      return { ...state, local: [...state.local, ...action.files] };
    case 'removeLocal':
      return { ...state, local: state.local.filter((e) => e.key !== action.key) };
    case 'removeSent': {
      if (!state.sent.has(action.itemId)) return state;
      const sent = new Map(state.sent);
      sent.delete(action.itemId);
      return { ...state, sent };
    }
    case 'sent':
      return { local: [], sent: action.sent };
    case 'clear':
      return noFiles;
  }
}
