import multipart from '@fastify/multipart';
import {
  batchZipName,
  jobVariants,
  limits,
  outputFileName,
  batchesEndpoints,
} from '@cutout/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route.js';
import { AppError } from '../../errors.js';
import { tooLarge } from '../jobs/image-input.js';
import type { ObjectStore } from '../storage/object-store.js';
import { batchZip } from './batch-zip.js';
import type { BatchesService } from './batches.service.js';

// HTTP of batches (the dashboard's Batch tab): start or run a batch, upload each image to its
// item, follow the batch, remove an image, download the zip. Signed-in users only (a session).

export interface BatchesRoutesOptions {
  batches: BatchesService;
  store: ObjectStore;
}

const noFileMessage = 'Please choose an image file to upload (form field "file").';

export const batchesRoutes: FastifyPluginAsyncZod<BatchesRoutesOptions> = async (app, options) => {
  const { batches, store } = options;
  await app.register(multipart, {
    limits: { fileSize: limits.maxUploadBytes, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
  });
  const userId = (request: FastifyRequest) => request.user!.id;
  const tags = ['batches'];

  route(
    app,
    batchesEndpoints.list,
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "The signed-in user's batches, newest first",
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return batches.list(userId(request));
    },
  );

  route(
    app,
    batchesEndpoints.create,
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Start a batch of up to 50 images',
        description:
          'Names the images; each file is then uploaded to its item. Refused with 402 when the images outnumber the free credits, with 400 past 50 images or with none.',
      },
    },
    async (request, reply) => {
      const batch = await batches.create(
        userId(request),
        request.body.items.map((i) => i.name),
      );
      return reply.status(201).send(batch);
    },
  );

  route(
    app,
    batchesEndpoints.batch,
    {
      onRequest: app.requireUser,
      schema: { tags },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return batches.get(userId(request), request.params.id);
    },
  );

  route(
    app,
    batchesEndpoints.remove,
    {
      onRequest: app.requireUser,
      schema: {
        tags,
      },
    },
    async (request, reply) => {
      await batches.remove(userId(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  route(
    app,
    batchesEndpoints.run,
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Run a batch again, optionally with more images',
        description:
          'Failed images go back to pending; completed ones are skipped. The same limits as starting a batch.',
      },
    },
    async (request) =>
      batches.run(
        userId(request),
        request.params.id,
        request.body.items.map((i) => i.name),
      ),
  );

  route(
    app,
    batchesEndpoints.removeItem,
    {
      onRequest: app.requireUser,
      schema: { tags },
    },
    async (request) =>
      batches.removeItem(userId(request), request.params.id, request.params.itemId),
  );

  route(
    app,
    batchesEndpoints.uploadItem,
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Upload an image of the batch; it starts processing',
        description:
          'multipart/form-data with field `file`. Answers 202 with the item; an image that is refused marks the item failed and costs nothing. 503 with Retry-After when the queue is full: send it again later.',
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new AppError(400, 'validation_failed', noFileMessage);
      let bytes: Buffer | undefined;
      try {
        for await (const part of request.parts()) {
          if (part.type !== 'file' || part.fieldname !== 'file' || bytes) {
            throw new AppError(400, 'validation_failed', noFileMessage);
          }
          bytes = await part.toBuffer();
        }
      } catch (error) {
        const refused = uploadError(error);
        // Too large is the image's fault, like not being an image: the item says so.
        if (refused.status === 413) {
          await batches.refuse(
            userId(request),
            request.params.id,
            request.params.itemId,
            refused.message,
          );
        }
        throw refused;
      }
      if (!bytes) throw new AppError(400, 'validation_failed', noFileMessage);
      const item = await batches.upload(userId(request), request.params.id, request.params.itemId, {
        bytes,
      });
      return reply.status(202).send(item);
    },
  );

  route(
    app,
    batchesEndpoints.download,
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'The completed images as a zip',
        description: `\`batch_processed_{date}.zip\` with a folder per completed image holding ${jobVariants.map((v) => `\`${outputFileName('{name}', v)}\``).join(', ')} (the names the editor downloads), streamed from the stored results.`,
      },
    },
    async (request, reply) => {
      const entries = await batches.zipEntries(userId(request), request.params.id);
      const now = new Date();
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${batchZipName(now)}"`)
        .header('cache-control', 'no-store')
        .send(batchZip(store, entries, now));
    },
  );
};

function uploadError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge();
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new AppError(413, 'payload_too_large', 'Send one image per request.');
  }
  return new AppError(400, 'validation_failed', 'The upload could not be read. Please try again.');
}
