// The back office's view of every hosting service (issue #23 §2): the list across accounts with its
// filters, sorts and pages (the page and the filtered total in one D1 batch), a service's page (our
// record, the panel's own view, the staff history) and the two staff actions, suspend with a reason
// and unsuspend, taken at the panel first and then recorded: the status change and its audit row are
// one batch, the row kept only when the status moved (a second click writes nothing).
import { and, asc, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import { ErrorCode } from '../../../core/errors';
import { containsPattern } from '../../../core/staff/domain-list';
import { staffHostingRefusal, type StaffHostingAction, type StaffHostingFilters, type StaffHostingSort } from '../../../core/staff/hosting-list';
import type { SortDir } from '../../../core/staff/list-query';
import { auditStatement, rawBatch } from '../../../db/raw-batch';
import { auditLog, hostingServices, products, users } from '../../../db/schema';
import { ProvisionerError, type HostingAccount } from '../../adapters/provisioner/port';
import type { ServiceDeps } from '../deps';
import { reachStatus } from './panel-steps';
import { createServiceEvents, serviceName } from './service-events';

export type StaffActor = { userId: number; ip: string | null };
export type StaffHostingResult = { ok: true; changed: boolean } | { ok: false; code: number; status: number };

const rowColumns = {
  id: hostingServices.id,
  domain: hostingServices.domain,
  username: hostingServices.username,
  sku: hostingServices.sku,
  kind: hostingServices.kind,
  status: hostingServices.status,
  server: hostingServices.server,
  expiresAt: hostingServices.expiresAt,
  createdAt: hostingServices.createdAt,
  cancelAtPeriodEnd: hostingServices.cancelAtPeriodEnd,
  userId: hostingServices.userId,
  email: users.email,
  planEl: products.nameEl,
  planEn: products.nameEn,
};

export type StaffHostingRow = {
  id: number;
  domain: string | null;
  username: string;
  sku: string;
  kind: (typeof hostingServices.$inferSelect)['kind'];
  status: (typeof hostingServices.$inferSelect)['status'];
  server: string;
  expiresAt: Date;
  createdAt: Date;
  cancelAtPeriodEnd: boolean;
  userId: number;
  email: string;
  planEl: string | null;
  planEn: string | null;
};

const sortColumn = { renewal: hostingServices.expiresAt, created: hostingServices.createdAt, domain: hostingServices.domain } as const;

function filterConditions(f: StaffHostingFilters): SQL | undefined {
  const parts: SQL[] = [];
  if (f.status) parts.push(eq(hostingServices.status, f.status));
  if (f.kind) parts.push(eq(hostingServices.kind, f.kind));
  if (f.search) {
    const p = containsPattern(f.search);
    parts.push(
      or(
        sql`${hostingServices.domain} LIKE ${p} ESCAPE '\\'`,
        sql`${hostingServices.username} LIKE ${p} ESCAPE '\\'`,
        sql`${hostingServices.server} LIKE ${p} ESCAPE '\\'`,
        sql`${users.email} LIKE ${p} ESCAPE '\\'`,
      )!,
    );
  }
  return parts.length ? and(...parts) : undefined;
}

export function createStaffHostingService(deps: ServiceDeps) {
  const { db, now, adapters } = deps;
  const events = createServiceEvents(deps);

  const listQuery = (where: SQL | undefined) =>
    db.select(rowColumns).from(hostingServices).innerJoin(users, eq(users.id, hostingServices.userId)).leftJoin(products, eq(products.sku, hostingServices.sku)).where(where);

  /** The panel step, then the status and its audit row in one batch (the row only if the status moved). */
  async function change(id: number, action: StaffHostingAction, reason: string | null, actor: StaffActor): Promise<StaffHostingResult> {
    const [s] = await db.select().from(hostingServices).where(eq(hostingServices.id, id));
    if (!s) return { ok: false, code: ErrorCode.SERVER_PROVIDER_PRODUCT_NOT_FOUND, status: 404 };
    const refusal = staffHostingRefusal(action, s.status);
    if (refusal === ErrorCode.NO_CHANGE) return { ok: true, changed: false };
    if (refusal !== null) return { ok: false, code: refusal, status: 409 };
    const p = adapters.provisioner;
    try {
      const wanted: HostingAccount['status'] = action === 'suspend' ? 'suspended' : 'active';
      await reachStatus(p, s.accountId, wanted, () => (action === 'suspend' ? p.suspend(s.accountId, reason ?? '') : p.unsuspend(s.accountId)));
    } catch (e) {
      // The panel refused or is down: nothing changed here either.
      if (e instanceof ProvisionerError) return { ok: false, code: e.code, status: 502 };
      throw e;
    }
    const from = action === 'suspend' ? 'active' : 'suspended';
    const results = await rawBatch(db, [
      action === 'suspend'
        ? { sql: "UPDATE hosting_services SET status = 'suspended', suspended_at = ?, suspend_reason = ?, updated_at = ?, synced_at = ? WHERE id = ? AND status = ?", params: [now.getTime(), reason, now.getTime(), now.getTime(), id, from] }
        : { sql: "UPDATE hosting_services SET status = 'active', suspended_at = NULL, suspend_reason = NULL, updated_at = ?, synced_at = ? WHERE id = ? AND status = ?", params: [now.getTime(), now.getTime(), id, from] },
      auditStatement(
        { actorUserId: actor.userId, ip: actor.ip, action: `hosting.${action}ed`, targetType: 'hosting', targetId: id, detail: { account: s.accountId, from: s.status, ...(reason ? { reason } : {}), ...(s.suspendReason && action === 'unsuspend' ? { suspendReason: s.suspendReason } : {}) }, at: now },
        { sql: 'changes() = 1', params: [] },
      ),
    ]);
    const changed = (results[0]?.meta.changes ?? 0) === 1;
    if (changed) {
      await events.changed(s.userId, id, action === 'suspend' ? 'suspended' : 'active', ['status']);
      const name = serviceName(s);
      if (action === 'suspend') await events.notify({ userId: s.userId, serviceId: id, notice: 'suspended_staff', name, dedupeKey: `hosting-staff-suspended:${id}:${now.getTime()}` });
      else await events.notify({ userId: s.userId, serviceId: id, notice: 'unsuspended', name, dedupeKey: `hosting-unsuspended:${id}:${s.suspendedAt?.getTime() ?? 0}` });
    }
    return { ok: true, changed };
  }

  return {
    /** One page of the list and the number of services the filters match, in one round trip. */
    async list(input: { filters: StaffHostingFilters; sort: StaffHostingSort; dir: SortDir; perPage: number; offset: number }): Promise<{ rows: StaffHostingRow[]; total: number }> {
      const where = filterConditions(input.filters);
      const by = input.dir === 'desc' ? desc : asc;
      const [rows, count] = await db.batch([
        listQuery(where).orderBy(by(sortColumn[input.sort]), by(hostingServices.id)).limit(input.perPage).offset(input.offset),
        db.select({ n: sql<number>`count(*)` }).from(hostingServices).innerJoin(users, eq(users.id, hostingServices.userId)).where(where),
      ]);
      return { rows, total: Number(count[0]?.n ?? 0) };
    },

    /** Every row the filters match for the CSV export, in pages by id (at most `limit` per call). */
    async exportPage(filters: StaffHostingFilters, afterId: number, limit = 1000): Promise<StaffHostingRow[]> {
      return listQuery(and(filterConditions(filters), sql`${hostingServices.id} > ${afterId}`))
        .orderBy(asc(hostingServices.id))
        .limit(limit);
    },

    /** A customer's services for their back-office page (newest first). */
    async ofCustomer(userId: number, limit = 50) {
      return listQuery(eq(hostingServices.userId, userId)).orderBy(desc(hostingServices.id)).limit(limit);
    },

    /** A service's page: our record with its holder and plan, the panel's view, the staff history. */
    async detail(id: number) {
      const [found] = await db
        .select({ s: hostingServices, email: users.email, firstName: users.firstName, lastName: users.lastName, planEl: products.nameEl, planEn: products.nameEn })
        .from(hostingServices)
        .innerJoin(users, eq(users.id, hostingServices.userId))
        .leftJoin(products, eq(products.sku, hostingServices.sku))
        .where(eq(hostingServices.id, id));
      if (!found) return null;
      const history = await db
        .select({ id: auditLog.id, action: auditLog.action, at: auditLog.createdAt, actorEmail: users.email, detail: auditLog.detail })
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.actorUserId))
        .where(and(eq(auditLog.targetType, 'hosting'), eq(auditLog.targetId, String(id))))
        .orderBy(desc(auditLog.id))
        .limit(20);
      let panel: { ok: true; account: HostingAccount } | { ok: false; code: number };
      try {
        panel = { ok: true, account: await adapters.provisioner.getAccount(found.s.accountId) };
      } catch (e) {
        if (!(e instanceof ProvisionerError)) throw e;
        panel = { ok: false, code: e.code };
      }
      return { service: found.s, holder: { id: found.s.userId, email: found.email, name: `${found.firstName} ${found.lastName}`.trim() }, plan: { el: found.planEl, en: found.planEn }, panel, history };
    },

    suspend: (id: number, input: { reason: string }, actor: StaffActor) => change(id, 'suspend', input.reason, actor),
    unsuspend: (id: number, actor: StaffActor) => change(id, 'unsuspend', null, actor),
  };
}

export type StaffHostingService = ReturnType<typeof createStaffHostingService>;
