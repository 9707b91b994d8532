// The sandboxes behind the two fulfilment ports (DESIGN.md "Outside systems"): the hosting control
// panel's accounts and the CA reseller's certificates, plus the test switches both read on every
// call. Like the registry sandbox's tables, these are the outside systems' own data, kept apart from
// ours: in production the panel and the CA hold them, and the shop keeps its own records elsewhere.
import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

/**
 * One row per sandboxed system ('provisioner', 'ssl'). A missing row means "behave normally", so a
 * fresh database needs no seed; tests insert or update a row to simulate trouble.
 */
export const sandboxSwitches = sqliteTable('sandbox_switches', {
  system: text('system').primaryKey(),
  /** The system answers that it is down for maintenance. */
  maintenance: integer('maintenance', { mode: 'boolean' }).notNull().default(false),
  /** The system answers every call with a failure, as an outage would. */
  failing: integer('failing', { mode: 'boolean' }).notNull().default(false),
  /** Added to every call, to exercise timeouts and slow-supplier paths. */
  latencyMs: integer('latency_ms').notNull().default(0),
});

export const sandboxHostingKinds = ['shared', 'wordpress', 'semi', 'vps', 'dedicated', 'free'] as const;
export const sandboxHostingStatuses = ['provisioning', 'active', 'suspended', 'terminated'] as const;
/** A server's machine (issue #23 §1): rebooting and reinstalling end by themselves at power_until. */
export const sandboxPowerStates = ['running', 'stopped', 'rebooting', 'reinstalling'] as const;

export const sandboxHostingAccounts = sqliteTable(
  'sandbox_hosting_accounts',
  {
    accountId: text('account_id').primaryKey(),
    /** Our order item id. UNIQUE so a retried create can never make a second account. */
    reference: text('reference').notNull(),
    sku: text('sku').notNull(),
    productType: text('product_type').notNull(),
    kind: text('kind', { enum: sandboxHostingKinds }).notNull(),
    domain: text('domain'),
    /** The panel login: 8 letters/digits, unique across the panel, like cPanel/Plesk system users. */
    username: text('username').notNull(),
    panelUrl: text('panel_url').notNull(),
    /** A web server's host name, or the machine's IPv4 for a VPS or a dedicated server. */
    server: text('server').notNull(),
    /**
     * The address held by a VPS or dedicated server; UNIQUE (NULLs allowed) so two racing creates can
     * never get one address. Set to NULL on termination, which returns the address to the pool.
     */
    ip: text('ip'),
    status: text('status', { enum: sandboxHostingStatuses }).notNull(),
    suspendReason: text('suspend_reason'),
    options: text('options', { mode: 'json' }).$type<Record<string, string>>().notNull().default(sql`'{}'`),
    contactEmail: text('contact_email').notNull(),
    lengthMonths: integer('length_months').notNull(),
    /** When a machine being built is ready; NULL for accounts that are active at once. */
    readyAt: integer('ready_at', { mode: 'timestamp_ms' }),
    /** The reference of the last renewal applied, so a retried renewal does not extend twice. */
    lastRenewReference: text('last_renew_reference'),
    passwordChangedAt: integer('password_changed_at', { mode: 'timestamp_ms' }),
    /** The hash of the panel password the customer set (port setPassword); the panel never gives it back. */
    passwordHash: text('password_hash'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    /** Servers only (worker/adapters/provisioner/sandbox-servers.ts): the machine's power; NULL reads as running once built. */
    powerState: text('power_state', { enum: sandboxPowerStates }),
    /** When a reboot or a reinstall in progress ends. */
    powerUntil: integer('power_until', { mode: 'timestamp_ms' }),
    /** The installed system image; NULL means the one ordered (options.os). */
    os: text('os'),
    /** The reference of the last plan change applied, so a retried change is answered, not repeated. */
    lastPlanReference: text('last_plan_reference'),
  },
  (t) => [
    uniqueIndex('sandbox_hosting_accounts_reference_unique').on(t.reference),
    uniqueIndex('sandbox_hosting_accounts_username_unique').on(t.username),
    uniqueIndex('sandbox_hosting_accounts_ip_unique').on(t.ip),
    index('sandbox_hosting_accounts_domain_idx').on(t.domain),
  ],
);

export const sandboxSslValidationTypes = ['DV', 'OV', 'EV'] as const;
/** Spec §4 "SSL certificate". */
export const sandboxSslStatuses = ['PENDING', 'ACTIVE', 'INACTIVE', 'CANCELLED', 'EXPIRED'] as const;
export const sandboxSslRefunds = ['REFUND PROCESSING', 'REFUNDED', 'REFUND REJECTED'] as const;

export const sandboxSslCertificates = sqliteTable(
  'sandbox_ssl_certificates',
  {
    certificateId: text('certificate_id').primaryKey(),
    /** Our order item id. UNIQUE so a retried enrolment can never order a second certificate. */
    reference: text('reference').notNull(),
    sku: text('sku').notNull(),
    validationType: text('validation_type', { enum: sandboxSslValidationTypes }).notNull(),
    commonName: text('common_name').notNull(),
    sans: text('sans', { mode: 'json' }).$type<string[]>().notNull().default(sql`'[]'`),
    /** Domain → the approver address chosen for it (spec §3 "approver e-mail per domain"). */
    approverEmails: text('approver_emails', { mode: 'json' }).$type<Record<string, string>>().notNull().default(sql`'{}'`),
    lengthMonths: integer('length_months').notNull(),
    csr: text('csr'),
    status: text('status', { enum: sandboxSslStatuses }).notNull(),
    refund: text('refund', { enum: sandboxSslRefunds }),
    /** When the pending validation completes; the certificate is issued on the first read after it. */
    readyAt: integer('ready_at', { mode: 'timestamp_ms' }),
    issuedAt: integer('issued_at', { mode: 'timestamp_ms' }),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }),
    pem: text('pem'),
    /** Counts reissues, so every reissued PEM differs from the one it replaces. */
    serial: integer('serial').notNull().default(1),
    lastRenewReference: text('last_renew_reference'),
    cancelReason: text('cancel_reason'),
    cancelledAt: integer('cancelled_at', { mode: 'timestamp_ms' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [uniqueIndex('sandbox_ssl_certificates_reference_unique').on(t.reference)],
);
