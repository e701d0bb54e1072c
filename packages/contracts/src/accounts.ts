import { z } from 'zod';
import { limits } from './limits.js';
import { sessionUserSchema } from './session.js';
import { authTexts, validationTexts } from './texts.js';

// Request and response schemas of the accounts API (spec §2 Sign-in, Sign-up, Forgot and Reset
// password, admin Security and Admin Setup tabs; §5 validation; §8 messages). The server
// validates with exactly these; the web forms reuse them with zodResolver, so both sides show
// the same message for the same mistake.

export const accountTypes = ['personal', 'business'] as const;
export type AccountType = (typeof accountTypes)[number];

/** better-auth's own ceiling; longer inputs are refused before any hashing work is done. */
export const passwordMaxLength = 128;

/** Messages for rules the spec states without quoting a text. */
export const accountTexts = {
  passwordRequired: 'Password is required',
  passwordTooLong: `Password must be at most ${passwordMaxLength} characters`,
  changePasswordMin: `Password must be at least ${limits.password.changeMin} characters`,
  currentPasswordRequired: 'Current password is required',
  signedOut: 'Signed out',
  passwordChanged: 'Password changed successfully',
  adminCredentialsSaved: 'Admin credentials updated',
  lastAdmin: 'There must always be one admin account. Make another user admin first.',
  confirmClear: 'Confirm that all users except the admin should be deleted.',
  tooManyFailedSignIns: 'Too many failed sign-in attempts. Please try again later.',
} as const;

/** An e-mail address, trimmed and lowercased, as the server stores it. */
export const emailSchema = z
  .string({ error: validationTexts.emailRequired })
  .trim()
  .toLowerCase()
  .min(1, validationTexts.emailRequired)
  .pipe(z.email({ error: validationTexts.email }).max(254, validationTexts.email));

const newPassword = z
  .string({ error: validationTexts.passwordMin })
  .min(limits.password.signUpMin, validationTexts.passwordMin)
  .max(passwordMaxLength, accountTexts.passwordTooLong);

/** POST /api/auth/sign-up */
export const signUpBodySchema = z.object({
  name: z
    .string({ error: validationTexts.nameMin })
    .trim()
    .min(limits.nameMin, validationTexts.nameMin)
    .max(100, 'Name must be at most 100 characters'),
  email: emailSchema,
  password: newPassword,
  accountType: z.enum(accountTypes, { error: validationTexts.accountType }).default('personal'),
});
export type SignUpBody = z.input<typeof signUpBodySchema>;

/** POST /api/auth/sign-in. No length rules (spec §5): a wrong pair is simply wrong. */
export const signInBodySchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: accountTexts.passwordRequired })
    .min(1, accountTexts.passwordRequired)
    .max(passwordMaxLength, authTexts.invalidCredentials),
  /** Ticked: a session that survives closing the browser. Not ticked: a browser-session cookie. */
  rememberMe: z.boolean().default(false),
});
export type SignInBody = z.input<typeof signInBodySchema>;

/** POST /api/auth/forgot-password */
export const forgotPasswordBodySchema = z.object({ email: emailSchema });
export type ForgotPasswordBody = z.input<typeof forgotPasswordBodySchema>;

/** GET /api/auth/reset-password/validate?token= */
export const resetTokenQuerySchema = z.object({ token: z.string().max(200).default('') });
export const resetTokenValidationSchema = z.object({ valid: z.boolean() });
export type ResetTokenValidation = z.infer<typeof resetTokenValidationSchema>;

/**
 * POST /api/auth/reset-password. The entries must match, checked first (spec §5), then the
 * minimum length — so the rules are checked together rather than per field.
 */
export const resetPasswordBodySchema = z
  .object({
    token: z.string().max(200).default(''),
    password: z.string().default(''),
    confirmPassword: z.string().default(''),
  })
  .superRefine((body, ctx) => {
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
  });
export type ResetPasswordBody = z.input<typeof resetPasswordBodySchema>;

/** POST /api/auth/change-password (signed in). Match first, then at least 6 (spec §5). */
export const changePasswordBodySchema = z
  .object({
    currentPassword: z.string().default(''),
    newPassword: z.string().default(''),
    confirmNewPassword: z.string().default(''),
  })
  .superRefine((body, ctx) => {
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
    if (body.newPassword.length < limits.password.changeMin) {
      ctx.addIssue({
        code: 'custom',
        path: ['newPassword'],
        message: accountTexts.changePasswordMin,
      });
    } else if (body.newPassword.length > passwordMaxLength) {
      ctx.addIssue({
        code: 'custom',
        path: ['newPassword'],
        message: accountTexts.passwordTooLong,
      });
    }
  });
export type ChangePasswordBody = z.input<typeof changePasswordBodySchema>;

/** Answer of sign-up and sign-in: the signed-in user (the session cookie is set alongside). */
export const authUserResponseSchema = z.object({ user: sessionUserSchema });
export type AuthUserResponse = z.infer<typeof authUserResponseSchema>;

/** A plain confirmation, its text quoted from the spec where the spec has one. */
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** PUT /api/admin/setup/credentials: both fields required (spec §5 Admin setup). */
export const adminCredentialsBodySchema = z.object({
  email: z
    .string({ error: authTexts.adminSetupRequired })
    .trim()
    .toLowerCase()
    .min(1, authTexts.adminSetupRequired)
    .pipe(z.email({ error: validationTexts.email })),
  password: z
    .string({ error: authTexts.adminSetupRequired })
    .min(1, authTexts.adminSetupRequired)
    .pipe(newPassword),
});
export type AdminCredentialsBody = z.input<typeof adminCredentialsBodySchema>;

/** GET /api/admin/setup: who the admin is. Never a password. */
export const adminSetupResponseSchema = z.object({ email: z.email() });
export type AdminSetupResponse = z.infer<typeof adminSetupResponseSchema>;

/** POST /api/admin/users/clear: deleting every user but the admins needs an explicit yes. */
export const clearUsersBodySchema = z.object({
  confirm: z.literal(true, { error: accountTexts.confirmClear }),
});
export const clearUsersResponseSchema = z.object({ deleted: z.number().int().min(0) });
export type ClearUsersResponse = z.infer<typeof clearUsersResponseSchema>;

/** The accounts, users and admin-setup endpoints, for the web client (same origin). */
export const accountsApiPaths = {
  signUp: '/api/auth/sign-up',
  signIn: '/api/auth/sign-in',
  signOut: '/api/auth/sign-out',
  session: '/api/auth/session',
  forgotPassword: '/api/auth/forgot-password',
  validateResetToken: '/api/auth/reset-password/validate',
  resetPassword: '/api/auth/reset-password',
  changePassword: '/api/auth/change-password',
  me: '/api/me',
  creditHistory: '/api/me/credits/history',
  user: (id: string) => `/users/${encodeURIComponent(id)}`,
  userCredits: (id: string) => `/users/${encodeURIComponent(id)}/credits`,
  adminSetup: '/api/admin/setup',
  adminCredentials: '/api/admin/setup/credentials',
  adminClearUsers: '/api/admin/users/clear',
  adminUserRole: (id: string) => `/api/admin/users/${encodeURIComponent(id)}/role`,
  adminUser: (id: string) => `/api/admin/users/${encodeURIComponent(id)}`,
} as const;
