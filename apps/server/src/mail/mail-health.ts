import type { ComponentHealth } from '@cutout/contracts';
import type { Db } from '../db/database.js';
import { countMailRetries } from './outbox.repository.js';

/**
 * Mail in the health report: degraded while messages SMTP refused wait to be tried again (the
 * SMTP server is refusing now); those given up are counted, but a past refusal is not a
 * present fault.
 */
export async function mailHealth(db: Db): Promise<ComponentHealth> {
  const { waiting, givenUp } = await countMailRetries(db);
  const gaveUp = givenUp > 0 ? `; ${givenUp} given up after every retry (outbox table)` : '';
  if (waiting > 0) {
    return {
      status: 'degraded',
      detail: `${waiting} message${waiting === 1 ? '' : 's'} SMTP refused, waiting to be tried again${gaveUp}`,
    };
  }
  return { status: 'ok', detail: `no mail waiting to be tried again${gaveUp}` };
}
