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
  const parts = [database, queue, model];
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
  };
}
