import * as z from 'zod/mini';
import { apiKeyLimits, apiKeyTexts } from '../public-api.js';

// The signed-in user's API keys (issue 13, /dashboard/settings): created with a name, shown in
// full once, listed by name and prefix, revoked. Only a hash of a key is stored.

export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The first characters of the key, so people can tell their keys apart. */
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.nullable(z.string()),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeyListSchema = z.object({ keys: z.array(apiKeySchema) });
export type ApiKeyList = z.infer<typeof apiKeyListSchema>;

/** POST /api/me/api-keys */
export const createApiKeyBodySchema = z.object({
  name: z
    .string({ error: apiKeyTexts.nameRequired })
    .check(
      z.trim(),
      z.minLength(1, apiKeyTexts.nameRequired),
      z.maxLength(apiKeyLimits.nameMax, apiKeyTexts.nameTooLong),
    ),
});
export type CreateApiKeyBody = z.input<typeof createApiKeyBodySchema>;

/** The answer to a creation: the only time the whole key is sent. */
export const createdApiKeySchema = z.extend(apiKeySchema, { key: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

export const apiKeyIdParamsSchema = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(64)),
});
