import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';
import type { Auth } from '../accounts/auth.js';
import type { DepartedAddressKey } from '../credits/departed-addresses.js';
import type { Processing } from '../jobs/processing.js';
import {
  accountLockedOut,
  adminSignedIn,
  notifyAdmins,
  type AlertsDeps,
  type NotificationKind,
} from './admin-alerts.service.js';
import { adminRoutes } from './admin.routes.js';

// The admin area's overview and users, and the security alerts other modules raise.

/** Admin security alerts (decision 0087); a failed alert is logged, never thrown at the caller. */
export interface AdminAlerts {
  accountLockedOut(email: string): void;
  adminSignedIn(...args: DropFirst<Parameters<typeof adminSignedIn>>): Promise<unknown>;
  notify(kind: NotificationKind, facts: Parameters<typeof notifyAdmins>[2]): void;
}
type DropFirst<T extends unknown[]> = T extends [unknown, ...infer Rest] ? Rest : never;

export function createAdminAlerts(app: FastifyInstance, deps: AlertsDeps): AdminAlerts {
  const alertFailed = (err: unknown) => app.log.error({ err }, 'admin alert failed');
  return {
    accountLockedOut: (email) => void accountLockedOut(deps, email).catch(alertFailed),
    adminSignedIn: (...args) => adminSignedIn(deps, ...args).catch(alertFailed),
    notify: (kind, facts) => void notifyAdmins(deps, kind, facts).catch(alertFailed),
  };
}

export async function registerAdmin(
  app: FastifyInstance,
  deps: {
    db: Db;
    auth: Auth;
    processing: Processing;
    /** deriveKey 'departed-addresses': a deleted account's address (decision 0270). */
    departedAddressKey: DepartedAddressKey;
    /** Whether the bot check is on, from the integration settings in effect. */
    botCheck: () => Promise<boolean>;
  },
): Promise<void> {
  const { processing } = deps;
  await app.register(adminRoutes, {
    db: deps.db,
    auth: deps.auth,
    store: processing.store,
    departedAddressKey: deps.departedAddressKey,
    queue: () => processing.jobs.queueStats(),
    queueHealth: () => processing.queueHealth(),
    engineHealth: () => processing.modelHealth(),
    // Payments are registered later; the overview asks at request time (decision 0120).
    payments: () => app.payments.status(),
    botCheck: deps.botCheck,
  });
}
