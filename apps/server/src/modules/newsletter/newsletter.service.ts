import { randomUUID } from 'node:crypto';
import { newsletterTexts } from '@cutout/contracts';
import type { Db } from '../../db/database.js';
import { insertSubscriberIfNew } from './newsletter.repository.js';

/**
 * Adds an address (already trimmed and lowercased by the schema) to the newsletter list.
 * Subscribing twice is not an error: the same confirmation, and still one row.
 */
export async function subscribe(
  db: Db,
  email: string,
  meta: { ip: string; now?: Date },
): Promise<{ created: boolean; message: string }> {
  const created = await insertSubscriberIfNew(db, {
    id: randomUUID(),
    email,
    ip: meta.ip,
    created_at: (meta.now ?? new Date()).toISOString(),
  });
  return { created, message: newsletterTexts.subscribed };
}
