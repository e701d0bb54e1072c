import type {
  CreditKind,
  JobSource,
  JobStage,
  JobStatus,
  PageStatus,
  PageTemplate,
} from '@cutout/contracts';
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

/** The accounts' rate-limit windows when no Redis is configured (decision 0265). Unix ms. */
export interface RateLimitWindowTable {
  key: string;
  window_start: number | string;
  count: number;
  expires_at: number | string;
}

/** The sign-in back-off per account and address without Redis (decision 0265). Unix ms. */
export interface SignInPairTable {
  /** SHA-256 (hex, 32) of the normalised e-mail and the address. */
  key: string;
  failures: number;
  last_failure_at: number | string | null;
  blocked_until: number | string;
  /** When this address last signed in to the account. */
  known_at: number | string | null;
}

/** The sign-in back-off per account without Redis (decision 0265). */
export interface SignInAccountTable {
  /** SHA-256 (hex, 32) of the normalised e-mail. */
  key: string;
  /** JSON array of the recent failures' times (at most the policy's ceiling). */
  failures: string;
  last_failure_at: number | string;
  /** When the account was last reported under attack. */
  reported_at: number | string | null;
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
  /** SMTP tries so far; 0 for a message written here because no SMTP server was set (migration 202611261540). */
  attempts: Generated<number>;
  /** When SMTP refused it: when it is tried again; null once sent or given up, or never tried. */
  next_attempt_at: string | null;
  /** SMTP's last refusal, for the log and the operator. */
  last_error: string | null;
  /** When the retries were given up. */
  failed_at: string | null;
  /** A refused message's attachments, to send with it: JSON [{ filename, contentType, base64 }]. */
  attachments: string | null;
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
  /** SHA-256 (hex) of the token in the e-mailed links (migration 202611261610). */
  token_hash: string | null;
  /** When its owner confirmed it; null: not on the list yet (double opt-in, decision 0261). */
  confirmed_at: string | null;
  /** When the last confirmation mail went out. */
  mailed_at: string | null;
}

export interface JobTable {
  id: string;
  /** Null for a visitor's free try (decision 0155). */
  user_id: string | null;
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
  /** 'preview' (at most 0.25 MP, charged nothing) or 'full' (migration 0008). */
  size: Generated<'full' | 'preview'>;
  /** Runs that claimed the job; a takeover raises it, and writes check it (migration 0015). */
  attempts: Generated<number>;
  /** The results served: 0 the model's, n the n-th touch-up (migration 202611251900). */
  result_version: Generated<number>;
  /** Touch-up versions made so far; the next one is result_edits + 1. */
  result_edits: Generated<number>;
  /** sha256 of the visitor's token for a free try; null for an account's job (decision 0155). */
  visitor_token_hash: string | null;
}

/** One free try of a client address on a UTC day (decision 0155). */
export interface FreeTryTable {
  address_hash: string;
  day: string;
  slot: number;
  job_id: string;
  created_at: Timestamp;
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

/** A content page of the pages CMS (spec §3 Page); `content` is sanitized HTML. */
export interface PageTable {
  id: string;
  title: string;
  slug: string;
  /** The slug lowercased, without a trailing slash: unique, and what addresses are looked up by. */
  slug_key: string;
  status: PageStatus;
  template: PageTemplate;
  content: string;
  excerpt: string;
  meta_title: string;
  meta_description: string;
  meta_keywords: string;
  featured_image: string;
  author: string;
  seo_score: number;
  last_edited: string;
  created_by: string | null;
  updated_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** An admin-defined connection to an outside database (spec §3); the password is sealed. */
export interface DatabaseConnectionTable {
  id: string;
  name: string;
  type: string;
  host: string;
  port: number;
  database_name: string;
  username: string;
  /** SecretBox.sealFor of the password for its destination (decision 0134), or null. */
  password_sealed: string | null;
  ssl: number;
  /** 1 when the console may change this database (decision 0131); 0: read-only. */
  allow_writes: number;
  /** 1 when console statements may reach the server's files and programs (decision 0266). */
  allow_server_access: number;
  connection_limit: number;
  timeout_ms: number;
  charset: string;
  timezone: string;
  /** 1 for the one connection in use (spec §4). */
  is_active: number;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  last_used_at: string | null;
}

/** A plan (spec §3 Plan), editable by the admin; prices in cents. */
export interface PlanTable {
  id: string;
  name: string;
  description: string;
  price_cents: number;
  currency: string;
  /** -1: custom (enterprise). */
  credits: number;
  price_per_credit_cents: number | null;
  billing_type: 'free' | 'one-time' | 'enterprise';
  interval: string;
  /** JSON array of strings. */
  features: string;
  popular: number;
  active: number;
  validity: string | null;
  /** How long credits bought with this plan last; null: no expiry. */
  validity_days: number | null;
  lemonsqueezy_variant_id: string | null;
  sort_order: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CheckoutTable {
  id: string;
  user_id: string;
  plan_id: string;
  provider: string;
  provider_checkout_id: string | null;
  url: string | null;
  amount_cents: number;
  currency: string;
  credits: number;
  created_at: Timestamp;
  /** The provider's variant sold (decision 0120). */
  variant_id: string | null;
  /** Whether the buyer could enter a discount code. */
  discounts_allowed: Generated<number>;
}

/** Credits that arrived together and leave together: spent earliest expiry first. */
export interface CreditLotTable {
  id: string;
  user_id: string;
  source: CreditKind;
  order_id: string | null;
  granted: number;
  remaining: number;
  /** Null: never expires. */
  expires_at: string | null;
  created_at: Timestamp;
}

export interface OrderTable {
  id: string;
  provider: string;
  provider_order_id: string;
  receipt_number: string;
  user_id: string | null;
  plan_id: string | null;
  plan_name: string | null;
  checkout_id: string | null;
  status: 'paid' | 'partially_refunded' | 'refunded' | 'needs_review';
  amount_cents: number;
  currency: string;
  credits: number;
  lot_id: string | null;
  lot_expires_at: string | null;
  refunded_credits: number;
  test_mode: number;
  buyer_email: string | null;
  buyer_name: string | null;
  paid_at: string | null;
  refunded_at: string | null;
  created_at: Timestamp;
  /** The admin's note (docs/decisions/0104). */
  admin_note: string | null;
  /** What the provider says was refunded so far, in minor units (decision 0121). */
  refunded_cents: Generated<number>;
  /** What the checkout said the order must cost (decision 0120); null before that existed. */
  expected_cents: number | null;
  discount_cents: Generated<number>;
  tax_cents: Generated<number>;
  variant_id: string | null;
  quantity: number | null;
  /** Why the order waits for the admin ('needs_review'). */
  review_reason: string | null;
  /** How it was paid, as the provider says ('Visa •••• 4242'), when it says. */
  payment_method: string | null;
}

export interface WebhookEventTable {
  id: string;
  provider: string;
  event_name: string | null;
  provider_order_id: string | null;
  headers: string;
  body: string;
  signature_valid: number;
  outcome: string;
  detail: string | null;
  replay_of: string | null;
  received_at: Timestamp;
}

export interface SandboxCheckoutTable {
  id: string;
  request: string;
  status: 'open' | 'paid' | 'cancelled';
  declines: number;
  created_at: Timestamp;
}

export interface SandboxOrderTable {
  id: string;
  order_number: number;
  checkout_id: string;
  status: 'paid' | 'refunded';
  data: string;
  created_at: Timestamp;
  refunded_at: string | null;
}

export interface WebhookDeliveryTable {
  id: string;
  event_name: string;
  body: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  next_attempt_at: string | null;
  last_attempt_at: string | null;
  last_status: number | null;
  last_error: string | null;
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
  free_tries: FreeTryTable;
  api_keys: ApiKeyTable;
  audit_log: AuditLogTable;
  pages: PageTable;
  database_connections: DatabaseConnectionTable;
  plans: PlanTable;
  rate_limit_windows: RateLimitWindowTable;
  sign_in_pairs: SignInPairTable;
  sign_in_accounts: SignInAccountTable;
  checkouts: CheckoutTable;
  credit_lots: CreditLotTable;
  orders: OrderTable;
  webhook_events: WebhookEventTable;
  sandbox_checkouts: SandboxCheckoutTable;
  sandbox_orders: SandboxOrderTable;
  webhook_deliveries: WebhookDeliveryTable;
  batches: BatchTable;
  batch_items: BatchItemTable;
  admin_preferences: AdminPreferencesTable;
  integration_settings: IntegrationSettingTable;
  refund_requests: RefundRequestTable;
  invoice_sequences: InvoiceSequenceTable;
  invoices: InvoiceTable;
  business_details: BusinessDetailTable;
  billing_profiles: BillingProfileTable;
  notification_digests: NotificationDigestTable;
  departed_addresses: DepartedAddressTable;
}

/** One Integrations field the admin set (decision 0107); secret fields hold a sealed value. */
export interface IntegrationSettingTable {
  key: string;
  value: string;
  /** The admin's user id (no foreign key: the row outlives a deleted admin). */
  updated_by: string | null;
  updated_at: Timestamp;
}

/** A batch of images (spec §3 Batch item): owned by one user, at most 50 items. */
export interface BatchTable {
  id: string;
  user_id: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One image of a batch; once uploaded, its job (job_id) carries its progress and result. */
export interface BatchItemTable {
  id: string;
  batch_id: string;
  position: number;
  original_name: string;
  state: 'pending' | 'uploading' | 'queued' | 'error';
  job_id: string | null;
  error_message: string | null;
  updated_at: Timestamp;
}

export type Dialect = 'sqlite' | 'postgres';

export interface IdRow {
  id: Generated<string>;
}

/** A buyer's 'Request refund' and the admin's decision (decision 0125). */
export interface RefundRequestTable {
  id: string;
  order_id: string;
  user_id: string | null;
  status: 'requested' | 'approved' | 'declined';
  credits: number;
  amount_cents: number;
  currency: string;
  buyer_reason: string | null;
  decline_reason: string | null;
  decided_by: string | null;
  created_at: Timestamp;
  decided_at: string | null;
}

export interface InvoiceSequenceTable {
  name: string;
  last: number;
}

/** An invoice or a credit note, numbered in one gap-free sequence (decision 0126). */
export interface InvoiceTable {
  id: string;
  number: string;
  sequence: string;
  seq: number;
  kind: 'invoice' | 'credit_note';
  order_id: string;
  reference: string;
  amount_cents: number;
  tax_cents: Generated<number>;
  currency: string;
  data: string;
  issued_at: Timestamp;
}

export interface BusinessDetailTable {
  key: string;
  value: string;
  updated_by: string | null;
  updated_at: Timestamp;
}

export interface BillingProfileTable {
  user_id: string;
  name: string | null;
  address: string | null;
  vat_number: string | null;
  updated_at: Timestamp;
}

export interface NotificationDigestTable {
  kind: string;
  pending: Generated<number>;
  first_pending_at: string | null;
  last_sent_at: string | null;
}

/** A deleted account's address as a keyed hash: no second free grant (decision 0270). */
export interface DepartedAddressTable {
  address_hash: string;
  created_at: Timestamp;
}
