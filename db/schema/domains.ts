// Domains (issue #4; spec §3 Domain): the customers' domains as this shop records them, favourites,
// the short-lived cache of availability answers, and the state of the sandbox registries (one per
// registry family) behind the registry port. The sandbox tables are the registries' own data, kept
// apart from ours: a real registry would hold them (DESIGN.md "Outside systems").
import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { registryFamilies } from '../../core/catalog';
import { users } from './accounts';
import { contacts, nameserverGroups } from './contacts';

export const domainStatuses = ['active', 'pending', 'transfer_pending', 'expired', 'redemption', 'cancelled'] as const;
/** Where a domain's nameservers come from (issue #12 §3): ours (the registrar's default), a group, or a list. */
export const nameserverModes = ['default', 'group', 'custom'] as const;

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
    /** Until when ID protect is paid for, where the TLD sells it as an add-on (null: never bought). */
    idProtectUntil: integer('id_protect_until', { mode: 'timestamp_ms' }),
    /** The paid-until date the "ID protect ends soon" e-mail was sent for (a renewal moves the date: a new e-mail). */
    idProtectRemindedFor: integer('id_protect_reminded_for', { mode: 'timestamp_ms' }),
    /** The transfer lock at the registry (clientTransferProhibited), as the registry last confirmed it. */
    locked: integer('locked', { mode: 'boolean' }).notNull().default(false),
    nsMode: text('ns_mode', { enum: nameserverModes }).notNull().default('default'),
    /** The group the nameservers follow when nsMode is 'group'; a deleted group leaves the list as it was. */
    nsGroupId: integer('ns_group_id').references(() => nameserverGroups.id, { onDelete: 'set null' }),
    /** The delegation as the registry accepted it (stored only after its answer). */
    nameservers: text('nameservers', { mode: 'json' }).$type<string[]>().notNull().default(sql`'[]'`),
    /** When an external transfer in completed (the registry's poll message). */
    transferredAt: integer('transferred_at', { mode: 'timestamp_ms' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    uniqueIndex('domains_ascii_unique').on(t.asciiFqdn),
    index('domains_user_idx').on(t.userId),
    index('domains_key_idx').on(t.registry, t.registryKey),
    // The portal's list sorts a customer's names by name or by expiry (2,000 names on one account).
    index('domains_user_fqdn_idx').on(t.userId, t.fqdn),
    index('domains_user_expiry_idx').on(t.userId, t.expiresAt),
    // The back office's list of every name (issue #22 §2, migration 0016, decision 061): one index per
    // sort, each carrying the registry and status filters (and the name's search key), so a filtered
    // page of 100,000 names is read in index order with the filters tested in the index, no sort.
    index('domains_fqdn_idx').on(t.fqdn, t.registry, t.status, t.expiresAt, t.registryKey),
    index('domains_expiry_idx').on(t.expiresAt, t.registry, t.status),
    index('domains_created_idx').on(t.createdAt, t.registry, t.status),
  ],
);

/**
 * A renewal staff made on a customer's behalf (issue #22 §2, decision 061): a goodwill year at the
 * registry, free to the customer, with its reason. The key is the confirmation form's own: the row is
 * claimed before the registry is asked, so a double submit renews once.
 */
export const staffRenewals = sqliteTable('staff_renewals', {
  key: text('key').primaryKey(),
  domainId: integer('domain_id')
    .notNull()
    .references(() => domains.id, { onDelete: 'cascade' }),
  actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
  /** 'claimed' while the registry is asked, 'done' once our record has the new date. */
  status: text('status', { enum: ['claimed', 'done'] }).notNull(),
  reason: text('reason').notNull(),
  expiresBefore: integer('expires_before', { mode: 'timestamp_ms' }).notNull(),
  expiresAfter: integer('expires_after', { mode: 'timestamp_ms' }),
  createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
});

export const domainContactRoles = ['registrant', 'admin', 'tech', 'billing'] as const;
export type DomainContactRole = (typeof domainContactRoles)[number];

/** Who holds each role of a domain (spec §3 Contact profile roles), as the registry last accepted it. */
export const domainContacts = sqliteTable(
  'domain_contacts',
  {
    domainId: integer('domain_id')
      .notNull()
      .references(() => domains.id, { onDelete: 'cascade' }),
    role: text('role', { enum: domainContactRoles }).notNull(),
    // restrict: a contact that holds a role somewhere cannot be deleted.
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'restrict' }),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.domainId, t.role] }), index('domain_contacts_contact_idx').on(t.contactId)],
);

export const hostStatuses = ['creating', 'active'] as const;

/** Glue records: hosts under a customer's own names (spec §3 Domain "nameservers and hosts"). */
export const hosts = sqliteTable(
  'hosts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    domainId: integer('domain_id')
      .notNull()
      .references(() => domains.id, { onDelete: 'cascade' }),
    /** ASCII, lower case: 'ns1.example.gr'. */
    name: text('name').notNull(),
    ips: text('ips', { mode: 'json' }).$type<string[]>().notNull().default(sql`'[]'`),
    /**
     * 'creating' while the registry is asked (the unique name is claimed before the call, so two
     * parallel creates cannot both reach the registry); 'active' once it accepted.
     */
    status: text('status', { enum: hostStatuses }).notNull().default('active'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [uniqueIndex('hosts_name_unique').on(t.name), index('hosts_domain_idx').on(t.domainId)],
);

export const handoverStatuses = ['offered', 'completed', 'declined', 'cancelled', 'expired'] as const;

/**
 * Internal transfers (spec §4 Domain transfers): the holder offers a name to another account by e-mail,
 * the recipient accepts in their portal. The row stays as the record on both accounts.
 */
export const domainHandovers = sqliteTable(
  'domain_handovers',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    domainId: integer('domain_id')
      .notNull()
      .references(() => domains.id, { onDelete: 'cascade' }),
    /** The name at the time of the offer (the record survives the domain's later changes). */
    fqdn: text('fqdn').notNull(),
    fromUserId: integer('from_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    toEmail: text('to_email').notNull(),
    toUserId: integer('to_user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: handoverStatuses }).notNull().default('offered'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    decidedAt: integer('decided_at', { mode: 'timestamp_ms' }),
  },
  (t) => [index('domain_handovers_domain_idx').on(t.domainId), index('domain_handovers_to_idx').on(t.toEmail), index('domain_handovers_from_idx').on(t.fromUserId)],
);

/** How a name came to another account of ours (decision 089). */
export const holderChangeKinds = ['handover', 'staff', 'registration'] as const;

/**
 * Every change of a name's holder between our accounts (decision 089): an accepted handover, a staff
 * move, or a lapsed name registered again by someone else (the same row, see fulfilment). It is the
 * holding history: who held the name when, read by the EPP-code rule of decision 043 (a .gr's code is
 * withheld after any change until a trade has run) and by the personal-data archive (an archive holds
 * only what happened while its owner held the name). A name with no row was always its holder's.
 */
export const domainHolderChanges = sqliteTable(
  'domain_holder_changes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    domainId: integer('domain_id')
      .notNull()
      .references(() => domains.id, { onDelete: 'cascade' }),
    fromUserId: integer('from_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    toUserId: integer('to_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: holderChangeKinds }).notNull(),
    /** The accepted offer, for a handover. */
    handoverId: integer('handover_id').references(() => domainHandovers.id, { onDelete: 'set null' }),
    /** The instant of the change: what happened at it still belongs to the previous holder. */
    at: integer('at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('domain_holder_changes_domain_idx').on(t.domainId, t.at), index('domain_holder_changes_from_idx').on(t.fromUserId), index('domain_holder_changes_to_idx').on(t.toUserId)],
);

/**
 * Expiry reminders (issue #12 §6) raised by cron at 30, 7 and 1 days; one row per domain, expiry and
 * step, so a renewal (a new expiry) starts the steps again. The notification centre reads this table.
 */
export const domainReminders = sqliteTable(
  'domain_reminders',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    domainId: integer('domain_id')
      .notNull()
      .references(() => domains.id, { onDelete: 'cascade' }),
    daysBefore: integer('days_before').notNull(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    emailedAt: integer('emailed_at', { mode: 'timestamp_ms' }),
    readAt: integer('read_at', { mode: 'timestamp_ms' }),
  },
  (t) => [uniqueIndex('domain_reminders_step_unique').on(t.domainId, t.expiresAt, t.daysBefore), index('domain_reminders_user_idx').on(t.userId)],
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
    /** The admin, tech and billing contact handles the registry holds for the name (EPP domain:contact). */
    contacts: text('contacts', { mode: 'json' }).$type<Record<string, { handle: string } & Record<string, string | null>>>().notNull().default(sql`'{}'`),
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
