import * as z from 'zod/mini';
import { cleanPersonName } from '../names.js';
import { accountTexts, accountTypes, passwordMaxLength } from '../accounts.js';
import { limits } from '../limits.js';
import { authTexts, validationTexts } from '../texts.js';
import { sessionUserSchema } from './session.js';

// Request and response schemas of the accounts API (spec §2 Sign-in, Sign-up, Forgot and Reset
// password, admin Security and Admin Setup tabs; §5 validation; §8 messages). The server
// validates with exactly these; the web forms reuse them with zodResolver, so both sides show
// the same message for the same mistake. zod/mini: functions rather than methods, so a bundle
// keeps only what it uses (docs/decisions/0064).

/** An e-mail address, trimmed and lowercased, as the server stores it. */
export const emailSchema = z.pipe(
  z
    .string({ error: validationTexts.emailRequired })
    .check(z.trim(), z.toLowerCase(), z.minLength(1, validationTexts.emailRequired)),
  z.email({ error: validationTexts.email }).check(z.maxLength(254, validationTexts.email)),
);

const newPassword = z
  .string({ error: validationTexts.passwordMin })
  .check(
    z.minLength(limits.password.min, validationTexts.passwordMin),
    z.maxLength(passwordMaxLength, accountTexts.passwordTooLong),
  );

/** POST /api/auth/sign-up */
export const signUpBodySchema = z.object({
  name: z
    .string({ error: validationTexts.nameMin })
    .check(
      z.overwrite(cleanPersonName),
      z.minLength(limits.nameMin, validationTexts.nameMin),
      z.maxLength(100, 'Name must be at most 100 characters'),
    ),
  email: emailSchema,
  password: newPassword,
  accountType: z._default(z.enum(accountTypes, { error: validationTexts.accountType }), 'personal'),
});
export type SignUpBody = z.input<typeof signUpBodySchema>;

/** POST /api/auth/sign-in. No length rules (spec §5): a wrong pair is simply wrong. */
export const signInBodySchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: accountTexts.passwordRequired })
    .check(
      z.minLength(1, accountTexts.passwordRequired),
      z.maxLength(passwordMaxLength, authTexts.invalidCredentials),
    ),
  /** Ticked: a session that survives closing the browser. Not ticked: a browser-session cookie. */
  rememberMe: z._default(z.boolean(), false),
});
export type SignInBody = z.input<typeof signInBodySchema>;

/** POST /api/auth/forgot-password */
export const forgotPasswordBodySchema = z.object({ email: emailSchema });
export type ForgotPasswordBody = z.input<typeof forgotPasswordBodySchema>;

const token = z._default(z.string().check(z.maxLength(200)), '');

/** GET /api/auth/reset-password/validate?token= */
export const resetTokenQuerySchema = z.object({ token });
export const resetTokenValidationSchema = z.object({ valid: z.boolean() });
export type ResetTokenValidation = z.infer<typeof resetTokenValidationSchema>;

/**
 * POST /api/auth/reset-password. The entries must match, checked first (spec §5), then the
 * minimum length — so the rules are checked together rather than per field.
 */
export const resetPasswordBodySchema = z
  .object({
    token,
    password: z._default(z.string(), ''),
    confirmPassword: z._default(z.string(), ''),
  })
  .check(
    z.superRefine((body, ctx) => {
      if (body.password !== body.confirmPassword) {
        ctx.addIssue({
          code: 'custom',
          path: ['confirmPassword'],
          message: validationTexts.passwordsMismatch,
        });
        return;
      }
      const length = newPassword.safeParse(body.password);
      if (!length.success) {
        ctx.addIssue({
          code: 'custom',
          path: ['password'],
          message: length.error.issues[0]?.message ?? validationTexts.passwordMin,
        });
      }
    }),
  );
export type ResetPasswordBody = z.input<typeof resetPasswordBodySchema>;

/** POST /api/auth/change-password (signed in). Match first, then the one
 * minimum of every new password (8, issue 26; docs/decisions/0170). */
export const changePasswordBodySchema = z
  .object({
    currentPassword: z._default(z.string(), ''),
    newPassword: z._default(z.string(), ''),
    confirmNewPassword: z._default(z.string(), ''),
  })
  .check(
    z.superRefine((body, ctx) => {
      if (body.currentPassword.length === 0) {
        ctx.addIssue({
          code: 'custom',
          path: ['currentPassword'],
          message: accountTexts.currentPasswordRequired,
        });
      }
      if (body.newPassword !== body.confirmNewPassword) {
        ctx.addIssue({
          code: 'custom',
          path: ['confirmNewPassword'],
          message: validationTexts.newPasswordsMismatch,
        });
        return;
      }
      if (body.newPassword.length < limits.password.min) {
        ctx.addIssue({
          code: 'custom',
          path: ['newPassword'],
          message: validationTexts.passwordMin,
        });
      } else if (body.newPassword.length > passwordMaxLength) {
        ctx.addIssue({
          code: 'custom',
          path: ['newPassword'],
          message: accountTexts.passwordTooLong,
        });
      }
    }),
  );
export type ChangePasswordBody = z.input<typeof changePasswordBodySchema>;

/** Answer of sign-up and sign-in: the signed-in user (the session cookie is set alongside). */
export const authUserResponseSchema = z.object({ user: sessionUserSchema });
export type AuthUserResponse = z.infer<typeof authUserResponseSchema>;

/** A plain confirmation, its text quoted from the spec where the spec has one. */
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/**
 * PUT /api/admin/setup/credentials: both fields required (spec §5 Admin setup), and the current
 * password, so a borrowed admin session cannot take the account over (issue 24).
 */
export const adminCredentialsBodySchema = z.object({
  currentPassword: z
    .string({ error: authTexts.adminSetupRequired })
    .check(z.minLength(1, authTexts.adminSetupRequired), z.maxLength(passwordMaxLength)),
  email: z.pipe(
    z
      .string({ error: authTexts.adminSetupRequired })
      .check(z.trim(), z.toLowerCase(), z.minLength(1, authTexts.adminSetupRequired)),
    z.email({ error: validationTexts.email }),
  ),
  password: z.pipe(
    z
      .string({ error: authTexts.adminSetupRequired })
      .check(z.minLength(1, authTexts.adminSetupRequired)),
    newPassword,
  ),
});
export type AdminCredentialsBody = z.input<typeof adminCredentialsBodySchema>;

/** GET /api/admin/setup: who the admin is. Never a password. */
export const adminSetupResponseSchema = z.object({ email: z.email() });
export type AdminSetupResponse = z.infer<typeof adminSetupResponseSchema>;

/** POST /api/admin/users/clear: deleting every user but the admins needs an explicit yes. */
export const clearUsersBodySchema = z.object({
  confirm: z.literal(true, { error: accountTexts.confirmClear }),
});
export const clearUsersResponseSchema = z.object({
  deleted: z.int().check(z.minimum(0)),
});
export type ClearUsersResponse = z.infer<typeof clearUsersResponseSchema>;

/** GET /api/auth/verify-email: the link in the sign-up mail. */
export const verifyEmailQuerySchema = z.object({
  token: z.string().check(z.minLength(1), z.maxLength(4000)),
});
