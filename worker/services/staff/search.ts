// The back office's global search (issue #22 §1): one box for a domain, a customer's e-mail, an order
// number, a document number or an ΑΦΜ. core/staff/search-query.ts says what the text can be; each
// reading is one look-up by an index (a unique key, or a prefix as an index range, never LIKE '%…'),
// each capped at SEARCH_LIMIT rows, and run together in one D1 batch. A staff account is no customer
// (issue #32 §3): it is listed as staff and leads to the staff page, as do its orders and ΑΦΜ, since a
// customer page answers 404 for it. Each hit names the right its page asks for.
import { and, asc, eq, gte, inArray, lt, type SQL } from 'drizzle-orm';
import { documentNumber } from '../../../core/documents/format';
import type { StaffPermission } from '../../../core/staff/permissions';
import { prefixEnd, readSearch, SEARCH_LIMIT, type SearchReadings } from '../../../core/staff/search-query';
import { billingProfiles, domains, orders, saleDocuments, users } from '../../../db/schema';
import type { Db } from '../../../db/client';
import type { ServiceDeps } from '../deps';

export type SearchHit = {
  kind: 'domain' | 'customer' | 'staff' | 'order' | 'document' | 'vat';
  /** The back-office page of what was found. */
  href: string;
  /** The right that page asks for: without it the hit is listed without its link. */
  right: StaffPermission;
  label: string;
  detail: string;
  /** The text names this thing exactly (not just its start). */
  exact: boolean;
};

export type SearchResult = { readings: SearchReadings; groups: { kind: SearchHit['kind']; hits: SearchHit[] }[]; total: number };

const KINDS: SearchHit['kind'][] = ['customer', 'staff', 'domain', 'order', 'document', 'vat'];

/** The page of an account: a customer's, or the staff page for a member of staff (no customer page). */
const accountPage = (u: { id: number; userGroup: string }, anchor = ''): Pick<SearchHit, 'href' | 'right'> =>
  u.userGroup === 'user' ? { href: `/admin/customers/${u.id}${anchor}`, right: 'customers.view' } : { href: '/admin/staff', right: 'staff.manage' };

const range = (column: SQL.Aliased | Parameters<typeof gte>[0], prefix: string) => and(gte(column, prefix), lt(column, prefixEnd(prefix)));

const customer = { id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, userGroup: users.userGroup };

const domainQuery = (db: Db) =>
  db.select({ id: domains.id, fqdn: domains.fqdn, ascii: domains.asciiFqdn, status: domains.status, email: users.email }).from(domains).innerJoin(users, eq(users.id, domains.userId));

/** The look-ups of a search, one per reading (an empty one where the text cannot be that kind). */
export function searchQueries(db: Db, r: SearchReadings) {
  const none = db.select({ id: users.id }).from(users).where(eq(users.id, -1)).limit(0);
  const q = {
    customers: r.email ? db.select(customer).from(users).where(range(users.email, r.email)).orderBy(asc(users.email)).limit(SEARCH_LIMIT) : none,
    // Two ranges, not one OR: each reads its own index in order (an OR with ORDER BY could scan one whole).
    // The ACE form catches 'xn--…' and Latin names, the display form a Greek name's start.
    domainsAscii: r.domain ? domainQuery(db).where(range(domains.asciiFqdn, r.domain.ascii)).orderBy(asc(domains.asciiFqdn)).limit(SEARCH_LIMIT) : none,
    domainsUnicode: r.domain && r.domain.unicode !== r.domain.ascii ? domainQuery(db).where(range(domains.fqdn, r.domain.unicode)).orderBy(asc(domains.fqdn)).limit(SEARCH_LIMIT) : none,
    orders: r.orderId
      ? db.select({ id: orders.id, status: orders.status, userId: orders.userId, email: users.email, userGroup: users.userGroup }).from(orders).innerJoin(users, eq(users.id, orders.userId)).where(eq(orders.id, r.orderId)).limit(1)
      : none,
    documents: r.document
      ? db
          .select({ id: saleDocuments.id, series: saleDocuments.series, number: saleDocuments.number, kind: saleDocuments.kind, status: saleDocuments.status, email: users.email })
          .from(saleDocuments)
          .innerJoin(users, eq(users.id, saleDocuments.userId))
          .where(and(eq(saleDocuments.series, r.document.series), eq(saleDocuments.number, r.document.number)))
          .limit(1)
      : none,
    vat: r.vatNumber
      ? db
          // No second 'id' column: a batch maps its rows by column name, and a join's duplicate names collide.
          .select({ profile: billingProfiles.name, vat: billingProfiles.vatNumber, ...customer })
          .from(billingProfiles)
          .innerJoin(users, eq(users.id, billingProfiles.userId))
          .where(inArray(billingProfiles.vatNumber, [r.vatNumber, `EL${r.vatNumber}`]))
          .limit(SEARCH_LIMIT)
      : none,
  };
  return q;
}

export function createStaffSearchService({ db }: ServiceDeps) {
  const name = (r: { firstName: string; lastName: string }) => `${r.firstName} ${r.lastName}`.trim();

  return {
    async search(text: string): Promise<SearchResult> {
      const r = readSearch(text);
      const q = searchQueries(db, r);
      const [c, da, du, o, doc, v] = (await db.batch([q.customers, q.domainsAscii, q.domainsUnicode, q.orders, q.documents, q.vat] as const)) as unknown as [
        { id: number; email: string; firstName: string; lastName: string; userGroup: string }[],
        { id: number; fqdn: string; ascii: string; status: string; email: string }[],
        { id: number; fqdn: string; ascii: string; status: string; email: string }[],
        { id: number; status: string; userId: number; email: string; userGroup: string }[],
        { id: number; series: string; number: number; kind: string; status: string; email: string }[],
        { profile: string; vat: string; id: number; email: string; firstName: string; lastName: string; userGroup: string }[],
      ];
      const d = [...new Map([...da, ...du].map((x) => [x.id, x])).values()].sort((x, y) => (x.ascii < y.ascii ? -1 : 1)).slice(0, SEARCH_LIMIT);
      const hits: SearchHit[] = [
        ...c.map((u) => ({ kind: u.userGroup === 'user' ? ('customer' as const) : ('staff' as const), ...accountPage(u), label: u.email, detail: name(u), exact: u.email === r.email })),
        ...d.map((x) => ({ kind: 'domain' as const, href: `/admin/domains/${x.id}`, right: 'domains.view' as const, label: x.fqdn, detail: x.email, exact: x.ascii === r.domain?.ascii })),
        ...o.map((x) => ({ kind: 'order' as const, ...accountPage({ id: x.userId, userGroup: x.userGroup }, '#orders'), label: `ORD-${x.id}`, detail: x.email, exact: true })),
        ...doc.map((x) => ({ kind: 'document' as const, href: `/admin/documents?email=${encodeURIComponent(x.email)}`, right: 'documents.view' as const, label: documentNumber(x), detail: x.email, exact: true })),
        ...v.map((x) => ({ kind: 'vat' as const, ...accountPage(x), label: x.vat, detail: `${x.profile} · ${x.email}`, exact: true })),
      ];
      const groups = KINDS.map((kind) => ({ kind, hits: hits.filter((h) => h.kind === kind) })).filter((g) => g.hits.length > 0);
      return { readings: r, groups, total: hits.length };
    },
  };
}

export type StaffSearchService = ReturnType<typeof createStaffSearchService>;
