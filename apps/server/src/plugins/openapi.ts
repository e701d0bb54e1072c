import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

// The OpenAPI document is generated from the same zod schemas that validate requests and
// serialise responses, so it cannot drift from what the server does. Register before routes.
export const openApiPlugin = fp<{ version: string; publicUrl: string }>(
  async function openApiPlugin(app: FastifyInstance, { version, publicUrl }) {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Cutout API',
          description:
            'Background removal: upload an image, get refined, white and transparent results.',
          version,
        },
        servers: [{ url: publicUrl }],
        components: {
          // The public API's two ways to send a key (plugins/auth.ts); its paths read no cookie.
          securitySchemes: {
            bearerAuth: {
              type: 'http',
              scheme: 'bearer',
              description: 'An API key from /dashboard/settings',
            },
            apiKeyHeader: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
          },
        },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: false });
  },
  { name: 'openapi' },
);
