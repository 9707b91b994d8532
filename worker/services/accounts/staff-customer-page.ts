// One customer in the back office (issue #22 §2 "Customers"): the profile, billing profiles (which one
// is the default), domains, hosting services, orders, documents, credit, sessions and consents; and what staff do to the
// account: disable or enable it (spec §4 User; the staff suspension, 2011) and end a session.
//
// Disabling is one D1 batch (the status and its audit row, the row only when the status moved, so a
// second click writes nothing), then every session of the customer ends in the user's object, which
// tells each open tab (UserHasLoggedOut: the tabs reload, logged out). The status goes first: from
// that moment every request of the customer is refused (auth.current reads the status), even in the
// instant before the sessions are revoked.
import { asc, count, desc, eq, sql } from 'drizzle-orm';
import { ErrorCode } from '../../../core/errors';
import { statusChangeRefusal, type CustomerStatusTrigger } from '../../../core/staff/customers';
import { auditStatement, rawBatch } from '../../../db/raw-batch';
import { billingProfiles, creditMovements, domains, hostingServices, orders, saleDocuments, users } from '../../../db/schema';
import type { ServiceDeps } from '../deps';
import { userStub } from '../platform';
import { userRoom } from './auth';

/** How many of each list the page shows (the newest); the counts say how many there are. */
export const CUSTOMER_PAGE_LIMIT = 50;

/** Who acts (the audit row's actor); the same shape as the staff area's StaffActor, named here so
 * that accounts does not import the staff area (which imports accounts). */
export type CustomerActor = { userId: number; ip: string | null };

export type StaffActionResult = { ok: true; changed: boolean } | { ok: false; code: number; status: number };

export function createStaffCustomerPageService(deps: ServiceDeps) {
  const { db, now } = deps;
  const stub = (userId: number) => userStub(deps, userRoom(userId));

  async function customer(id: number) {
    const [u] = await db.select().from(users).where(eq(users.id, id));
    return u ?? null;
  }

  return {
    /** Who a customer is, for the enable/disable confirmation; null when not a customer. */
    async customerSummary(id: number): Promise<{ id: number; firstName: string; lastName: string; email: string; status: 'active' | 'suspended'; userGroup: string } | null> {
      const u = await customer(id);
      return u ? { id: u.id, firstName: u.firstName, lastName: u.lastName, email: u.email, status: u.status, userGroup: u.userGroup } : null;
    },

    /** Everything the customer page shows; null when there is no such customer (staff are not customers). */
    async customerPage(id: number) {
      const u = await customer(id);
      if (!u || u.userGroup !== 'user') return null;
      const [profiles, domainRows, [domainCount], orderRows, [orderCount], documentRows, balanceCents, movements, sessions, hostingRows] = await Promise.all([
        // Read here rather than through the billing area, which imports the staff area, which imports this one.
        db.select().from(billingProfiles).where(eq(billingProfiles.userId, id)).orderBy(desc(billingProfiles.isDefault), asc(billingProfiles.id)),
        db
          .select({ id: domains.id, fqdn: domains.fqdn, status: domains.status, expiresAt: domains.expiresAt, autoRenew: domains.autoRenew })
          .from(domains)
          .where(eq(domains.userId, id))
          .orderBy(asc(domains.fqdn))
          .limit(CUSTOMER_PAGE_LIMIT),
        db.select({ n: count() }).from(domains).where(eq(domains.userId, id)),
        db
          .select({ id: orders.id, status: orders.status, paymentMethod: orders.paymentMethod, grandTotalCents: orders.grandTotalCents, createdAt: orders.createdAt })
          .from(orders)
          .where(eq(orders.userId, id))
          .orderBy(desc(orders.id))
          .limit(CUSTOMER_PAGE_LIMIT),
        db.select({ n: count() }).from(orders).where(eq(orders.userId, id)),
        db
          .select({ id: saleDocuments.id, kind: saleDocuments.kind, series: saleDocuments.series, number: saleDocuments.number, status: saleDocuments.status, totalCents: saleDocuments.totalCents, createdAt: saleDocuments.createdAt })
          .from(saleDocuments)
          .where(eq(saleDocuments.userId, id))
          .orderBy(desc(saleDocuments.id))
          .limit(CUSTOMER_PAGE_LIMIT),
        db.select({ total: sql<number>`COALESCE(SUM(${creditMovements.amountCents}), 0)` }).from(creditMovements).where(eq(creditMovements.userId, id)).then(([r]) => Number(r?.total ?? 0)),
        db
          .select({
            id: creditMovements.id,
            amountCents: creditMovements.amountCents,
            reason: creditMovements.reason,
            orderId: creditMovements.orderId,
            note: creditMovements.note,
            createdAt: creditMovements.createdAt,
            series: saleDocuments.series,
            number: saleDocuments.number,
          })
          .from(creditMovements)
          .leftJoin(saleDocuments, eq(saleDocuments.id, creditMovements.documentId))
          .where(eq(creditMovements.userId, id))
          .orderBy(desc(creditMovements.id))
          .limit(CUSTOMER_PAGE_LIMIT),
        stub(id).then((s) => s.listSessions(now.getTime())),
        // Read here too (issue #23 §2): the hosting area's index reaches the notifications and billing.
        db
          .select({ id: hostingServices.id, domain: hostingServices.domain, username: hostingServices.username, kind: hostingServices.kind, status: hostingServices.status, server: hostingServices.server, expiresAt: hostingServices.expiresAt })
          .from(hostingServices)
          .where(eq(hostingServices.userId, id))
          .orderBy(desc(hostingServices.id))
          .limit(CUSTOMER_PAGE_LIMIT),
      ]);
      return {
        user: u,
        profiles,
        domains: { rows: domainRows, total: domainCount?.n ?? 0 },
        orders: { rows: orderRows, total: orderCount?.n ?? 0 },
        documents: documentRows,
        credit: { balanceCents, movements },
        sessions,
        hosting: hostingRows,
      };
    },

    /**
     * Spec §4 User: 'suspended' disables (the staff suspension, 2011) and ends every session at once;
     * 'active' enables. 151 for oneself or a member of staff. Idempotent: a second request finds the
     * status already there and writes neither the status nor an audit row (it still ends sessions).
     */
    async setCustomerStatus(actor: CustomerActor, id: number, to: CustomerStatusTrigger): Promise<StaffActionResult> {
      const u = await customer(id);
      if (!u) return { ok: false, code: ErrorCode.USER_STATUS_NOT_FOUND, status: 404 };
      const refusal = statusChangeRefusal(actor.userId, u);
      if (refusal !== null) return { ok: false, code: refusal, status: 403 };
      const at = now.getTime();
      const results = await rawBatch(db, [
        {
          // Guarded again here (a customer, not already there): the read above may be stale.
          sql: "UPDATE users SET status = ?, suspension = ?, updated_at = ? WHERE id = ? AND user_group = 'user' AND status <> ?",
          params: [to, to === 'suspended' ? 'staff' : null, at, id, to],
        },
        // changes(): the rows the UPDATE just above moved, in the same batch (one connection, one transaction).
        auditStatement(
          { actorUserId: actor.userId, ip: actor.ip, action: to === 'suspended' ? 'customer.suspended' : 'customer.activated', targetType: 'user', targetId: id, detail: { email: u.email, from: u.status, to }, at: now },
          { sql: 'changes() = 1', params: [] },
        ),
      ]);
      const changed = (results[0]?.meta.changes ?? 0) === 1;
      // Every tab of every session hears UserHasLoggedOut and reloads, logged out.
      if (to === 'suspended') await (await stub(id)).revokeSessions({ all: true }, at);
      return { ok: true, changed };
    },

    /**
     * Staff end one session of a customer ("end session"); the page names it by the first 16
     * characters of its id (the full id never reaches a page). The session lives in the user's object,
     * not in D1, so its audit row follows the revocation (written only when a session did end).
     */
    async endCustomerSession(actor: CustomerActor, id: number, sessionPrefix: string): Promise<StaffActionResult> {
      const u = await customer(id);
      if (!u) return { ok: false, code: ErrorCode.USER_STATUS_NOT_FOUND, status: 404 };
      if (u.userGroup !== 'user') return { ok: false, code: ErrorCode.ACTION_NOT_ALLOWED, status: 403 };
      if (!/^[0-9a-f]{16}$/.test(sessionPrefix)) return { ok: false, code: ErrorCode.VALIDATION_ERROR, status: 400 };
      const s = await stub(id);
      const session = (await s.listSessions(now.getTime())).find((row) => row.id.startsWith(sessionPrefix));
      if (!session) return { ok: true, changed: false };
      await s.revokeSessions({ id: session.id }, now.getTime());
      await rawBatch(db, [
        auditStatement({ actorUserId: actor.userId, ip: actor.ip, action: 'customer.session_ended', targetType: 'user', targetId: id, detail: { session: sessionPrefix, ip: session.ip, userAgent: session.userAgent }, at: now }),
      ]);
      return { ok: true, changed: true };
    },
  };
}

export type StaffCustomerPageService = ReturnType<typeof createStaffCustomerPageService>;
