import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';
import type { Mailer } from '../../mail/mailer.js';
import { IntegrationSettings, type IntegrationSettingsOptions } from './integration-settings.js';
import { integrationsRoutes } from './integrations.routes.js';

// Integrations (decision 0107): the settings in effect, the environment over the admin's, which
// most modules read; and the admin's page that edits them.

export type { IntegrationSettings } from './integration-settings.js';

/** The settings, loaded once: the public URL at start is read from them. Needs the migrations. */
export async function loadIntegrations(
  options: Pick<IntegrationSettingsOptions, 'db' | 'secretBox' | 'config'>,
): Promise<{ integrations: IntegrationSettings; publicUrl: string }> {
  const integrations = new IntegrationSettings(options);
  // Keys stored before decision 0134 are bound to the destination in effect now.
  await integrations.bindLegacySecrets();
  const { publicUrl } = await integrations.load();
  return { integrations, publicUrl };
}

export async function registerIntegrations(
  app: FastifyInstance,
  deps: { db: Db; integrations: IntegrationSettings; mailer: Pick<Mailer, 'send'> },
): Promise<void> {
  await app.register(integrationsRoutes, deps);
}
