import {
  auditActions,
  errorResponses,
  integrationCheckResultSchema,
  integrationsApiPaths as api,
  integrationsSaveBodySchema,
  integrationsSaveResponseSchema,
  integrationsViewSchema,
  integrationTexts,
} from '@cutout/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.js';
import type { Mailer } from '../../mail/mailer.js';
import { acting } from '../audit/acting.js';
import { recordAudit } from '../audit/audit.service.js';
import { checkPaymentProvider, sendTestEmail } from './integration-checks.js';
import type { IntegrationSettings } from './integration-settings.js';

// Admin → Integration settings (issue 14): read, save, and the two buttons. Admin only, every one;
// secrets leave the server masked.

const errors = errorResponses(400, 401, 403);

export const integrationsRoutes: FastifyPluginAsyncZod<{
  db: Db;
  integrations: IntegrationSettings;
  mailer: Pick<Mailer, 'send'>;
}> = async (app, { db, integrations, mailer }) => {
  const guard = { onRequest: app.requireAdmin };

  app.get(
    api.settings,
    {
      schema: {
        summary:
          'Integration settings: each field with its source (env, stored, default); secrets masked',
        response: { 200: integrationsViewSchema, ...errors },
      },
      ...guard,
    },
    async () => integrations.view(),
  );

  app.put(
    api.settings,
    {
      schema: {
        summary: 'Save integration settings; a blank or masked secret keeps the stored one',
        body: integrationsSaveBodySchema,
        response: { 200: integrationsSaveResponseSchema, ...errors },
      },
      ...guard,
    },
    async (request) => ({
      settings: await integrations.save(request.body, acting(request)),
      message: integrationTexts.saved,
    }),
  );

  app.post(
    api.testEmail,
    {
      schema: {
        summary: 'Send a test e-mail to the signed-in admin through the mail transport in effect',
        response: { 200: integrationCheckResultSchema, ...errors },
      },
      ...guard,
    },
    async (request) => {
      const { publicUrl } = await integrations.effective();
      const result = await sendTestEmail(mailer, request.user!.email, publicUrl);
      await recordAudit(db, {
        actor: request.actor,
        action: auditActions.integrationsTestEmail,
        target: { type: 'integration_settings', id: 'integrations' },
        detail: { to: request.user!.email, ok: result.ok, message: result.message },
        ip: request.ip,
      });
      return result;
    },
  );

  app.post(
    api.checkPaymentProvider,
    {
      schema: {
        summary: 'Check the payment provider in effect (Lemon Squeezy: GET /v1/stores/{id})',
        response: { 200: integrationCheckResultSchema, ...errors },
      },
      ...guard,
    },
    async () => checkPaymentProvider((await integrations.effective()).payments),
  );
};
