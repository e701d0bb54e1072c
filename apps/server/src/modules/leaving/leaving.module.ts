import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';
import type { Auth } from '../accounts/auth.js';
import type { DepartedAddressKey } from '../credits/departed-addresses.js';
import type { Processing } from '../jobs/processing.js';
import { leavingRoutes } from './leaving.routes.js';

// Leaving with one's data (decision 0270): the account export and the self-deletion. The
// erasure itself (account-erasure.ts) is shared with Admin → Users' delete.

export async function registerLeaving(
  app: FastifyInstance,
  deps: { db: Db; auth: Auth; processing: Processing; departedAddressKey: DepartedAddressKey },
): Promise<void> {
  await app.register(leavingRoutes, {
    db: deps.db,
    auth: deps.auth,
    store: deps.processing.store,
    departedAddressKey: deps.departedAddressKey,
  });
}
