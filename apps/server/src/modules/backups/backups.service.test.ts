import { existsSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { backupPrivacyText, backupRetentionDays } from '@cutout/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../test/test-app.js';
import { listBackups, pruneBackups } from './backups.service.js';

// The privacy page's promise about backups and the pruning that keeps it (decision 0268).

const dir = tempDir('cutout-prune-');
afterAll(() => dir.remove());

function archive(name: string, ageDays: number) {
  const file = path.join(dir.dir, name);
  writeFileSync(file, 'zip');
  writeFileSync(`${file}.sha256`, `${'a'.repeat(64)}  ${name}\n`);
  const at = new Date(Date.now() - ageDays * 86_400_000);
  utimesSync(file, at, at);
  return file;
}

describe('pruning backups', () => {
  it('keeps the newest BACKUP_KEEP and none older than the privacy page says', async () => {
    expect(backupPrivacyText).toContain(`after at most ${backupRetentionDays} days`);
    const newest = archive('cutout-backup-20261128T000000Z-aaaaaa.zip', 0);
    const middle = archive('cutout-backup-20261127T000000Z-bbbbbb.zip', 1);
    const tooOld = archive('cutout-backup-20261101T000000Z-cccccc.zip', backupRetentionDays + 1);
    // Not an archive of ours: never listed, never deleted.
    const other = path.join(dir.dir, 'notes.txt');
    writeFileSync(other, 'keep me');

    expect((await listBackups(dir.dir)).map((b) => b.sha256)).toEqual([
      'a'.repeat(64),
      'a'.repeat(64),
      'a'.repeat(64),
    ]);
    expect(await pruneBackups(dir.dir, 10)).toEqual([path.basename(tooOld)]);
    expect(existsSync(tooOld) || existsSync(`${tooOld}.sha256`)).toBe(false);
    expect(await pruneBackups(dir.dir, 1)).toEqual([path.basename(middle)]);
    expect(existsSync(newest)).toBe(true);
    expect(existsSync(other)).toBe(true);
  });
});
