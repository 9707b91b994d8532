// What a sale document still owes, and whether one document may pay another (issue #13 §2; spec §4
// Sale documents and payments; §8 35503–35516). A document's balance is always its total less what
// pays it (the document_allocations rows): nothing stores a balance, so nothing can drift. Pure.
import { ErrorCode } from '../errors';

export type DocumentKind = 'order' | 'receipt' | 'invoice' | 'payment' | 'credit' | 'debit';
export type DocumentStatus = 'OPEN' | 'ON_PAYMENT' | 'PAID' | 'PENDING' | 'COMPLETED' | 'REFUNDED' | 'PARTIALLY_REFUNDED' | 'CANCELLED' | 'ERROR' | 'OVERDUE' | 'DECLINED';

/** Documents that are owed (paid by others): orders and debits. */
export const DUE_KINDS: readonly DocumentKind[] = ['order', 'debit'];
/** Documents that pay others: payments and credit notes. */
export const PAYING_KINDS: readonly DocumentKind[] = ['payment', 'credit'];
/** A due document can take money while it is one of these. */
export const PAYABLE_STATUSES: readonly DocumentStatus[] = ['OPEN', 'ON_PAYMENT', 'OVERDUE', 'DECLINED'];
/** A paying document can give money while it is one of these. */
export const PAYING_STATUSES: readonly DocumentStatus[] = ['COMPLETED', 'PAID', 'PARTIALLY_REFUNDED'];

export type BalanceDoc = { kind: DocumentKind; status: DocumentStatus; totalCents: number };

/** What the document still owes (due kinds) or still has to give (paying kinds): never below zero. */
export function balanceOf(totalCents: number, allocatedCents: readonly number[]): number {
  const used = allocatedCents.reduce((a, b) => a + b, 0);
  return totalCents - used;
}

export type PaymentCheck = { ok: true; amountCents: number } | { ok: false; code: number };

/**
 * May `paying` pay `amountCents` of `due`? The checks in the order the spec lists them: both documents
 * defined (35514/35515), the due document's kind and status (35504/35503), its balance (35507), the
 * paying document's kind, status and balance (35506/35505/35508), and the amount itself: positive
 * and no more than either balance (35516). `paying` null: the credit balance pays (its own check is 2104).
 */
export function checkPayment(input: {
  due: (BalanceDoc & { balanceCents: number }) | null;
  paying: (BalanceDoc & { balanceCents: number }) | null | 'credit';
  amountCents: number;
  creditBalanceCents?: number;
}): PaymentCheck {
  const { due, paying, amountCents } = input;
  if (!due) return { ok: false, code: ErrorCode.NO_DUE_DOCUMENT_DEFINED };
  if (!paying) return { ok: false, code: ErrorCode.NO_PAYING_DOCUMENT_DEFINED };
  if (!DUE_KINDS.includes(due.kind)) return { ok: false, code: ErrorCode.DUE_TYPE_DOES_NOT_ALLOW_PAYMENT };
  if (!PAYABLE_STATUSES.includes(due.status)) return { ok: false, code: ErrorCode.DUE_STATUS_DOES_NOT_ALLOW_PAYMENT };
  if (due.balanceCents <= 0) return { ok: false, code: ErrorCode.DUE_DOCUMENT_BALANCE_ALREADY_PAID };
  let available: number;
  if (paying === 'credit') {
    available = input.creditBalanceCents ?? 0;
    if (available <= 0) return { ok: false, code: ErrorCode.USER_CREDIT_EXHAUSTED };
  } else {
    if (!PAYING_KINDS.includes(paying.kind)) return { ok: false, code: ErrorCode.PAYING_DOCUMENT_TYPE_DOES_NOT_ALLOW_PAYMENT };
    if (!PAYING_STATUSES.includes(paying.status)) return { ok: false, code: ErrorCode.PAYING_DOCUMENT_STATUS_DOES_NOT_ALLOW_PAYMENT };
    if (paying.balanceCents <= 0) return { ok: false, code: ErrorCode.PAYING_DOCUMENT_BALANCE_IS_ZERO };
    available = paying.balanceCents;
  }
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0 || amountCents > due.balanceCents || amountCents > available) {
    return { ok: false, code: ErrorCode.BALANCE_MUST_BE_ZERO_OR_EQUAL };
  }
  return { ok: true, amountCents };
}

/** The status a due document takes from its balance: PAID at zero, otherwise as it was (OPEN…). */
export function statusAfterPayment(doc: { status: DocumentStatus; totalCents: number }, balanceCents: number): DocumentStatus {
  if (balanceCents === 0) return 'PAID';
  return doc.status;
}
