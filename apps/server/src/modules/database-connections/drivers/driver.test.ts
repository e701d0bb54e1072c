import { describe, expect, it } from 'vitest';
import { ResultCollector } from './driver.js';
import { mongoCommandWrites } from './mongodb.js';

// The caps every driver shares, and the read/write line for MongoDB (no live server here: the
// command classifier is what decides, so it is tested on its own).

const caps = { maxRows: 3, maxBytes: 1000, maxCellBytes: 100 };

describe('ResultCollector', () => {
  it('says "rows" only when a row past the cap actually came', () => {
    const exact = new ResultCollector(caps);
    for (const id of [1, 2, 3]) expect(exact.add({ id })).toBe(true);
    expect(exact.outcome('read', null)).toMatchObject({ truncated: false, rowsAffected: null });
    expect(exact.add({ id: 4 })).toBe(false);
    expect(exact.outcome('read', null)).toMatchObject({ truncated: 'rows' });
    expect(exact.rows).toHaveLength(3);
  });

  it('says "bytes" when the next row would pass the byte cap, or a value was cut', () => {
    const collector = new ResultCollector({ ...caps, maxRows: 100, maxCellBytes: 400 });
    expect(collector.add({ text: 'a'.repeat(300) })).toBe(true);
    expect(collector.add({ text: 'b'.repeat(300) })).toBe(true);
    expect(collector.add({ text: 'c'.repeat(300) })).toBe(true);
    expect(collector.add({ text: 'd'.repeat(300) })).toBe(false);
    expect(collector.outcome('read', null)).toMatchObject({
      truncated: 'bytes',
      columns: ['text'],
    });
    expect(collector.bytes).toBeLessThanOrEqual(1000);

    const cut = new ResultCollector(caps);
    expect(cut.add({ text: 'x'.repeat(5000), n: 1 })).toBe(true);
    const [row] = cut.outcome('read', null).rows as { text: string; n: number }[];
    expect(row!.text).toMatch(/^x+… \(5,000 bytes in all\)$/);
    expect(Buffer.byteLength(row!.text)).toBeLessThan(150);
    expect(row!.n).toBe(1);
    expect(cut.outcome('read', null).truncated).toBe('bytes');
  });

  it('never cuts a multi-byte character in half', () => {
    const collector = new ResultCollector({ ...caps, maxCellBytes: 90 });
    collector.add({ text: '€'.repeat(200) });
    const [row] = collector.rows as { text: string }[];
    expect(row!.text).toMatch(/^€+… \(600 bytes in all\)$/);
  });

  it('reports rows affected for writes only', () => {
    expect(new ResultCollector(caps).outcome('write', 7)).toMatchObject({
      kind: 'write',
      rowsAffected: 7,
    });
    expect(new ResultCollector(caps).outcome('read', 7)).toMatchObject({
      kind: 'read',
      rowsAffected: null,
    });
  });
});

describe('MongoDB commands', () => {
  it.each([
    [{ find: 'users', filter: {} }, false],
    [
      { aggregate: 'orders', pipeline: [{ $match: {} }, { $lookup: { from: 'x' } }], cursor: {} },
      false,
    ],
    [{ count: 'users' }, false],
    [{ distinct: 'users', key: 'tier' }, false],
    [{ listCollections: 1 }, false],
    [{ dbStats: 1 }, false],
    [{ explain: { find: 'users' } }, false],
    [{ aggregate: 'orders', pipeline: [{ $out: 'copy' }], cursor: {} }, true],
    [{ aggregate: 'orders', pipeline: [{ $merge: { into: 'copy' } }], cursor: {} }, true],
    [{ explain: { aggregate: 'o', pipeline: [{ $out: 'c' }] } }, true],
    [{ insert: 'logs', documents: [{}] }, true],
    [{ update: 'users', updates: [] }, true],
    [{ delete: 'users', deletes: [] }, true],
    [{ drop: 'users' }, true],
    [{ findAndModify: 'users', query: {}, remove: true }, true],
    [{ createIndexes: 'users', indexes: [] }, true],
    [{ dropDatabase: 1 }, true],
    [{ eval: 'db.users.drop()' }, true],
  ])('%j writes: %s', (command, writes) => {
    expect(mongoCommandWrites(command)).toBe(writes);
  });
});
