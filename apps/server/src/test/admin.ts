import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database.js';

// Helpers for the admin tests: rows as the processing service leaves them.

/** A finished job row for `userId`, as the processing service leaves it. */
export async function insertJob(
  db: Db,
  userId: string,
  status: 'completed' | 'failed' | 'queued',
  finishedAt: Date | null,
): Promise<string> {
  const id = randomUUID();
  const at = (finishedAt ?? new Date()).toISOString();
  await db
    .insertInto('jobs')
    .values({
      id,
      user_id: userId,
      status,
      stage: status === 'queued' ? 'queued' : 'done',
      progress: status === 'completed' ? 100 : 0,
      source: 'upload',
      original_name: 'photo.jpg',
      content_type: 'image/jpeg',
      input_bytes: 1000,
      via: 'web',
      created_at: at,
      finished_at: finishedAt ? at : null,
      expires_at: new Date(Date.now() + 86_400_000).toISOString(),
    } as never)
    .execute();
  return id;
}
