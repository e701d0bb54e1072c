import type { ComponentHealth, DetailedHealth } from '@cutout/contracts';
import type { DatabaseHandle } from '../../db/database.js';

/** What a component that is not part of the server yet reports (the engine arrives separately). */
export interface HealthProbe {
  (): Promise<ComponentHealth> | ComponentHealth;
}

export interface HealthDeps {
  database: DatabaseHandle;
  queue: HealthProbe;
  model: HealthProbe;
  /** Mail SMTP refused and still to be sent (decision 0260). */
  mail: HealthProbe;
  /** The last backup of Cutout's own data failed: degraded (decision 0268). */
  backups?: HealthProbe;
  version: string;
  startedAt: number;
}

async function probeDatabase(database: DatabaseHandle): Promise<ComponentHealth> {
  const start = performance.now();
  try {
    await database.ping();
    return { status: 'ok', latencyMs: Math.round((performance.now() - start) * 100) / 100 };
  } catch (error) {
    return { status: 'down', detail: error instanceof Error ? error.message : String(error) };
  }
}

export async function detailedHealth(deps: HealthDeps): Promise<DetailedHealth> {
  const [database, queue, model] = await Promise.all([
    probeDatabase(deps.database),
    deps.queue(),
    deps.model(),
  ]);
  // Read from the database: when it is down, so is this.
  const mail: ComponentHealth =
    database.status === 'down'
      ? { status: 'down', detail: 'the database does not answer' }
      : await Promise.resolve(deps.mail()).catch((error: unknown) => ({
          status: 'down' as const,
          detail: error instanceof Error ? error.message : String(error),
        }));
  const backups: ComponentHealth | undefined = deps.backups ? await deps.backups() : undefined;
  const parts = [database, queue, model, mail, ...(backups ? [backups] : [])];
  const status =
    database.status === 'down'
      ? 'down'
      : parts.some((p) => p.status === 'down' || p.status === 'degraded')
        ? 'degraded'
        : 'ok';
  return {
    status,
    version: deps.version,
    uptimeSeconds: Math.round((Date.now() - deps.startedAt) / 1000),
    database: { ...database, dialect: deps.database.dialect },
    queue,
    model,
    mail,
    ...(backups ? { backups } : {}),
  };
}
