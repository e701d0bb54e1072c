import * as z from 'zod/mini';
import { cleanPersonName } from '../names.js';
import { adminPlans, adminRuleTexts, adminUsersPageSize, userStatuses } from '../admin.js';
import { componentStatuses } from '../health.js';
import { roles } from '../session.js';
import { validationTexts } from '../texts.js';
import { emailSchema } from './accounts.js';

// Request and response schemas of the admin back-office, part one (spec §7 Admin calls under the
// API prefix; §5 validation of a new user and a subscription edit).

/** One row of User Management (spec §2, §3); what each column means: docs/decisions/0086. */
export const adminUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(roles),
  status: z.enum(userStatuses),
  plan: z.enum(adminPlans),
  /** 'purchases': derived from what the user bought; 'admin': set by an admin. */
  planSource: z.enum(['purchases', 'admin']),
  /** Credits left plus images processed in the period. */
  imagesLimit: z.int(),
  /** Completed images since the period began (the last reset), plus what an admin set then. */
  imagesProcessed: z.int(),
  credits: z.int(),
  /** The name of the pack bought last, or null: the Plan column shows it, or Free. */
  lastPack: z.nullable(z.string()),
  joined: z.string(),
  usageSince: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

const filterOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z.optional(z.enum([...values, 'all'] as [T[number] | 'all', ...(T[number] | 'all')[]]));

/** GET /api/admin/users */
export const adminUsersQuerySchema = z.object({
  search: z.optional(z.string().check(z.trim(), z.maxLength(200))),
  plan: filterOf(adminPlans),
  status: filterOf(userStatuses),
  page: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100_000)), 1),
  per_page: z._default(
    z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100)),
    adminUsersPageSize,
  ),
});
export type AdminUsersQuery = z.input<typeof adminUsersQuerySchema>;

export const adminUsersResponseSchema = z.object({
  users: z.array(adminUserSchema),
  total: z.int(),
  page: z.int(),
  perPage: z.int(),
});
export type AdminUsersResponse = z.infer<typeof adminUsersResponseSchema>;

/** GET /api/admin/users/stats */
export const adminUserStatsSchema = z.object({
  total: z.int(),
  active: z.int(),
  inactive: z.int(),
  admins: z.int(),
  newLast7Days: z.int(),
  byPlan: z.object({ free: z.int(), pro: z.int(), enterprise: z.int() }),
});
export type AdminUserStats = z.infer<typeof adminUserStatsSchema>;

const reason = z.optional(
  z.string().check(z.trim(), z.maxLength(500, adminRuleTexts.reasonTooLong)),
);

/** POST /api/admin/users (spec §5 New user): trimmed, the e-mail lowercased. No password. */
export const createAdminUserBodySchema = z.object({
  name: z
    .string({ error: validationTexts.nameRequired })
    .check(
      z.overwrite(cleanPersonName),
      z.minLength(1, validationTexts.nameRequired),
      z.maxLength(100, 'Name must be at most 100 characters'),
    ),
  email: emailSchema,
  plan: z._default(z.enum(adminPlans), 'free'),
  status: z._default(z.enum(userStatuses), 'active'),
});
export type CreateAdminUserBody = z.input<typeof createAdminUserBodySchema>;

const whole = (min: number, message: string) =>
  z
    .number({ error: adminRuleTexts.wholeNumber })
    .check(z.int(adminRuleTexts.wholeNumber), z.minimum(min, message), z.maximum(1_000_000_000));

/** PUT /api/admin/users/{id}: Edit Subscription (plan, image limit, processed) and/or status. */
export const updateAdminUserBodySchema = z.object({
  plan: z.optional(z.enum(adminPlans)),
  // From the images processed upwards (checked by the server): a balance of 0 is allowed.
  imagesLimit: z.optional(whole(0, adminRuleTexts.imageLimitMin)),
  imagesProcessed: z.optional(whole(0, adminRuleTexts.imagesProcessedMin)),
  status: z.optional(z.enum(userStatuses)),
  /** Why: kept with the ledger entry and the audit log. */
  reason,
});
export type UpdateAdminUserBody = z.input<typeof updateAdminUserBodySchema>;

/** POST /api/admin/users/{id}/credits: Adjust credits by an amount, with a reason. */
export const adjustCreditsBodySchema = z.object({
  amount: z.number({ error: adminRuleTexts.adjustWhole }).check(
    z.int(adminRuleTexts.adjustWhole),
    z.minimum(-1_000_000_000, adminRuleTexts.adjustWhole),
    z.maximum(1_000_000_000, adminRuleTexts.adjustWhole),
    z.refine((n) => n !== 0, adminRuleTexts.adjustNotZero),
  ),
  reason: z
    .string({ error: adminRuleTexts.adjustReason })
    .check(
      z.trim(),
      z.minLength(1, adminRuleTexts.adjustReason),
      z.maxLength(500, adminRuleTexts.reasonTooLong),
    ),
});
export type AdjustCreditsBody = z.infer<typeof adjustCreditsBodySchema>;

/** POST /api/admin/users/{id}/reset-usage */
export const resetUsageBodySchema = z.object({ reason });

export const auditEntrySchema = z.object({
  id: z.string(),
  actorId: z.nullable(z.string()),
  actorEmail: z.nullable(z.string()),
  action: z.string(),
  targetType: z.nullable(z.string()),
  targetId: z.nullable(z.string()),
  detail: z.nullable(z.record(z.string(), z.unknown())),
  ip: z.nullable(z.string()),
  createdAt: z.string(),
});
export type AuditEntryView = z.infer<typeof auditEntrySchema>;

/** GET /api/admin/audit-log: newest first; `before` pages (the last entry's createdAt). */
export const auditLogQuerySchema = z.object({
  action: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  actor: z.optional(z.string().check(z.trim(), z.maxLength(254))),
  target: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  since: z.optional(z.iso.datetime()),
  before: z.optional(z.iso.datetime()),
  limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(200)), 50),
});
export type AuditLogQuery = z.input<typeof auditLogQuerySchema>;

export const auditLogResponseSchema = z.object({
  entries: z.array(auditEntrySchema),
  /** Pass as `before` for the next page; null on the last one. */
  nextBefore: z.nullable(z.string()),
});
export type AuditLogResponse = z.infer<typeof auditLogResponseSchema>;

const componentSchema = z.object({
  status: z.enum(componentStatuses),
  detail: z.optional(z.string()),
});

/** GET /api/admin/overview: every figure from stored data or the live processing service. */
export const adminOverviewSchema = z.object({
  users: z.object({ total: z.int(), newLast7Days: z.int() }),
  images: z.object({ today: z.int(), last7Days: z.int(), last30Days: z.int() }),
  /** Null until an order exists ('No sales yet'): decisions 0087, 0120. */
  sales: z.nullable(
    z.object({
      creditsSold30Days: z.int(),
      /** Net of refunds, from orders that moved real money only. */
      revenue30Days: z.object({ amount: z.number(), currency: z.string() }),
      liveOrders30Days: z.int(),
      /** Sandbox and test-mode orders: counted apart, never revenue. */
      testOrders30Days: z.int(),
    }),
  ),
  /** Who sells: no provider set up shows the 'Set up payments' card. */
  payments: z.object({
    provider: z.enum(['sandbox', 'lemonsqueezy', 'none']),
    configured: z.boolean(),
    sandboxInProduction: z.boolean(),
    testMode: z.boolean(),
  }),
  /** Cloudflare Turnstile configured; without it only the admin is told (issue 26). */
  botCheck: z.boolean(),
  jobs: z.object({ failedToday: z.int(), failed30Days: z.int() }),
  queue: z.object({
    running: z.int(),
    workers: z.int(),
    waiting: z.int(),
    capacity: z.int(),
    health: componentSchema,
  }),
  engine: componentSchema,
  recentActivity: z.array(auditEntrySchema),
  generatedAt: z.string(),
});
export type AdminOverview = z.infer<typeof adminOverviewSchema>;

/** GET/PUT /api/admin/preferences: the overview's two toggles, per admin. */
export const adminPreferencesSchema = z.object({
  notifications: z.boolean(),
  securityAlerts: z.boolean(),
});
export type AdminPreferences = z.infer<typeof adminPreferencesSchema>;
export const updateAdminPreferencesSchema = z.partial(adminPreferencesSchema);
