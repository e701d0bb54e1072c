import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Processing } from '../jobs/processing.js';
import { composeRoutes } from './compose.routes.js';
import { Compositor } from './compose.service.js';

// Backgrounds and shadows (issue 25): one composition for the editor's exports and the API,
// hence the compositor returned.

export type { Compositor } from './compose.service.js';

export async function registerCompose(
  app: FastifyInstance,
  deps: {
    processing: Processing;
    engine: Pick<Config['engine'], 'maxInputPixels' | 'maxInputSide' | 'maxAspectRatio'>;
    jobs: Pick<Config['jobs'], 'urlImportAllowHosts'>;
  },
): Promise<{ compositor: Compositor }> {
  const compositor = new Compositor({
    store: deps.processing.store,
    imageLimits: {
      maxInputPixels: deps.engine.maxInputPixels,
      maxInputSide: deps.engine.maxInputSide,
      maxAspectRatio: deps.engine.maxAspectRatio,
    },
    urlImportAllowHosts: deps.jobs.urlImportAllowHosts,
  });
  await app.register(composeRoutes, { jobs: deps.processing.jobs, compositor });
  return { compositor };
}
