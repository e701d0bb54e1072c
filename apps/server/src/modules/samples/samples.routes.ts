import { samplesEndpoints } from '@cutout/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../errors.js';
import { route } from '../../http/route.js';
import type { SampleCatalog, SampleFile } from './samples.service.js';

// The editor's sample images (spec §2): public, and the same bytes until the drawings change,
// so browsers and proxies may keep them for a day.

const CACHE_CONTROL = 'public, max-age=86400';
const notFoundMessage = 'There is no sample image with that id.';

export const samplesRoutes: FastifyPluginAsyncZod<{ catalog: SampleCatalog }> = async (
  app,
  { catalog },
) => {
  route(app, samplesEndpoints.list, {}, async () => catalog.list());

  const found = (file: SampleFile | undefined) => {
    if (!file) throw notFound(notFoundMessage);
    return file;
  };

  route(app, samplesEndpoints.image, {}, async (request, reply) => {
    const file = found(catalog.get(request.params.id));
    return reply
      .header('content-type', file.type)
      .header('cache-control', CACHE_CONTROL)
      .header('content-disposition', `inline; filename="${file.fileName}"`)
      .send(file.bytes);
  });

  route(app, samplesEndpoints.thumbnail, {}, async (request, reply) => {
    const file = found(catalog.thumbnail(request.params.id));
    return reply
      .header('content-type', file.type)
      .header('cache-control', CACHE_CONTROL)
      .send(file.bytes);
  });
};
