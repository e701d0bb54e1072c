import { auditActions, type AdminPreferences, type SessionUser } from '@cutout/contracts';
import type { Db } from '../../db/database.js';
import type { Mailer } from '../../mail/mailer.js';
import { adminNotificationMail } from '../../mail/templates/admin-notification.js';
import { securityAlertMail } from '../../mail/templates/security-alert.js';
import { recordAudit, type AuditActor } from '../audit/audit.service.js';
import {
  adminRecipients,
  findPreferences,
  hasSignedInFrom,
  upsertPreferences,
} from './admin-alerts.repository.js';

// The overview's toggles, acted on through the mail module (docs/decisions/0087):
// - notifications: every active admin who has them on gets a mail on each purchase, refund and
//   failed webhook — `notifyAdmins(kind, facts)`, called by the payments module;
// - security alerts: a mail on an admin's sign-in from an address not seen for them before, and
//   on an account lockout (the sign-in throttle's "under attack" state, decision 0068).

export interface AlertsDeps {
  db: Db;
  mailer: Pick<Mailer, 'enqueue'>;
  /** The public URL now (Admin → Integrations or PUBLIC_URL): links in the alert mails. */
  publicUrl: () => string;
}

export async function getPreferences(db: Db, userId: string): Promise<AdminPreferences> {
  const row = await findPreferences(db, userId);
  return {
    notifications: row ? Boolean(row.notifications) : true,
    securityAlerts: row ? Boolean(row.security_alerts) : false,
  };
}

export async function updatePreferences(
  db: Db,
  actor: AuditActor & { id: string },
  patch: Partial<AdminPreferences>,
  ip: string,
): Promise<AdminPreferences> {
  return db.transaction().execute(async (trx) => {
    const before = await getPreferences(trx, actor.id);
    const after = { ...before, ...patch };
    await upsertPreferences(trx, actor.id, after, new Date().toISOString());
    await recordAudit(trx, {
      actor,
      action: auditActions.adminPreferences,
      target: { type: 'user', id: actor.id },
      detail: { before, after },
      ip,
    });
    return after;
  });
}

export type NotificationKind =
  'purchase' | 'refund' | 'order_review' | 'refund_request' | 'webhook_failed' | 'backup_failed';

const notificationSubjects: Record<NotificationKind, string> = {
  purchase: 'New purchase',
  refund: 'Refund issued',
  order_review: 'An order needs review',
  refund_request: 'A buyer asks for a refund',
  // A digest: at most one an hour, with counts only (decision 0122).
  webhook_failed: 'Payment webhooks failed',
  // A scheduled or 'Back up now' backup of Cutout's own data (decision 0268).
  backup_failed: 'Backup failed',
};

/** Where each notification sends the admin. */
const notificationPages: Record<NotificationKind, string> = {
  purchase: '/admin/subscriptions',
  refund: '/admin/subscriptions',
  order_review: '/admin/subscriptions?status=needs_review',
  refund_request: '/admin/subscriptions?request=requested',
  webhook_failed: '/admin/subscriptions',
  backup_failed: '/admin/settings',
};

/**
 * Called by payments on each purchase, refund, order held for review and refund request, and
 * for the hourly digest of failed webhooks. Mails every active admin whose notifications are on;
 * returns how many mails were queued. The facts are the server's own (never request text).
 */
export async function notifyAdmins(
  deps: AlertsDeps,
  kind: NotificationKind,
  facts: Record<string, string | number | null | undefined>,
): Promise<number> {
  const recipients = await adminRecipients(deps.db, 'notifications');
  const link = `${deps.publicUrl()}${notificationPages[kind]}`;
  for (const admin of recipients) {
    deps.mailer.enqueue(
      adminNotificationMail(admin, { title: notificationSubjects[kind], facts, link }),
    );
  }
  return recipients.length;
}

async function securityAlert(
  deps: AlertsDeps,
  title: string,
  facts: Record<string, string | number | null | undefined>,
): Promise<number> {
  const recipients = await adminRecipients(deps.db, 'security_alerts');
  const auditLogUrl = `${deps.publicUrl()}/admin/audit-log`;
  for (const admin of recipients) {
    deps.mailer.enqueue(securityAlertMail(admin, { title, facts, auditLogUrl }));
  }
  return recipients.length;
}

/**
 * Every admin sign-in is recorded in the audit log with its address; one from an address this
 * admin has not signed in from before sends a security alert.
 */
export async function adminSignedIn(
  deps: AlertsDeps,
  user: SessionUser,
  ip: string,
  userAgent: string | undefined,
): Promise<boolean> {
  const known = await hasSignedInFrom(deps.db, user.id, auditActions.adminSignIn, ip);
  await recordAudit(deps.db, {
    actor: { id: user.id, email: user.email },
    action: auditActions.adminSignIn,
    target: { type: 'user', id: user.id },
    detail: { newAddress: !known, ...(userAgent ? { userAgent: userAgent.slice(0, 200) } : {}) },
    ip,
  });
  if (known) return false;
  await securityAlert(deps, 'Admin sign-in from a new address', {
    Account: user.email,
    Address: ip,
    'User agent': userAgent?.slice(0, 200),
    Time: new Date().toISOString(),
  });
  return true;
}

/** The sign-in throttle reports an account under attack (decision 0068): a lockout alert. */
export async function accountLockedOut(deps: AlertsDeps, email: string): Promise<void> {
  await recordAudit(deps.db, {
    actor: 'system',
    action: auditActions.accountLockout,
    target: { type: 'email', id: email },
    detail: { reason: 'too many failed sign-ins across addresses' },
  });
  await securityAlert(deps, 'Account lockout', {
    Account: email,
    Reason:
      'Too many failed sign-ins within 15 minutes: addresses that have not signed in to it are slowed down',
    Time: new Date().toISOString(),
  });
}
