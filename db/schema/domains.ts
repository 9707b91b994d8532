// Domains (issue #4; spec §3 Domain): the customers' domains as this shop records them, favourites,
// the short-lived cache of availability answers, and the state of the sandbox registries (one per
// registry family) behind the registry port. The sandbox tables are the registries' own data, kept
// apart from ours: a real registry would hold them (DESIGN.md "Outside systems").
import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { registryFamilies } from '../../core/catalog';
import { users } from './accounts';

export const domainStatuses = ['active', 'pending', 'transfer_pending', 'expired', 'redemption', 'cancelled'] as const;

/** A customer's domain. `registryKey` is the name as its registry compares names (Greek: no accents, σ for ς). */
export const domains = sqliteTable(
  'domains',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** Display form, Unicode: 'καφενείο.gr'. */
    fqdn: text('fqdn').notNull(),
    asciiFqdn: text('ascii_fqdn').notNull(),
    registryKey: text('registry_key').notNull(),
    tld: text('tld').notNull(),
    registry: text('registry', { enum: registryFamilies }).notNull(),
    status: text('status', { enum: domainStatuses }).notNull().default('active'),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    autoRenew: integer('auto_renew', { mode: 'boolean' }).notNull().default(true),
    idProtect: integer('id_protect', { mode: 'boolean' }).notNull().default(false),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [uniqueIndex('domains_ascii_unique').on(t.asciiFqdn), index('domains_user_idx').on(t.userId), index('domains_key_idx').on(t.registry, t.registryKey)],
);

/** A customer's starred search results (guests keep theirs in the browser). */
export const domainFavourites = sqliteTable(
  'domain_favourites',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** ASCII fqdn, the stable key. */
    asciiFqdn: text('ascii_fqdn').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.asciiFqdn] })],
);

/** domainSearchCache (issue #4 §4): one registry answer per name, reused for a minute. */
export const domainSearchCache = sqliteTable('domain_search_cache', {
  asciiFqdn: text('ascii_fqdn').primaryKey(),
  result: text('result', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
  checkedAt: integer('checked_at', { mode: 'timestamp_ms' }).notNull(),
});

// ---------------------------------------------------------------------------------------------------
// Sandbox registries
// ---------------------------------------------------------------------------------------------------

/** A name the sandbox registry holds (registered here or elsewhere, reserved, or in redemption). */
export const registryObjects = sqliteTable(
  'registry_objects',
  {
    registry: text('registry', { enum: registryFamilies }).notNull(),
    registryKey: text('registry_key').notNull(),
    /** ASCII fqdn as registered (the key may differ: accents, final sigma). */
    name: text('name').notNull(),
    /** EPP statuses: ok, clientTransferProhibited, serverHold, redemptionPeriod, pendingTransfer, reserved … */
    statuses: text('statuses', { mode: 'json' }).$type<string[]>().notNull().default(sql`'["ok"]'`),
    /** 'us' when this shop is the sponsoring registrar, otherwise another registrar's name. */
    sponsor: text('sponsor').notNull().default('other'),
    registrant: text('registrant', { mode: 'json' }).$type<Record<string, string | null>>().notNull().default(sql`'{}'`),
    authCode: text('auth_code'),
    idProtect: integer('id_protect', { mode: 'boolean' }).notNull().default(false),
    nameservers: text('nameservers', { mode: 'json' }).$type<string[]>().notNull().default(sql`'[]'`),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.registry, t.registryKey] })],
);

/** Premium names and their yearly prices (cents, VAT excluded) as the registry quotes them. */
export const registryPremium = sqliteTable(
  'registry_premium',
  {
    registry: text('registry', { enum: registryFamilies }).notNull(),
    registryKey: text('registry_key').notNull(),
    registerCents: integer('register_cents').notNull(),
    renewCents: integer('renew_cents').notNull(),
  },
  (t) => [primaryKey({ columns: [t.registry, t.registryKey] })],
);

export const registryHosts = sqliteTable(
  'registry_hosts',
  {
    registry: text('registry', { enum: registryFamilies }).notNull(),
    name: text('name').notNull(),
    ips: text('ips', { mode: 'json' }).$type<string[]>().notNull().default(sql`'[]'`),
  },
  (t) => [primaryKey({ columns: [t.registry, t.name] })],
);

/** Each sandbox registry's rules and its test switches (maintenance, latency, failure). */
export const registrySettings = sqliteTable('registry_settings', {
  registry: text('registry', { enum: registryFamilies }).primaryKey(),
  nameserversMin: integer('nameservers_min').notNull(),
  nameserversMax: integer('nameservers_max').notNull(),
  contactRoles: text('contact_roles', { mode: 'json' }).$type<string[]>().notNull(),
  /** Whether a transfer includes a renewal (the .gr registry's transfer_renew). */
  transferRenews: integer('transfer_renews', { mode: 'boolean' }).notNull().default(false),
  maintenance: integer('maintenance', { mode: 'boolean' }).notNull().default(false),
  latencyMs: integer('latency_ms').notNull().default(0),
  failing: integer('failing', { mode: 'boolean' }).notNull().default(false),
});

/** The poll queue: status changes the registry reports (transfer approved, expiry …). */
export const registryMessages = sqliteTable(
  'registry_messages',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    registry: text('registry', { enum: registryFamilies }).notNull(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    payload: text('payload', { mode: 'json' }).$type<Record<string, unknown>>().notNull().default(sql`'{}'`),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    ackedAt: integer('acked_at', { mode: 'timestamp_ms' }),
  },
  (t) => [index('registry_messages_queue_idx').on(t.registry, t.ackedAt)],
);
