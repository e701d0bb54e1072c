import { auditActions, integrationTexts, integrationsEndpoints } from '@cutout/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route.js';
import type { Db } from '../../db/database.js';
import type { Mailer } from '../../mail/mailer.js';
import { acting } from '../audit/acting.js';
import { recordAudit } from '../audit/audit.service.js';
import { checkPaymentProvider, sendTestEmail } from './integration-checks.js';
import type { IntegrationSettings } from './integration-settings.js';

// Admin → Integration settings (issue 14): read, save, and the two buttons. Admin only, every one;
// secrets leave the server masked.

export const integrationsRoutes: FastifyPluginAsyncZod<{
  db: Db;
  integrations: IntegrationSettings;
  mailer: Pick<Mailer, 'send'>;
}> = async (app, { db, integrations, mailer }) => {
  const guard = { onRequest: app.requireAdmin };

  route(
    app,
    integrationsEndpoints.settings,
    {
      schema: {
        summary:
          'Integration settings: each field with its source (env, stored, default); secrets masked',
      },
      ...guard,
    },
    async () => integrations.view(),
  );

  route(
    app,
    integrationsEndpoints.save,
    {
      schema: {
        summary: 'Save integration settings; a blank or masked secret keeps the stored one',
      },
      ...guard,
    },
    async (request) => ({
      settings: await integrations.save(request.body, acting(request)),
      message: integrationTexts.saved,
    }),
  );

  route(
    app,
    integrationsEndpoints.testEmail,
    {
      schema: {
        summary: 'Send a test e-mail to the signed-in admin through the mail transport in effect',
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

  route(
    app,
    integrationsEndpoints.checkPaymentProvider,
    {
      schema: {
        summary: 'Check the payment provider in effect (Lemon Squeezy: GET /v1/stores/{id})',
      },
      ...guard,
    },
    async () => checkPaymentProvider((await integrations.effective()).payments),
  );
};
