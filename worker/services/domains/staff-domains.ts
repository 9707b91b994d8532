// The back office's view of every name (issue #22 §2, decision 061): the list across accounts with
// its filters, sorts and pages (one D1 batch: the page and the filtered total), the CSV export read by
// keyset pages, and one name's page: our record beside the registry's own view, with the differences.
// The actions on a name are staff-domain-actions.ts. Every sort has its own index (migration 0016):
// ORDER BY follows an index and LIMIT stops the scan, whatever the number of names.
import { and, asc, desc, eq, gt, lte, or, sql, type SQL } from 'drizzle-orm';
import { compareWithRegistry, containsPattern, type DomainDifference, type DomainKeyset, type StaffDomainFilters, type StaffDomainSort } from '../../../core/staff/domain-list';
import type { SortDir } from '../../../core/staff/list-query';
import type { DomainInfo } from '../../adapters/registry/port';
import { RegistryError } from '../../adapters/registry/port';
import { auditLog, contacts, domainContacts, domains, nameserverGroups, users } from '../../../db/schema';
import type { ServiceDeps } from '../deps';

const DAY_MS = 24 * 60 * 60_000;
/** Rows per D1 read of the CSV export: 100,000 names are 40 reads (decision 061 has the figures). */
export const EXPORT_PAGE_ROWS = 2500;

const rowColumns = {
  id: domains.id,
  fqdn: domains.fqdn,
  asciiFqdn: domains.asciiFqdn,
  registry: domains.registry,
  status: domains.status,
  expiresAt: domains.expiresAt,
  autoRenew: domains.autoRenew,
  locked: domains.locked,
  createdAt: domains.createdAt,
  userId: domains.userId,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
};

export type StaffDomainRow = {
  id: number;
  fqdn: string;
  asciiFqdn: string;
  registry: (typeof domains.$inferSelect)['registry'];
  status: (typeof domains.$inferSelect)['status'];
  expiresAt: Date;
  autoRenew: boolean;
  locked: boolean;
  createdAt: Date;
  userId: number;
  email: string;
  firstName: string;
  lastName: string;
};

const sortColumn = { name: domains.fqdn, expiry: domains.expiresAt, created: domains.createdAt } as const;

function filterConditions(f: StaffDomainFilters, now: Date): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  // Unary '+' keeps SQLite from answering these by an equality index and then sorting thousands of
  // rows: the sort's own index carries both columns (migration 0016), so the scan tests them in place
  // and stops at the page's last row (EXPLAIN QUERY PLAN in decision 061).
  if (f.registry) parts.push(sql`+${domains.registry} = ${f.registry}`);
  if (f.status) parts.push(sql`+${domains.status} = ${f.status}`);
  if (f.expiringDays) parts.push(and(gt(domains.expiresAt, now), lte(domains.expiresAt, new Date(now.getTime() + f.expiringDays * DAY_MS))));
  if (f.holder && 'id' in f.holder) parts.push(eq(domains.userId, f.holder.id));
  // By e-mail: the account's id first (the unique e-mail index), then that account's names by its index.
  if (f.holder && 'email' in f.holder) parts.push(sql`${domains.userId} = (SELECT id FROM users WHERE email = ${f.holder.email})`);
  if (f.search) {
    // The registry key is the name in lower case (Greek without accents, σ for ς): it finds every name
    // from the name index alone. An 'xn--' fragment is looked for in the ASCII form as well.
    const key = sql`${domains.registryKey} LIKE ${containsPattern(f.search.key)} ESCAPE '\\'`;
    parts.push(f.search.ascii.includes('xn--') ? or(key, sql`${domains.asciiFqdn} LIKE ${containsPattern(f.search.ascii)} ESCAPE '\\'`) : key);
  }
  const present = parts.filter((p): p is SQL => p !== undefined);
  return present.length ? and(...present) : undefined;
}

function orderBy(sort: StaffDomainSort, dir: SortDir) {
  const by = dir === 'desc' ? desc : asc;
  return [by(sortColumn[sort]), by(domains.id)];
}

/** The keyset condition: rows after (value, id) in the list's order. */
function after(sort: StaffDomainSort, dir: SortDir, key: DomainKeyset): SQL {
  const col = sortColumn[sort];
  const op = dir === 'desc' ? sql.raw('<') : sql.raw('>');
  return sql`(${col}, ${domains.id}) ${op} (${key.v}, ${key.id})`;
}

export type StaffDomainDetail = {
  domain: typeof domains.$inferSelect;
  holder: { id: number; email: string; firstName: string; lastName: string; userGroup: string };
  nsGroup: { id: number; name: string } | null;
  contacts: { role: string; name: string; email: string }[];
  registry: { ok: true; info: DomainInfo; differences: DomainDifference[] } | { ok: false; code: number };
  history: { id: number; action: string; at: Date; actorEmail: string | null; detail: Record<string, unknown> }[];
};

export function createStaffDomainService({ db, now, adapters }: ServiceDeps) {
  return {
    /** One page of the list and the number of names the filters match, in one round trip. */
    async list(input: { filters: StaffDomainFilters; sort: StaffDomainSort; dir: SortDir; perPage: number; offset: number }): Promise<{ rows: StaffDomainRow[]; total: number }> {
      const where = filterConditions(input.filters, now);
      const [rows, count] = await db.batch([
        db
          .select(rowColumns)
          .from(domains)
          .innerJoin(users, eq(users.id, domains.userId))
          .where(where)
          .orderBy(...orderBy(input.sort, input.dir))
          .limit(input.perPage)
          .offset(input.offset),
        db.select({ n: sql<number>`count(*)` }).from(domains).where(where),
      ]);
      return { rows, total: Number(count[0]?.n ?? 0) };
    },

    /** The next rows of the export after `key` (null: from the start), by keyset: no OFFSET to skip past. */
    async exportPage(input: { filters: StaffDomainFilters; sort: StaffDomainSort; dir: SortDir; key: DomainKeyset | null; limit?: number }): Promise<{ rows: StaffDomainRow[]; next: DomainKeyset | null }> {
      const limit = input.limit ?? EXPORT_PAGE_ROWS;
      const rows = await db
        .select(rowColumns)
        .from(domains)
        .innerJoin(users, eq(users.id, domains.userId))
        .where(and(filterConditions(input.filters, now), input.key ? after(input.sort, input.dir, input.key) : undefined))
        .orderBy(...orderBy(input.sort, input.dir))
        .limit(limit);
      const last = rows[rows.length - 1];
      const value = (r: StaffDomainRow) => (input.sort === 'name' ? r.fqdn : input.sort === 'expiry' ? r.expiresAt.getTime() : r.createdAt.getTime());
      return { rows, next: rows.length === limit && last ? { v: value(last), id: last.id } : null };
    },

    /** A name's page: our record, its holder and contacts, the registry's view and the differences. */
    async detail(id: number): Promise<StaffDomainDetail | null> {
      const [found] = await db
        .select({ d: domains, u: { id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, userGroup: users.userGroup }, g: { id: nameserverGroups.id, name: nameserverGroups.name } })
        .from(domains)
        .innerJoin(users, eq(users.id, domains.userId))
        .leftJoin(nameserverGroups, eq(nameserverGroups.id, domains.nsGroupId))
        .where(eq(domains.id, id));
      if (!found) return null;
      const d = found.d;
      const [roleRows, history] = await db.batch([
        db
          .select({ role: domainContacts.role, first: contacts.firstName, last: contacts.lastName, email: contacts.email })
          .from(domainContacts)
          .innerJoin(contacts, eq(contacts.id, domainContacts.contactId))
          .where(eq(domainContacts.domainId, id)),
        db
          .select({ id: auditLog.id, action: auditLog.action, at: auditLog.createdAt, actorEmail: users.email, detail: auditLog.detail })
          .from(auditLog)
          .leftJoin(users, eq(users.id, auditLog.actorUserId))
          .where(and(eq(auditLog.targetType, 'domain'), eq(auditLog.targetId, String(id))))
          .orderBy(desc(auditLog.id))
          .limit(20),
      ]);
      let registry: StaffDomainDetail['registry'];
      try {
        const info = await adapters.registries[d.registry].info({ name: d.asciiFqdn, key: d.registryKey });
        registry = { ok: true, info, differences: compareWithRegistry({ status: d.status, expiresAt: d.expiresAt, nameservers: d.nameservers, locked: d.locked }, info, now) };
      } catch (e) {
        if (!(e instanceof RegistryError)) throw e;
        registry = { ok: false, code: e.code };
      }
      return {
        domain: d,
        holder: found.u,
        nsGroup: found.g?.id ? { id: found.g.id, name: found.g.name } : null,
        contacts: roleRows.map((r) => ({ role: r.role, name: `${r.first} ${r.last}`.trim(), email: r.email })),
        registry,
        history,
      };
    },
  };
}
