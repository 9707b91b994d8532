// Domain contacts and nameserver groups (spec §3 Contact profile, Nameserver group; issue #5 §1: created
// in the cart with the minimum fields, fully managed in a later issue).
import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './accounts';

export const contacts = sqliteTable(
  'contacts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['individual', 'organisation'] }).notNull().default('individual'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** Latin-script forms for registries that need them (spec: first_name_int_ind, last_name_int_ind). */
    firstNameInt: text('first_name_int'),
    lastNameInt: text('last_name_int'),
    organisation: text('organisation'),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    address: text('address').notNull(),
    city: text('city').notNull(),
    postcode: text('postcode').notNull(),
    countryIso2: text('country_iso2').notNull(),
    /** An organisation's VAT number (ΑΦΜ for Greek ones), which the .gr registry asks of companies. */
    vatNumber: text('vat_number'),
    /** 'incomplete data' (spec §5 required_contact): made with the cart's minimum fields or imported with a transfer; must be completed before use. */
    incomplete: integer('incomplete', { mode: 'boolean' }).notNull().default(false),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('contacts_user_idx').on(t.userId)],
);

export const nameserverGroups = sqliteTable(
  'nameserver_groups',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    nameservers: text('nameservers', { mode: 'json' }).$type<string[]>().notNull().default(sql`'[]'`),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('nameserver_groups_user_idx').on(t.userId)],
);
