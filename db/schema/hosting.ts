// Hosting accounts and servers on our side (issue #23 §1): one row per account the provisioner made
// for an order item, kept in step with the provisioner (its status, server, expiry). The portal, the
// renewal/suspension cron, the back office and free hosting read this table, never the panel, for
// lists; the panel is asked only for what it alone knows (usage, power state) on a service's page.
import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './accounts';
import { orderItems } from './orders';

/** The kinds the provisioner hosts (adapters/provisioner/sandbox.ts hostingKindOf). */
export const hostingKinds = ['shared', 'wordpress', 'semi', 'vps', 'dedicated', 'free'] as const;
/**
 * 'provisioning' a server being built; 'active'; 'suspended' by the unpaid-renewal cron or by staff;
 * 'terminated' deleted at the panel (after the longer grace period, or cancelled at its period's end).
 */
export const hostingServiceStatuses = ['provisioning', 'active', 'suspended', 'terminated'] as const;

export const hostingServices = sqliteTable(
  'hosting_services',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** The order item that bought it: one service per item (a fulfilment retry finds the same row). Null for free hosting. */
    orderItemId: integer('order_item_id').references(() => orderItems.id, { onDelete: 'set null' }),
    /** The provisioner's account id. */
    accountId: text('account_id').notNull(),
    sku: text('sku').notNull(),
    /** The catalogue product type at purchase ('hosting-shared-linux', 'hosting-vps-linux' …). */
    productType: text('product_type').notNull(),
    kind: text('kind', { enum: hostingKinds }).notNull(),
    /** ASCII (punycode) name, or null for a server without one. */
    domain: text('domain'),
    username: text('username').notNull(),
    panelUrl: text('panel_url').notNull(),
    /** The web server's host name, or the machine's IPv4 for VPS and dedicated servers. */
    server: text('server').notNull(),
    /** The cart option 'datacenter', when one was chosen. */
    datacenter: text('datacenter'),
    /** The options chosen in the cart (spec §3 option names → value), as JSON. */
    options: text('options', { mode: 'json' }).$type<Record<string, string>>().notNull().default({}),
    status: text('status', { enum: hostingServiceStatuses }).notNull(),
    /** The period bought (and renewed by default), in months. */
    lengthMonths: integer('length_months').notNull(),
    startedAt: integer('started_at', { mode: 'timestamp_ms' }).notNull(),
    /** The end of the paid period: the next renewal date. */
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    /** The customer asked to cancel at the period's end (undone by clearing it before then). */
    cancelAtPeriodEnd: integer('cancel_at_period_end', { mode: 'boolean' }).notNull().default(false),
    /** A downgrade asked for (decision 070): the plan the next renewal moves to, at the period's end. */
    scheduledSku: text('scheduled_sku'),
    suspendedAt: integer('suspended_at', { mode: 'timestamp_ms' }),
    /** 'unpaid' (the cron) or the staff member's reason. */
    suspendReason: text('suspend_reason'),
    terminatedAt: integer('terminated_at', { mode: 'timestamp_ms' }),
    /** Free hosting the customer disabled: the daily cron deletes it at the panel after this (null: not due). */
    deleteAt: integer('delete_at', { mode: 'timestamp_ms' }),
    /**
     * LEGACY, written by nothing: free hosting's panel password in plain text, as rows made before
     * decision 091 hold it. The cron's pass (services/hosting/panel-secrets.ts) seals each one into
     * panelSecret and empties this; only that pass reads it.
     */
    legacyPanelPassword: text('panel_password'),
    /**
     * Free hosting's panel password as the panel handed it over at creation (spec §3 customer.passwd),
     * sealed (decision 091): AES-256-GCM ciphertext and IV in base64, and the version of the key. Only
     * the page's reveal opens it. Paid services leave it null: their customer sets one through the port.
     */
    panelSecret: text('panel_secret'),
    panelSecretIv: text('panel_secret_iv'),
    panelSecretKey: integer('panel_secret_key'),
    /** When the row last matched the provisioner's account. */
    syncedAt: integer('synced_at', { mode: 'timestamp_ms' }).notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    uniqueIndex('hosting_services_order_item_unique').on(t.orderItemId),
    uniqueIndex('hosting_services_account_unique').on(t.accountId),
    index('hosting_services_user_idx').on(t.userId, t.status, t.expiresAt),
    index('hosting_services_expiry_idx').on(t.status, t.expiresAt),
    index('hosting_services_domain_idx').on(t.domain),
    // One living free hosting per name (issue #23 §3): two racing enables cannot both record one.
    uniqueIndex('hosting_services_free_domain_unique').on(t.domain).where(sql`kind = 'free' AND status <> 'terminated'`),
    // The daily deletion of disabled free hostings reads only the rows that are due.
    index('hosting_services_delete_idx').on(t.deleteAt),
    // The rows the sealing pass still has to do (decision 091): none once it has run.
    index('hosting_services_plain_panel_password_idx').on(t.id).where(sql`panel_password IS NOT NULL`),
  ],
);
