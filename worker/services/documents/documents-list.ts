// The customer's documents list (issue #13 §2): one page of 50 with the filters of
// core/documents/filters.ts, and the totals of everything the filters match (not only the page).
// Balances are worked out in the query from the allocations (total less what pays it) — except a credit
// note's, which is what is left of its credit when credit is spent oldest note first (creditNotesOf
// below, core/documents/credit-notes.ts), added in JS for the page and the unused total. The status
// shown is the stored one unless an unpaid debit is past its due date (OVERDUE), the rule of
// core/documents/status.ts written once more in SQL so the status filter and the totals agree with it.
import { DUE_KINDS, PAYABLE_STATUSES, PAYING_STATUSES, type DocumentKind, type DocumentStatus } from '../../../core/documents/balance';
import { creditSpentCents, remainingCredit, type CreditSource } from '../../../core/documents/credit-notes';
import { dateRange, KIND_OF_FILTER, PAGE_SIZE, type DocumentFilters } from '../../../core/documents/filters';
import { OVERDUE_FROM } from '../../../core/documents/status';
import type { Db } from '../../../db/client';

export type ListedDocument = {
  id: number;
  kind: DocumentKind;
  series: string;
  number: number;
  status: DocumentStatus;
  totalCents: number;
  balanceCents: number;
  orderId: number | null;
  dueAt: number | null;
  createdAt: number;
};

export type KindTotal = { kind: DocumentKind; count: number; totalCents: number };

export type DocumentList = {
  rows: ListedDocument[];
  count: number;
  pages: number;
  /**
   * The totals of every matching document, one per kind (issue #25 §5): an order, its receipt and the
   * payment that settled it are one purchase seen three ways, so a sum across kinds would count it three
   * times. Then what is still owed (due kinds) and unused (paying kinds).
   */
  byKind: KindTotal[];
  owedCents: number;
  unusedCents: number;
};

/** The order the kinds' totals are shown in: what was bought, what it was documented as, what paid it. */
const KIND_ORDER: readonly DocumentKind[] = ['order', 'invoice', 'receipt', 'debit', 'payment', 'credit'];

const list = (xs: readonly string[]) => xs.map((x) => `'${x}'`).join(', ');

export type CreditNotesState = { sources: CreditSource[]; spentCents: number; remaining: Map<number, number> };

/**
 * The customer's credit notes that gave credit (a positive movement with the note's id; a card refund's
 * or a corrective note has none, so it is absent and its balance 0), the credit spent, and what is left
 * of each note (first-in first-out). A note's balance is `remaining.get(id) ?? 0`.
 */
export async function creditNotesOf(db: Db, userId: number): Promise<CreditNotesState> {
  const d1 = db.$client;
  const [notes, moves] = await Promise.all([
    d1
      .prepare(
        `SELECT s.id, s.status, s.created_at AS at, SUM(m.amount_cents) AS amount FROM sale_documents s
          JOIN credit_movements m ON m.document_id = s.id AND m.user_id = s.user_id AND m.amount_cents > 0
          WHERE s.user_id = ? AND s.kind = 'credit' GROUP BY s.id`,
      )
      .bind(userId)
      .all<{ id: number; status: string; at: number; amount: number }>(),
    d1.prepare('SELECT amount_cents AS amountCents, reason FROM credit_movements WHERE user_id = ?').bind(userId).all<{ amountCents: number; reason: string }>(),
  ]);
  const sources = notes.results.map((n) => ({ id: n.id, amountCents: Number(n.amount), at: Number(n.at), cancelled: n.status === 'CANCELLED' }));
  const spentCents = creditSpentCents(moves.results);
  return { sources, spentCents, remaining: remainingCredit(sources, spentCents) };
}

/** The documents with their balance and the status shown, as a CTE named `e`. */
function matching(userId: number, f: DocumentFilters, now: number): { sql: string; params: unknown[] } {
  const where = ['s.user_id = ?'];
  const params: unknown[] = [userId];
  if (f.kind !== 'all') {
    where.push('s.kind = ?');
    params.push(KIND_OF_FILTER[f.kind]);
  }
  const { fromMs, toMs } = dateRange(f);
  if (fromMs !== null) {
    where.push('s.created_at >= ?');
    params.push(fromMs);
  }
  if (toMs !== null) {
    where.push('s.created_at < ?');
    params.push(toMs);
  }
  const sql = `WITH d AS (
      SELECT s.id, s.kind, s.series, s.number, s.status, s.total_cents, s.order_id, s.due_at, s.created_at,
        CASE WHEN s.kind IN (${list(DUE_KINDS)}) THEN s.total_cents - COALESCE((SELECT SUM(a.amount_cents) FROM document_allocations a WHERE a.due_document_id = s.id), 0)
             WHEN s.kind = 'payment' THEN s.total_cents - COALESCE((SELECT SUM(a.amount_cents) FROM document_allocations a WHERE a.paying_document_id = s.id), 0)
             ELSE 0 END AS balance
      FROM sale_documents s WHERE ${where.join(' AND ')}
    ), e AS (
      SELECT d.*, CASE WHEN d.kind = 'debit' AND d.status IN (${list(OVERDUE_FROM)}) AND d.due_at IS NOT NULL AND d.due_at < ? AND d.balance > 0 THEN 'OVERDUE' ELSE d.status END AS shown
      FROM d
    )`;
  params.push(now);
  return { sql, params };
}

export async function listDocuments(db: Db, userId: number, f: DocumentFilters, now: Date): Promise<DocumentList> {
  const d1 = db.$client;
  const base = matching(userId, f, now.getTime());
  const statusWhere = f.status ? 'WHERE e.shown = ?' : '';
  const statusParams = f.status ? [f.status] : [];
  const [sums, kinds, matchingNotes, notes, page] = await Promise.all([
    d1
      .prepare(
        `${base.sql} SELECT COUNT(*) AS n,
          COALESCE(SUM(CASE WHEN e.kind IN (${list(DUE_KINDS)}) AND e.shown IN (${list(PAYABLE_STATUSES)}) AND e.balance > 0 THEN e.balance ELSE 0 END), 0) AS owed,
          COALESCE(SUM(CASE WHEN e.kind = 'payment' AND e.shown IN (${list(PAYING_STATUSES)}) AND e.balance > 0 THEN e.balance ELSE 0 END), 0) AS unused
        FROM e ${statusWhere}`,
      )
      .bind(...base.params, ...statusParams)
      .first<{ n: number; owed: number; unused: number }>(),
    d1
      .prepare(`${base.sql} SELECT e.kind, COUNT(*) AS n, COALESCE(SUM(e.total_cents), 0) AS total FROM e ${statusWhere} GROUP BY e.kind`)
      .bind(...base.params, ...statusParams)
      .all<{ kind: DocumentKind; n: number; total: number }>(),
    // The credit notes that match, for their unused credit (the whole filter, not only the page).
    f.kind === 'all' || f.kind === 'credits'
      ? d1
          .prepare(`${base.sql} SELECT e.id FROM e WHERE e.kind = 'credit' AND e.shown IN (${list(PAYING_STATUSES)})${f.status ? ' AND e.shown = ?' : ''}`)
          .bind(...base.params, ...statusParams)
          .all<{ id: number }>()
      : Promise.resolve({ results: [] as { id: number }[] }),
    creditNotesOf(db, userId),
    d1
      .prepare(`${base.sql} SELECT * FROM e ${statusWhere} ORDER BY e.created_at DESC, e.id DESC LIMIT ? OFFSET ?`)
      .bind(...base.params, ...statusParams, PAGE_SIZE, (f.page - 1) * PAGE_SIZE)
      .all<{ id: number; kind: DocumentKind; series: string; number: number; shown: DocumentStatus; total_cents: number; balance: number; order_id: number | null; due_at: number | null; created_at: number }>(),
  ]);
  const count = Number(sums?.n ?? 0);
  const left = (id: number) => notes.remaining.get(id) ?? 0;
  const unusedCredit = matchingNotes.results.reduce((a, r) => a + left(r.id), 0);
  return {
    rows: page.results.map((r) => ({ id: r.id, kind: r.kind, series: r.series, number: r.number, status: r.shown, totalCents: r.total_cents, balanceCents: r.kind === 'credit' ? left(r.id) : r.balance, orderId: r.order_id, dueAt: r.due_at, createdAt: r.created_at })),
    count,
    pages: Math.max(1, Math.ceil(count / PAGE_SIZE)),
    byKind: KIND_ORDER.flatMap((kind) => kinds.results.filter((k) => k.kind === kind).map((k) => ({ kind, count: Number(k.n), totalCents: Number(k.total) }))),
    owedCents: Number(sums?.owed ?? 0),
    unusedCents: Number(sums?.unused ?? 0) + unusedCredit,
  };
}
