import * as z from 'zod/mini';
import { adminApi } from '../../app-api-routes.js';
import {
  adjustCreditsBodySchema,
  adminOverviewSchema,
  adminPreferencesSchema,
  adminUserSchema,
  adminUsersQuerySchema,
  adminUsersResponseSchema,
  adminUserStatsSchema,
  auditLogQuerySchema,
  auditLogResponseSchema,
  createAdminUserBodySchema,
  resetUsageBodySchema,
  updateAdminPreferencesSchema,
  updateAdminUserBodySchema,
} from '../admin.js';
import { setRoleBodySchema, userIdParamsSchema, userProfileSchema } from '../users.js';
import { endpoint } from '../endpoint.js';

// admin: the overview and its toggles, User Management, the audit log (decision 0220).

const errors = [400, 401, 403, 404, 409] as const;
const params = userIdParamsSchema;

export const adminEndpoints = {
  overview: endpoint(adminApi.overview, { responses: { 200: adminOverviewSchema }, errors }),
  preferences: endpoint(adminApi.preferences, {
    responses: { 200: adminPreferencesSchema },
    errors,
  }),
  updatePreferences: endpoint(adminApi.updatePreferences, {
    body: updateAdminPreferencesSchema,
    responses: { 200: adminPreferencesSchema },
    errors,
  }),
  users: endpoint(adminApi.users, {
    query: adminUsersQuerySchema,
    responses: { 200: adminUsersResponseSchema },
    errors,
  }),
  userStats: endpoint(adminApi.userStats, { responses: { 200: adminUserStatsSchema }, errors }),
  createUser: endpoint(adminApi.createUser, {
    body: createAdminUserBodySchema,
    responses: { 201: adminUserSchema },
    errors,
  }),
  user: endpoint(adminApi.user, { params, responses: { 200: adminUserSchema }, errors }),
  updateUser: endpoint(adminApi.updateUser, {
    params,
    body: updateAdminUserBodySchema,
    responses: { 200: adminUserSchema },
    errors,
  }),
  adjustCredits: endpoint(adminApi.adjustCredits, {
    params,
    body: adjustCreditsBodySchema,
    responses: { 200: adminUserSchema },
    errors,
  }),
  resetUsage: endpoint(adminApi.resetUsage, {
    params,
    body: z.optional(resetUsageBodySchema),
    responses: { 200: adminUserSchema },
    errors,
  }),
  deleteUser: endpoint(adminApi.deleteUser, {
    params,
    responses: { 204: z.null().check(z.describe('Deleted')) },
    errors,
  }),
  setRole: endpoint(adminApi.setRole, {
    params,
    body: setRoleBodySchema,
    responses: { 200: userProfileSchema },
    errors,
  }),
  auditLog: endpoint(adminApi.auditLog, {
    query: auditLogQuerySchema,
    responses: { 200: auditLogResponseSchema },
    errors,
  }),
};
