import * as z from 'zod/mini';
import { roles } from '../session.js';

export const sessionUserSchema = z.object({
  id: z.string(),
  email: z.email(),
  name: z.nullable(z.string()),
  role: z.enum(roles),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** GET /api/auth/session: the signed-in user, or null. */
export const sessionResponseSchema = z.object({
  user: z.nullable(sessionUserSchema),
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;
