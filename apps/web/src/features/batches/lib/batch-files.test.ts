import { describe, expect, it } from 'vitest';
import { batchFilesReducer, noFiles, type LocalFile } from './batch-files';

const entry = (key: string): LocalFile => ({
  key,
  file: new File(['x'], `${key}.png`, { type: 'image/png' }),
  preview: `blob:${key}`,
});

describe('batchFilesReducer', () => {
  it('adds files in the order chosen and removes one by its key', () => {
    let state = batchFilesReducer(noFiles, { type: 'add', files: [entry('a'), entry('b')] });
    state = batchFilesReducer(state, { type: 'add', files: [entry('c')] });
    expect(state.local.map((e) => e.key)).toEqual(['a', 'b', 'c']);
    state = batchFilesReducer(state, { type: 'removeLocal', key: 'b' });
    expect(state.local.map((e) => e.key)).toEqual(['a', 'c']);
  });

  it('moves the local files to the sent map, forgets one sent item, and clears', () => {
    const a = entry('a');
    let state = batchFilesReducer(noFiles, { type: 'add', files: [a] });
    state = batchFilesReducer(state, { type: 'sent', sent: new Map([['item-1', a]]) });
    expect(state.local).toEqual([]);
    expect(state.sent.get('item-1')).toBe(a);
    expect(batchFilesReducer(state, { type: 'removeSent', itemId: 'other' })).toBe(state);
    state = batchFilesReducer(state, { type: 'removeSent', itemId: 'item-1' });
    expect(state.sent.size).toBe(0);
    state = batchFilesReducer(batchFilesReducer(state, { type: 'add', files: [entry('b')] }), {
      type: 'clear',
    });
    expect(state).toBe(noFiles);
  });
});
