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

/**
 * Avatar initials (spec §2 Navigation): initials of the name, or the first two letters of the
 * e-mail when there is no name.
 */
export function avatarInitials(user: { name: string | null; email: string }): string {
  const words = (user.name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return user.email.slice(0, 2).toUpperCase();
  const first = words[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1] ?? '') : '';
  return (Array.from(first)[0] ?? '').concat(Array.from(last)[0] ?? '').toUpperCase();
}
