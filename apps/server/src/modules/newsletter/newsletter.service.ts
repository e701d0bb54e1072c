import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { newsletterLinkTexts, newsletterTexts, paths } from '@cutout/contracts';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import type { Mailer } from '../../mail/mailer.js';
import { newsletterConfirmMail } from '../../mail/templates/newsletter-confirm.js';
import {
  confirmSubscriber,
  deleteSubscriberByToken,
  insertSubscriberIfNew,
  renewSubscriberToken,
} from './newsletter.repository.js';

// The blog's newsletter with double opt-in (decision 0261): an address is on the list once the
// link mailed to it was opened; the same mail carries a link to leave. Tokens are stored as
// their SHA-256 only.

export interface NewsletterDeps {
  db: Db;
  mailer: Pick<Mailer, 'enqueue'>;
  /** The public URL at the time of the call (Admin → Integrations may change it). */
  publicUrl: () => string;
}

/** One confirmation mail per address per this long, however often it is entered. */
export const CONFIRMATION_MAIL_SPACING_MS = 10 * 60_000;

const invalidLink = () =>
  new AppError(400, 'validation_failed', newsletterLinkTexts.invalidLink, {
    token: newsletterLinkTexts.invalidLink,
  });

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

function mailConfirmation(deps: NewsletterDeps, email: string, token: string): void {
  const link = (param: string) => {
    const url = new URL(paths.newsletter, deps.publicUrl());
    url.searchParams.set(param, token);
    return url.toString();
  };
  deps.mailer.enqueue(
    newsletterConfirmMail(email, { confirm: link('confirm'), unsubscribe: link('unsubscribe') }),
  );
}

/**
 * Takes an address (already trimmed and lowercased by the schema) and mails it a link to
 * confirm. Entering it again is not an error: the same answer, still one row, and another mail
 * only if it is unconfirmed and the last went out over ten minutes ago.
 */
export async function subscribe(
  deps: NewsletterDeps,
  email: string,
  meta: { ip: string; now?: Date },
): Promise<{ created: boolean; message: string }> {
  const now = meta.now ?? new Date();
  const token = randomBytes(32).toString('base64url');
  const created = await insertSubscriberIfNew(deps.db, {
    id: randomUUID(),
    email,
    ip: meta.ip,
    created_at: now.toISOString(),
    token_hash: hashOf(token),
    confirmed_at: null,
    mailed_at: now.toISOString(),
  });
  const due =
    created ||
    (await renewSubscriberToken(
      deps.db,
      email,
      hashOf(token),
      now.toISOString(),
      new Date(now.getTime() - CONFIRMATION_MAIL_SPACING_MS).toISOString(),
    ));
  if (due) mailConfirmation(deps, email, token);
  return { created, message: newsletterTexts.subscribed };
}

/** The mailed link's confirm: the address is on the list (again, harmlessly, if it was). */
export async function confirm(db: Db, token: string, now = new Date()): Promise<string> {
  if (!(await confirmSubscriber(db, hashOf(token), now.toISOString()))) {
    throw invalidLink();
  }
  return newsletterLinkTexts.confirmed;
}

/** The mailed link's unsubscribe: the address is removed, row and all. */
export async function unsubscribe(db: Db, token: string): Promise<string> {
  if (!(await deleteSubscriberByToken(db, hashOf(token)))) {
    throw invalidLink();
  }
  return newsletterLinkTexts.unsubscribed;
}
