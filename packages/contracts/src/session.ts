import { z } from 'zod';

export const roles = ['user', 'admin'] as const;
export type Role = (typeof roles)[number];

export const sessionUserSchema = z.object({
  id: z.string(),
  email: z.email(),
  name: z.string().nullable(),
  role: z.enum(roles),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** GET /api/auth/session: the signed-in user, or null. */
export const sessionResponseSchema = z.object({
  user: sessionUserSchema.nullable(),
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;
