import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import { samplesRoutes } from './samples.routes.js';
import { createSampleCatalog, type SampleCatalog } from './samples.service.js';

// The sample images (rendered at first start); jobs also process them, hence the catalog returned.

export type { SampleCatalog } from './samples.service.js';

export async function registerSamples(
  app: FastifyInstance,
  config: Pick<Config['jobs'], 'samplesDir'>,
): Promise<SampleCatalog> {
  const catalog = await createSampleCatalog(config.samplesDir);
  await app.register(samplesRoutes, { catalog });
  return catalog;
}
