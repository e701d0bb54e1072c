import type { CreditKind, JobSource, JobStage, JobStatus } from '@cutout/contracts';
import type { ColumnType, Generated } from 'kysely';

// The database as Kysely sees it. Timestamps are ISO-8601 strings at this boundary on both
// dialects (SQLite stores text; PostgreSQL's timestamptz is read back as text by our pg type
// parser), so repositories handle one representation.

export type Timestamp = ColumnType<string, string | undefined, string>;

export interface ErrorReportTable {
  id: string;
  kind: string;
  message: string;
  stack: string | null;
  component_stack: string | null;
  url: string;
  user_agent: string | null;
  ip: string | null;
  created_at: Timestamp;
}

// users, sessions, auth_accounts and verifications are written mostly by better-auth through its
// Kysely adapter (docs/decisions/0030); our repositories read them and write the columns that
// are ours (credits, role changes by the admin rules). Booleans are 0/1 in SQLite.
export interface UserTable {
  id: string;
  name: string;
  email: string;
  email_verified: ColumnType<boolean | number, boolean | number | undefined, boolean | number>;
  image: string | null;
  role: 'user' | 'admin';
  banned: ColumnType<
    boolean | number | null,
    boolean | number | null | undefined,
    boolean | number | null
  >;
  ban_reason: string | null;
  ban_expires: string | null;
  account_type: 'personal' | 'business';
  credits: ColumnType<number, number | undefined, number>;
  /** A plan an admin set ('free' | 'pro' | 'enterprise'); null: derived from purchases (decision 0086). */
  admin_plan: ColumnType<string | null, string | null | undefined, string | null>;
  /** Start of the Images Processed period (the last Reset Usage or edit); null: since sign-up. */
  usage_reset_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** Images Processed an admin set at usage_reset_at; completed jobs since then add to it. */
  usage_offset: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SessionTable {
  id: string;
  token: string;
  user_id: string;
  expires_at: string;
  ip_address: string | null;
  user_agent: string | null;
  impersonated_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AuthAccountTable {
  id: string;
  user_id: string;
  account_id: string;
  provider_id: string;
  access_token: string | null;
  refresh_token: string | null;
  id_token: string | null;
  access_token_expires_at: string | null;
  refresh_token_expires_at: string | null;
  scope: string | null;
  password: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface VerificationTable {
  id: string;
  identifier: string;
  value: string;
  expires_at: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CreditLedgerTable {
  id: string;
  /** Null once the account is deleted: the row stays, anonymised, for accounting (0009). */
  user_id: string | null;
  kind: CreditKind;
  /** Signed: positive adds credits, negative takes them. */
  amount: number;
  balance_after: number;
  reason: string | null;
  reference: string | null;
  created_at: Timestamp;
}

export interface OutboxTable {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  /** Where a reply goes, when not to the sender (a contact message: its author). */
  reply_to: string | null;
  created_at: Timestamp;
  sent_at: string | null;
}

/** A message sent through the contact form (spec §3 Contact message). */
export interface ContactMessageTable {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  /** The client address as the server saw it (request.ip, behind TRUST_PROXY when set). */
  ip: string;
  user_agent: string | null;
  /** When the browser says it sent the message, as given. */
  client_timestamp: string | null;
  created_at: Timestamp;
}

/** One row per lowercased address. */
export interface NewsletterSubscriberTable {
  id: string;
  email: string;
  ip: string | null;
  created_at: Timestamp;
}

export interface JobTable {
  id: string;
  user_id: string;
  status: JobStatus;
  stage: JobStage;
  progress: number;
  source: JobSource;
  original_name: string;
  content_type: string;
  input_bytes: number;
  width: number | null;
  height: number | null;
  error_code: string | null;
  error_message: string | null;
  /** JSON of JobTimings once finished. */
  timings: string | null;
  /** 'web' (the editor) or 'api' (the public API); for usage figures. */
  via: 'web' | 'api';
  created_at: Timestamp;
  started_at: string | null;
  finished_at: string | null;
  expires_at: string;
  purged_at: string | null;
}

export interface ApiKeyTable {
  id: string;
  user_id: string;
  name: string;
  prefix: string;
  key_hash: string;
  created_at: Timestamp;
  last_used_at: string | null;
  revoked_at: string | null;
}

/** One entry of the audit log (append-only). */
export interface AuditLogTable {
  id: string;
  actor_id: string | null;
  /** Copied at write time, so the entry stays readable after the actor is deleted. */
  actor_email: string | null;
  /** Dotted verb, e.g. 'user.deactivate', 'order.refund', 'database.query'. */
  action: string;
  target_type: string | null;
  target_id: string | null;
  /** JSON text. */
  detail: string | null;
  ip: string | null;
  created_at: Timestamp;
}

/** Each admin's overview toggles (spec §2 Admin), acted on through the mail module. */
export interface AdminPreferencesTable {
  user_id: string;
  notifications: ColumnType<boolean | number, boolean | number | undefined, boolean | number>;
  security_alerts: ColumnType<boolean | number, boolean | number | undefined, boolean | number>;
  updated_at: Timestamp;
}

export interface Database {
  error_reports: ErrorReportTable;
  users: UserTable;
  sessions: SessionTable;
  auth_accounts: AuthAccountTable;
  verifications: VerificationTable;
  credit_ledger: CreditLedgerTable;
  outbox: OutboxTable;
  contact_messages: ContactMessageTable;
  newsletter_subscribers: NewsletterSubscriberTable;
  jobs: JobTable;
  api_keys: ApiKeyTable;
  audit_log: AuditLogTable;
  admin_preferences: AdminPreferencesTable;
}

export type Dialect = 'sqlite' | 'postgres';

export interface IdRow {
  id: Generated<string>;
}
