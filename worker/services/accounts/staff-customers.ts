// The back office's customer list (issue #22 §2 "Customers"): every customer account (staff are not
// customers) with its status, registration, last login and how many domains and orders it has;
// filtered, searched (name, e-mail, the ΑΦΜ of a billing profile), sorted and paged in SQL, and
// exported as CSV read by keyset (id order) one page at a time. The page of one customer and the
// enable/disable and end-session actions are in staff-customer-page.ts.
import { likeContains, registeredRange, type CustomerFilters, type CustomerSort } from '../../../core/staff/customers';
import type { ListQuery } from '../../../core/staff/list-query';
import type { ServiceDeps } from '../deps';
import { createStaffCustomerPageService } from './staff-customer-page';

export type CustomerListRow = {
  id: number;
  name: string;
  email: string;
  status: 'active' | 'suspended';
  registeredAt: number;
  lastLoginAt: number | null;
  domains: number;
  orders: number;
};

type RawRow = { id: number; first_name: string; last_name: string; email: string; status: 'active' | 'suspended'; created_at: number; last_login_at: number | null; domains: number; orders: number };

// The ORDER BY of each sort column, from a fixed table: the URL's value never reaches the SQL.
const ORDER: Record<CustomerSort, string> = {
  name: "u.last_name || ' ' || u.first_name",
  email: 'u.email',
  registered: 'u.created_at',
  last_login: 'COALESCE(u.last_login_at, 0)',
  domains: 'domains',
  orders: 'orders',
};

const COLUMNS = `u.id, u.first_name, u.last_name, u.email, u.status, u.created_at, u.last_login_at,
  (SELECT COUNT(*) FROM domains d WHERE d.user_id = u.id) AS domains,
  (SELECT COUNT(*) FROM orders o WHERE o.user_id = u.id) AS orders`;

/** The WHERE of the list and of its export: the same filters give the same rows. */
function whereOf(q: string, filters: CustomerFilters): { sql: string; params: unknown[] } {
  const parts = ["u.user_group = 'user'"];
  const params: unknown[] = [];
  if (filters.status) {
    parts.push('u.status = ?');
    params.push(filters.status);
  }
  const { fromMs, toMs } = registeredRange(filters);
  if (fromMs !== null) {
    parts.push('u.created_at >= ?');
    params.push(fromMs);
  }
  if (toMs !== null) {
    parts.push('u.created_at < ?');
    params.push(toMs);
  }
  if (filters.ordered) parts.push(`${filters.ordered === 'yes' ? '' : 'NOT '}EXISTS (SELECT 1 FROM orders o WHERE o.user_id = u.id)`);
  if (q) {
    const pattern = likeContains(q);
    // The ΑΦΜ is matched from its start (digits typed so far), with or without the EL prefix.
    const vat = `${q.replace(/^EL/i, '').replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    parts.push(
      `(u.email LIKE ? ESCAPE '\\' OR (u.first_name || ' ' || u.last_name) LIKE ? ESCAPE '\\' OR EXISTS (SELECT 1 FROM billing_profiles b WHERE b.user_id = u.id AND (b.vat_number LIKE ? ESCAPE '\\' OR b.vat_number LIKE ? ESCAPE '\\')))`,
    );
    params.push(pattern, pattern, vat, `EL${vat}`);
  }
  return { sql: parts.join(' AND '), params };
}

const toRow = (r: RawRow): CustomerListRow => ({
  id: r.id,
  name: `${r.first_name} ${r.last_name}`.trim(),
  email: r.email,
  status: r.status,
  registeredAt: r.created_at,
  lastLoginAt: r.last_login_at,
  domains: Number(r.domains),
  orders: Number(r.orders),
});

export const CUSTOMER_EXPORT_PAGE = 500;

export function createStaffCustomerListService({ db }: Pick<ServiceDeps, 'db'>) {
  const d1 = db.$client;
  return {
    /** One page of the list and the number of rows the filters match. */
    async list(query: ListQuery<CustomerSort>, filters: CustomerFilters): Promise<{ rows: CustomerListRow[]; total: number }> {
      const where = whereOf(query.q, filters);
      const dir = query.dir === 'asc' ? 'ASC' : 'DESC';
      const [page, count] = await d1.batch([
        d1.prepare(`SELECT ${COLUMNS} FROM users u WHERE ${where.sql} ORDER BY ${ORDER[query.sort]} ${dir}, u.id ${dir} LIMIT ? OFFSET ?`).bind(...where.params, query.perPage, query.offset),
        d1.prepare(`SELECT COUNT(*) AS n FROM users u WHERE ${where.sql}`).bind(...where.params),
      ]);
      return { rows: (page!.results as RawRow[]).map(toRow), total: Number((count!.results[0] as { n: number } | undefined)?.n ?? 0) };
    },

    /** The export's pages: by id after the last one read, so every page costs the same (keyset). */
    async exportPage(q: string, filters: CustomerFilters, afterId: number | null, pageSize = CUSTOMER_EXPORT_PAGE): Promise<{ rows: CustomerListRow[]; next: number | null }> {
      const where = whereOf(q, filters);
      const { results } = await d1
        .prepare(`SELECT ${COLUMNS} FROM users u WHERE ${where.sql} AND u.id > ? ORDER BY u.id LIMIT ?`)
        .bind(...where.params, afterId ?? 0, pageSize)
        .all<RawRow>();
      const rows = results.map(toRow);
      return { rows, next: rows.length === pageSize ? rows[rows.length - 1]!.id : null };
    },
  };
}

/** The back office's customers: the list and export, and one customer's page with its actions. */
export function createStaffCustomerService(deps: ServiceDeps) {
  return { ...createStaffCustomerListService(deps), ...createStaffCustomerPageService(deps) };
}

export type StaffCustomerService = ReturnType<typeof createStaffCustomerService>;
