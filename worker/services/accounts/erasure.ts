// Closing an account and erasing its personal data (GDPR Art. 17; issue #24 §3). The customer asks on
// /account/privacy; staff carry the request out on the admin host (right customers.erase). What the law
// makes us keep stays: sale documents (with the buyer as invoiced in their own `billing` copy), myDATA
// records, orders and payments for the retention period, the audit log. Everything else that names the
// person is overwritten on the rows that other records still point at, or deleted where nothing does.
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { DUE_KINDS, PAYABLE_STATUSES } from '../../../core/documents/balance';
import { ErrorCode } from '../../../core/errors';
import { ERASED, ERASURE_BLOCKING_DOMAIN_STATUSES, ERASURE_BLOCKING_SERVICE_STATUSES, erasedEmail, erasureRefusal, type ErasureBlockers } from '../../../core/erasure';
import { auditStatement, rawBatch, type Raw } from '../../../db/raw-batch';
import { billingProfiles, contacts, domains, erasureRequests, hostingServices, saleDocuments, users } from '../../../db/schema';
import { hashPassword } from '../../security/password-hash';
import type { ServiceDeps } from '../deps';
import { createMailService } from '../mail';
import { userStub } from '../platform';
import { userRoom } from './auth';
import { sandboxMailKeys, sweepArchives, traceStatements } from './erasure-traces';
import type { CustomerActor } from './staff-customer-page';

export type ErasureResult = { ok: true; code: number } | { ok: false; code: number; status: number };
export type ErasureRow = {
  id: number;
  userId: number;
  status: (typeof erasureRequests.$inferSelect)['status'];
  email: string | null;
  name: string;
  requestedAt: Date;
  handledAt: Date | null;
  summary: Record<string, number> | null;
};

/** A document still owed: a due kind with money left on it, in a status that takes payments. */
const owed = (userId: number) => sql`${saleDocuments.userId} = ${userId} AND ${inArray(saleDocuments.kind, [...DUE_KINDS])} AND ${inArray(saleDocuments.status, [...PAYABLE_STATUSES])}
  AND ${saleDocuments.totalCents} - COALESCE((SELECT SUM(a.amount_cents) FROM document_allocations a WHERE a.due_document_id = ${saleDocuments.id}), 0) > 0`;

/**
 * The billing area's saved cards, handed in by the services' index (billing reaches the accounts
 * area through staff, so no import back, decision 051).
 */
export type ErasureCards = {
  list(userId: number): Promise<{ id: number }[]>;
  remove(userId: number, id: number): Promise<{ ok: true } | { ok: false; code: number }>;
};

export function createErasureService(deps: ServiceDeps, cards: ErasureCards) {
  const { db, now } = deps;

  async function blockers(userId: number): Promise<ErasureBlockers> {
    const [[d], [o], [h]] = await db.batch([
      db.select({ n: sql<number>`count(*)` }).from(domains).where(and(eq(domains.userId, userId), inArray(domains.status, [...ERASURE_BLOCKING_DOMAIN_STATUSES]))),
      db.select({ n: sql<number>`count(*)` }).from(saleDocuments).where(owed(userId)),
      db.select({ n: sql<number>`count(*)` }).from(hostingServices).where(and(eq(hostingServices.userId, userId), inArray(hostingServices.status, [...ERASURE_BLOCKING_SERVICE_STATUSES]))),
    ]);
    return { activeDomains: d?.n ?? 0, unpaidDocuments: o?.n ?? 0, activeServices: h?.n ?? 0 };
  }

  return {
    blockers,

    /** The customer's open request, if any (the section shows it instead of the button). */
    async pendingFor(userId: number) {
      const [row] = await db.select().from(erasureRequests).where(and(eq(erasureRequests.userId, userId), eq(erasureRequests.status, 'pending')));
      return row ?? null;
    },

    /**
     * The customer asks to close the account: refused with the reason while names, unpaid documents or
     * hosting remain; one open request per customer (the partial unique index), a second ask is 43013.
     */
    async request(user: { id: number; email: string }, ip: string): Promise<ErasureResult> {
      const refusal = erasureRefusal(await blockers(user.id));
      if (refusal !== null) return { ok: false, code: refusal, status: 409 };
      const added = await db.insert(erasureRequests).values({ userId: user.id, email: user.email, ip, requestedAt: now }).onConflictDoNothing().returning({ id: erasureRequests.id });
      if (!added.length) return { ok: false, code: ErrorCode.ERASURE_ALREADY_REQUESTED, status: 409 };
      return { ok: true, code: ErrorCode.ERASURE_REQUEST_RECEIVED };
    },

    /** The staff list: open requests first, then the latest handled ones. */
    async list(limit = 200): Promise<ErasureRow[]> {
      const rows = await db
        .select({ r: erasureRequests, email: users.email, firstName: users.firstName, lastName: users.lastName })
        .from(erasureRequests)
        .innerJoin(users, eq(users.id, erasureRequests.userId))
        .orderBy(sql`CASE WHEN ${erasureRequests.status} = 'pending' THEN 0 ELSE 1 END`, desc(erasureRequests.requestedAt))
        .limit(limit);
      return rows.map(({ r, email, firstName, lastName }) => ({
        id: r.id,
        userId: r.userId,
        status: r.status,
        email,
        name: `${firstName} ${lastName}`.trim(),
        requestedAt: r.requestedAt,
        handledAt: r.handledAt,
        summary: r.summary ?? null,
      }));
    },

    /**
     * Staff carry a request out. The customer is told by e-mail first, at the address about to be erased
     * (no notice sent: nothing is erased). Then one batch: the request closes (only if still open), the
     * audit row follows it, and every personal field is overwritten or deleted, each statement guarded
     * by this very closing, so a second click or a parallel one erases nothing twice. Sessions end last
     * (they live in the user's Durable Object, outside D1).
     */
    async carryOut(actor: CustomerActor, requestId: number): Promise<ErasureResult> {
      const [req] = await db.select().from(erasureRequests).where(eq(erasureRequests.id, requestId));
      if (!req) return { ok: false, code: ErrorCode.USER_STATUS_NOT_FOUND, status: 404 };
      // A click on a completed request sweeps R2 once more (an archive that finished building late).
      if (req.status !== 'pending') {
        if (req.status === 'completed') await sweepArchives(deps.env.FILES, req.userId);
        return { ok: true, code: ErrorCode.ERASURE_COMPLETED };
      }
      const [u] = await db.select().from(users).where(eq(users.id, req.userId));
      if (!u || u.userGroup !== 'user') return { ok: false, code: ErrorCode.ACTION_NOT_ALLOWED, status: 403 };
      // A name bought or a document issued since the request: refused now, for the same reasons.
      const found = await blockers(u.id);
      const refusal = erasureRefusal(found);
      if (refusal !== null) return { ok: false, code: refusal, status: 409 };

      // The processor forgets the cards saved for renewals first (issue #25 §1): one it cannot reach
      // refuses the erasure now, so staff try again, rather than leave a token that can be charged.
      for (const card of await cards.list(u.id)) {
        const removed = await cards.remove(u.id, card.id);
        if (!removed.ok && removed.code !== ErrorCode.VALIDATION_ERROR) return { ok: false, code: removed.code, status: 502 };
      }

      // Queued before the batch, while the address still stands; a provider that is down leaves it to the
      // queue's retries (the erasure goes on: it must not wait on a mail provider).
      await createMailService(deps).send({ template: 'account_closed', params: {}, to: u.email, lang: u.locale === 'en' ? 'en' : 'el', userId: u.id, dedupeKey: `erasure:${requestId}`, tag: 'gdpr:erasure' });

      // The archives' ZIPs go before the batch: R2 out of reach refuses the erasure now (staff try again).
      await sweepArchives(deps.env.FILES, u.id);
      // The sandbox mail's attachments are found by their outbox rows, which the batch deletes.
      const sandboxKeys = await sandboxMailKeys(deps.env.DB, u);

      const at = now.getTime();
      const id = u.id;
      const gone = erasedEmail(id);
      // A password nobody knows, in the same format as every other (the login verifies it like any).
      const unusable = await hashPassword(crypto.randomUUID());
      const count = sql<number>`count(*)`;
      const [[c], [p], [k]] = await db.batch([
        db.select({ n: count }).from(contacts).where(eq(contacts.userId, id)),
        db.select({ n: count }).from(billingProfiles).where(eq(billingProfiles.userId, id)),
        db.select({ n: count }).from(saleDocuments).where(eq(saleDocuments.userId, id)),
      ]);
      const summary = { contacts: c?.n ?? 0, billingProfiles: p?.n ?? 0, documentsKept: k?.n ?? 0 };
      const closedNow: Raw = { sql: "EXISTS (SELECT 1 FROM erasure_requests WHERE id = ? AND status = 'completed' AND handled_by = ? AND handled_at = ?)", params: [requestId, actor.userId, at] };
      const guarded = (statement: string, params: unknown[]): Raw => ({ sql: `${statement} AND ${closedNow.sql}`, params: [...params, ...closedNow.params] });
      await rawBatch(db, [
        {
          sql: "UPDATE erasure_requests SET status = 'completed', handled_by = ?, handled_at = ?, email = NULL, ip = NULL, summary = ? WHERE id = ? AND status = 'pending'",
          params: [actor.userId, at, JSON.stringify(summary), requestId],
        },
        auditStatement({ actorUserId: actor.userId, ip: actor.ip, action: 'customer.erased', targetType: 'user', targetId: id, detail: { request: requestId, ...summary }, at: now }, { sql: 'changes() = 1', params: [] }),
        guarded(
          `UPDATE users SET email = ?, email_verified_at = NULL, password_hash = ?, first_name = ?, last_name = ?, mobile = NULL, mobile_verified_at = NULL,
             state = NULL, city = NULL, address = NULL, postcode = NULL, birth_date = NULL, security_question = NULL, security_answer_hash = NULL,
             totp_secret = NULL, totp_enabled_at = NULL, totp_pending_secret = NULL, totp_last_counter = NULL, email_two_factor = 0,
             newsletter = 0, gdpr_communication = 0, status = 'suspended', suspension = 'staff', updated_at = ? WHERE id = ?`,
          [gone, unusable, ERASED, ERASED, at, id],
        ),
        guarded(
          `UPDATE contacts SET first_name = ?, last_name = ?, first_name_int = NULL, last_name_int = NULL, organisation = NULL, email = ?, phone = '', address = '',
             city = '', postcode = '', vat_number = NULL, updated_at = ? WHERE user_id = ?`,
          [ERASED, ERASED, gone, at, id],
        ),
        // Issued documents keep the buyer in their own copy (sale_documents.billing): the profiles go blank.
        guarded("UPDATE billing_profiles SET name = ?, vat_number = NULL, tax_office = NULL, profession = NULL, address = '', city = '', postcode = '' WHERE user_id = ?", [ERASED, id]),
        guarded('DELETE FROM tokens WHERE user_id = ?', [id]),
        guarded('DELETE FROM one_time_codes WHERE user_id = ?', [id]),
        guarded('DELETE FROM notifications WHERE user_id = ?', [id]),
        guarded('DELETE FROM domain_favourites WHERE user_id = ?', [id]),
        guarded('DELETE FROM saved_payment_methods WHERE user_id = ?', [id]),
        ...traceStatements(u, gone, at).map((s) => guarded(s.sql, s.params)),
        // The consent history stays as the record of what was agreed, without the address; the withdrawal joins it.
        guarded('UPDATE consent_events SET email = NULL WHERE user_id = ?', [id]),
        ...(['processing', 'validity', 'communication', 'newsletter'] as const).map((kind) =>
          guarded("INSERT INTO consent_events (user_id, kind, granted, source, actor_id, created_at) SELECT ?, ?, 0, 'erasure', ?, ? WHERE 1", [id, kind, actor.userId, at]),
        ),
      ]);
      // Every tab of every session hears UserHasLoggedOut and reloads, logged out; the object then
      // forgets the sessions (their IPs and browsers) and the cart.
      await (await userStub(deps, userRoom(id))).forgetSessions(at);
      // An archive whose build finished between the sweep and the batch lost its row: its ZIP goes too.
      await sweepArchives(deps.env.FILES, id);
      if (sandboxKeys.length) await deps.env.FILES.delete(sandboxKeys);
      return { ok: true, code: ErrorCode.ERASURE_COMPLETED };
    },
  };
}

export type ErasureService = ReturnType<typeof createErasureService>;
