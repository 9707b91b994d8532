// The list of a customer's domains (issue #12 §2): previews with counts, search, sort and one page,
// read in one D1 batch (counts, the filtered total and the page), whatever the account's size: the
// (user_id, fqdn) and (user_id, expires_at) indexes serve the sorts, LIMIT/OFFSET the page.
import { and, asc, desc, eq, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { likePattern, pageCount, PORTAL_PAGE_SIZE, pageWindow, previewWindow, type ListQuery, type Preview } from '../../../core/domains/portal';
import type { Db } from '../../../db/client';
import { domains } from '../../../db/schema';

export const listColumns = {
  id: domains.id,
  fqdn: domains.fqdn,
  asciiFqdn: domains.asciiFqdn,
  tld: domains.tld,
  registry: domains.registry,
  status: domains.status,
  expiresAt: domains.expiresAt,
  autoRenew: domains.autoRenew,
  locked: domains.locked,
  idProtect: domains.idProtect,
};

export type ListRow = { id: number; fqdn: string; asciiFqdn: string; tld: string; registry: (typeof domains.$inferSelect)['registry']; status: (typeof domains.$inferSelect)['status']; expiresAt: Date; autoRenew: boolean; locked: boolean; idProtect: boolean };

export type DomainList = {
  rows: ListRow[];
  counts: Record<Preview, number>;
  /** Names matching the preview and search (what the pages divide). */
  total: number;
  page: number;
  pages: number;
};

function previewCondition(view: Preview, now: Date): SQL | undefined {
  const w = previewWindow(view, now);
  const parts: SQL[] = [];
  if (w.statuses) parts.push(inArray(domains.status, w.statuses));
  if (w.expiresBefore) parts.push(lte(domains.expiresAt, w.expiresBefore));
  return parts.length ? and(...parts) : undefined;
}

export async function listDomains(db: Db, userId: number, query: ListQuery, now: Date): Promise<DomainList> {
  const pattern = query.q ? likePattern(query.q) : null;
  // The search matches the display form and the ASCII one ('καφε' and 'xn--' both find καφενείο.gr).
  const search = pattern ? or(sql`${domains.fqdn} LIKE ${pattern} ESCAPE '\\'`, sql`${domains.asciiFqdn} LIKE ${pattern} ESCAPE '\\'`) : undefined;
  const where = and(eq(domains.userId, userId), previewCondition(query.view, now), search);
  const order = query.sort === 'expiry' ? [query.dir === 'desc' ? desc(domains.expiresAt) : asc(domains.expiresAt), asc(domains.fqdn)] : [query.dir === 'desc' ? desc(domains.fqdn) : asc(domains.fqdn)];
  const soon = previewWindow('expiring', now).expiresBefore!;
  const pageRows = (offset: number) => db.select(listColumns).from(domains).where(where).orderBy(...order).limit(PORTAL_PAGE_SIZE).offset(offset);
  const first = pageWindow(query.page, Number.MAX_SAFE_INTEGER);
  const [countRows, totalRows, rows] = await db.batch([
    // The previews' counts over the whole account (not the search): one scan of the user's index.
    db
      .select({
        all: sql<number>`count(*)`,
        registered: sql<number>`coalesce(sum(case when ${domains.status} = 'active' then 1 else 0 end), 0)`,
        expiring: sql<number>`coalesce(sum(case when ${domains.status} = 'active' and ${domains.expiresAt} <= ${soon.getTime()} then 1 else 0 end), 0)`,
        expired: sql<number>`coalesce(sum(case when ${domains.status} in ('expired', 'redemption') then 1 else 0 end), 0)`,
      })
      .from(domains)
      .where(eq(domains.userId, userId)),
    db.select({ n: sql<number>`count(*)` }).from(domains).where(where),
    pageRows(first.offset),
  ]);
  const total = Number(totalRows[0]?.n ?? 0);
  const { page, offset } = pageWindow(query.page, total);
  // A page past the end (an old link after names went): the last page instead, one more read.
  const shown = offset === first.offset ? rows : await pageRows(offset);
  const c = countRows[0]!;
  return {
    rows: shown,
    counts: { all: Number(c.all), registered: Number(c.registered), expiring: Number(c.expiring), expired: Number(c.expired) },
    total,
    page,
    pages: pageCount(total),
  };
}
