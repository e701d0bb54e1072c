import path from 'node:path';
import { readdirSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database.js';
import { migrateToLatest, migrationNames } from '../../db/migrations/index.js';
import { createTestApp, tempDir } from '../../test/test-app.js';
import { unzip } from '../../test/unzip.js';
import { readFileSync } from 'node:fs';

// Upgrades cannot lose data (issue 38 item 3): a server started on a database an older release
// left, with data in it, backs it up before migrating, and says where.

const dirs: { remove: () => void }[] = [];
afterAll(() => dirs.forEach((d) => d.remove()));

describe('start with pending migrations', () => {
  it('backs up a database with data before migrating it', async () => {
    const data = tempDir('cutout-upgrade-start-');
    dirs.push(data);
    const file = path.join(data.dir, 'cutout.db');
    const older = openDatabase({ dialect: 'sqlite', file });
    const level = migrationNames.slice(0, -2);
    await migrateToLatest(older.db, 'sqlite', { only: level });
    await older.db
      .insertInto('users')
      .values({ id: 'u-old', name: 'Old Customer', email: 'old@example.com', credits: 42 } as never)
      .execute();
    await older.close();

    const t = await createTestApp({ env: { DATA_DIR: data.dir, AUTH_SECRET: 'x'.repeat(40) } });
    await t.app.close();
    const backups = path.join(data.dir, 'backups');
    const archives = readdirSync(backups).filter((n) => n.endsWith('.zip'));
    expect(archives).toHaveLength(1);
    const entries = await unzip(readFileSync(path.join(backups, archives[0]!)));
    const manifest = JSON.parse(entries.get('manifest.json')!.toString('utf8'));
    expect(manifest.migrations).toEqual([...level].sort());
    expect(entries.get('tables/users.jsonl')!.toString('utf8')).toContain('"credits":42');
  }, 60_000);

  it('takes no backup when no migration is pending', async () => {
    const data = tempDir('cutout-fresh-start-');
    dirs.push(data);
    const t = await createTestApp({ env: { DATA_DIR: data.dir } });
    await t.app.close();
    const again = await createTestApp({ env: { DATA_DIR: data.dir } });
    await again.app.close();
    expect(readdirSync(data.dir)).not.toContain('backups');
  }, 60_000);
});
