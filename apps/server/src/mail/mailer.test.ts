import path from 'node:path';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/database.js';
import { migrateToLatest } from '../db/migrations/index.js';
import { tempDir } from '../test/test-app.js';
import { createMailer, type MailMessage } from './mailer.js';
import { listOutbox } from './outbox.repository.js';

// The mailer without SMTP: messages land in the outbox table. A message still being written (an
// invoice whose PDF is drawn) is pending from the moment it is enqueued, so close() waits for it.

describe('mailer', () => {
  let handle: DatabaseHandle | undefined;
  let remove: (() => void) | undefined;
  afterEach(async () => {
    await handle?.close();
    remove?.();
  });

  async function setUp() {
    const tmp = tempDir();
    remove = tmp.remove;
    handle = openDatabase({ dialect: 'sqlite', file: path.join(tmp.dir, 'cutout.db') });
    await migrateToLatest(handle.db, handle.dialect);
    const log = Fastify({ logger: false }).log;
    return createMailer({
      settings: () => ({ smtp: undefined, from: 'Cutout <hello@example.com>' }),
      db: handle.db,
      log,
    });
  }

  it('waits on close for a message that was still being written when it was enqueued', async () => {
    const mailer = await setUp();
    let finish!: (message: MailMessage) => void;
    mailer.enqueue(new Promise<MailMessage>((resolve) => (finish = resolve)));
    const closed = mailer.close();
    let done = false;
    void closed.then(() => (done = true));
    // close() is still waiting: nothing has been handed over yet.
    await Promise.resolve();
    expect(done).toBe(false);
    finish({ to: 'buyer@example.com', subject: 'Your invoice', text: 'Attached.' });
    await closed;
    const rows = await listOutbox(handle!.db, 'buyer@example.com');
    expect(rows.map((r) => r.subject)).toEqual(['Your invoice']);
  });

  it('a message that could not be written is logged and does not stop the others', async () => {
    const mailer = await setUp();
    mailer.enqueue(Promise.reject(new Error('the PDF could not be drawn')));
    mailer.enqueue({ to: 'other@example.com', subject: 'Welcome', text: 'Hello.' });
    await mailer.idle();
    expect((await listOutbox(handle!.db, 'other@example.com')).length).toBe(1);
  });
});
