import { contactBodySchema, contactEndpoints, contactTexts } from '@cutout/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.js';
import { route } from '../../http/route.js';
import { receiveContactMessage, type ContactDeps } from './contact.service.js';
import { rateLimits } from '../../plugins/rate-limits.js';

/** Each invalid field's first message, keyed by field name. */
function fieldErrors(body: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  const result = contactBodySchema.safeParse(body);
  for (const issue of result.error?.issues ?? []) {
    fields[issue.path.join('.') || 'request'] ??= issue.message;
  }
  return fields;
}

// POST /api/contact (spec §7 Contact). The client IP comes from the connection (request.ip,
// which honours TRUST_PROXY), never from the body or a third-party lookup.
export const contactRoutes: FastifyPluginAsyncZod<ContactDeps> = async (app, deps) => {
  route(
    app,
    contactEndpoints.send,
    {
      schema: {
        summary: 'Send a message to support (stored, then e-mailed to the support address)',
      },
      // Validation failures reach the handler, which answers with the spec's text for an
      // invalid form ('Please fill in all required fields correctly') and a message per field.
      attachValidation: true,
      config: { rateLimit: rateLimits.contact },
    },
    async (request, reply) => {
      if (request.validationError) {
        throw new AppError(
          400,
          'validation_failed',
          contactTexts.fillAllFields,
          fieldErrors(request.body),
        );
      }
      const result = await receiveContactMessage(deps, request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      return reply.status(201).send(result);
    },
  );
};
