import * as z from 'zod/mini';
import { accountTexts, accountTypes, passwordMaxLength } from '../accounts.js';
import { cleanPersonName } from '../names.js';
import { roles } from '../session.js';
import { limits } from '../limits.js';
import { validationTexts } from '../texts.js';

// A user as the server describes it (spec §3 User, §7 Users: GET /users/{id}).

export const userProfileSchema = z.object({
  id: z.string(),
  email: z.email(),
  name: z.string(),
  role: z.enum(roles),
  credits: z.int().check(z.minimum(0)),
  accountType: z.enum(accountTypes),
  createdAt: z.string(),
  /** Whether the address is confirmed; the free credits wait for it (decision 0265). */
  emailVerified: z.boolean(),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

export const userIdParamsSchema = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(100)),
});

/** PATCH /api/admin/users/{id}/role */
export const setRoleBodySchema = z.object({ role: z.enum(roles) });
export type SetRoleBody = z.infer<typeof setRoleBodySchema>;

/** PATCH /api/me: the signed-in user's profile (/dashboard/settings). */
export const updateProfileBodySchema = z.object({
  name: z.optional(
    z
      .string({ error: validationTexts.nameMin })
      .check(
        z.overwrite(cleanPersonName),
        z.minLength(limits.nameMin, validationTexts.nameMin),
        z.maxLength(100, 'Name must be at most 100 characters'),
      ),
  ),
  accountType: z.optional(z.enum(accountTypes, { error: validationTexts.accountType })),
});
export type UpdateProfileBody = z.input<typeof updateProfileBodySchema>;

/** DELETE /api/me: the account's own password confirms the deletion (decision 0270). */
export const deleteAccountBodySchema = z.object({
  password: z._default(
    z.string().check(z.maxLength(passwordMaxLength, accountTexts.passwordTooLong)),
    '',
  ),
});
export type DeleteAccountBody = z.input<typeof deleteAccountBodySchema>;
