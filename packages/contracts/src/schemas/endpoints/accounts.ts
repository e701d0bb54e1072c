import * as z from 'zod/mini';
import { accountsApi } from '../../api-routes.js';
import { apiKeysApi, usersApi } from '../../app-api-routes.js';
import { limits } from '../../limits.js';
import {
  adminCredentialsBodySchema,
  adminSetupResponseSchema,
  authUserResponseSchema,
  changePasswordBodySchema,
  clearUsersBodySchema,
  clearUsersResponseSchema,
  forgotPasswordBodySchema,
  messageResponseSchema,
  resetPasswordBodySchema,
  resetTokenQuerySchema,
  resetTokenValidationSchema,
  signInBodySchema,
  signUpBodySchema,
  verifyEmailQuerySchema,
} from '../accounts.js';
import {
  apiKeyIdParamsSchema,
  apiKeyListSchema,
  createApiKeyBodySchema,
  createdApiKeySchema,
} from '../api-keys.js';
import { creditHistoryResponseSchema, updateCreditsBodySchema } from '../credits.js';
import { ownUsageSchema } from '../jobs.js';
import { sessionResponseSchema } from '../session.js';
import {
  deleteAccountBodySchema,
  updateProfileBodySchema,
  userIdParamsSchema,
  userProfileSchema,
} from '../users.js';
import { endpoint } from '../endpoint.js';

// accounts (sign-up, sign-in, passwords, admin setup), users and API keys (decision 0220).

const authErrors = [400, 401, 403, 409, 429] as const;
const setupErrors = [400, 401, 403, 409] as const;

export const accountsEndpoints = {
  signUp: endpoint(accountsApi.signUp, {
    body: signUpBodySchema,
    responses: { 201: authUserResponseSchema },
    errors: authErrors,
  }),
  signIn: endpoint(accountsApi.signIn, {
    body: signInBodySchema,
    responses: { 200: authUserResponseSchema },
    errors: authErrors,
  }),
  signOut: endpoint(accountsApi.signOut, {
    responses: { 204: z.null().check(z.describe('Signed out')) },
  }),
  session: endpoint(accountsApi.session, { responses: { 200: sessionResponseSchema } }),
  forgotPassword: endpoint(accountsApi.forgotPassword, {
    body: forgotPasswordBodySchema,
    responses: { 200: messageResponseSchema },
    errors: authErrors,
  }),
  validateResetToken: endpoint(accountsApi.validateResetToken, {
    query: resetTokenQuerySchema,
    responses: { 200: resetTokenValidationSchema },
    errors: [429],
  }),
  resetPassword: endpoint(accountsApi.resetPassword, {
    body: resetPasswordBodySchema,
    responses: { 200: messageResponseSchema },
    errors: authErrors,
  }),
  /** Redirects (303) to the dashboard, which says whether the address is now confirmed. */
  verifyEmail: endpoint(accountsApi.verifyEmail, { query: verifyEmailQuerySchema, errors: [429] }),
  resendVerification: endpoint(accountsApi.resendVerification, {
    responses: { 200: messageResponseSchema },
    errors: [401, 409, 429],
  }),
  changePassword: endpoint(accountsApi.changePassword, {
    body: changePasswordBodySchema,
    responses: { 200: messageResponseSchema },
    errors: authErrors,
  }),
  adminSetup: endpoint(accountsApi.adminSetup, {
    responses: { 200: adminSetupResponseSchema },
    errors: setupErrors,
  }),
  adminCredentials: endpoint(accountsApi.adminCredentials, {
    body: adminCredentialsBodySchema,
    responses: { 200: messageResponseSchema },
    errors: [429, ...setupErrors],
  }),
  adminClearUsers: endpoint(accountsApi.adminClearUsers, {
    body: clearUsersBodySchema,
    responses: { 200: clearUsersResponseSchema },
    errors: setupErrors,
  }),
};

const userErrors = [400, 401, 403, 404, 409] as const;

/** A page of the credit ledger. */
const creditHistoryQuerySchema = z.object({
  page: z._default(z.coerce.number().check(z.int(), z.gte(1)), 1),
  per_page: z._default(
    z.coerce.number().check(z.int(), z.gte(1), z.lte(100)),
    limits.purchasesPageSize,
  ),
});

export const usersEndpoints = {
  me: endpoint(usersApi.me, { responses: { 200: userProfileSchema }, errors: userErrors }),
  updateMe: endpoint(usersApi.updateMe, {
    body: updateProfileBodySchema,
    responses: { 200: userProfileSchema },
    errors: userErrors,
  }),
  /** JSON `password`; answers 204 with the session cookie cleared (decision 0270). */
  deleteMe: endpoint(usersApi.deleteMe, {
    body: deleteAccountBodySchema,
    responses: { 204: z.null().check(z.describe('Account deleted')) },
    errors: [400, 401, 409, 429],
  }),
  /** Answers the zip (profile, orders, invoices, refunds, ledger, key names, images). */
  exportData: endpoint(usersApi.exportData, {}),
  usage: endpoint(usersApi.usage, { responses: { 200: ownUsageSchema }, errors: userErrors }),
  creditHistory: endpoint(usersApi.creditHistory, {
    query: creditHistoryQuerySchema,
    responses: { 200: creditHistoryResponseSchema },
    errors: userErrors,
  }),
  user: endpoint(usersApi.user, {
    params: userIdParamsSchema,
    responses: { 200: userProfileSchema },
    errors: userErrors,
  }),
  updateCredits: endpoint(usersApi.updateCredits, {
    params: userIdParamsSchema,
    body: updateCreditsBodySchema,
    responses: { 200: userProfileSchema },
    errors: userErrors,
  }),
};

const keyErrors = [400, 401, 404, 409] as const;

export const apiKeysEndpoints = {
  list: endpoint(apiKeysApi.list, { responses: { 200: apiKeyListSchema }, errors: keyErrors }),
  create: endpoint(apiKeysApi.create, {
    body: createApiKeyBodySchema,
    responses: { 201: createdApiKeySchema },
    errors: keyErrors,
  }),
  revoke: endpoint(apiKeysApi.revoke, {
    params: apiKeyIdParamsSchema,
    responses: { 204: z.null().check(z.describe('Revoked')) },
    errors: keyErrors,
  }),
};
