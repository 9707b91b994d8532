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
 * and no more than the due balance (35516) nor the paying one (35516; the credit balance: 2104).
 * `paying` 'credit': the customer's credit balance pays (none at all: 35508).
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
    // The credit balance is the paying "document": none at all is 35508; some, but less than the
    // amount asked (spent meanwhile in another tab), is 2104 below.
    available = input.creditBalanceCents ?? 0;
    if (available <= 0) return { ok: false, code: ErrorCode.PAYING_DOCUMENT_BALANCE_IS_ZERO };
  } else {
    if (!PAYING_KINDS.includes(paying.kind)) return { ok: false, code: ErrorCode.PAYING_DOCUMENT_TYPE_DOES_NOT_ALLOW_PAYMENT };
    if (!PAYING_STATUSES.includes(paying.status)) return { ok: false, code: ErrorCode.PAYING_DOCUMENT_STATUS_DOES_NOT_ALLOW_PAYMENT };
    if (paying.balanceCents <= 0) return { ok: false, code: ErrorCode.PAYING_DOCUMENT_BALANCE_IS_ZERO };
    available = paying.balanceCents;
  }
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0 || amountCents > due.balanceCents) {
    return { ok: false, code: ErrorCode.BALANCE_MUST_BE_ZERO_OR_EQUAL };
  }
  if (amountCents > available) {
    return { ok: false, code: paying === 'credit' ? ErrorCode.USER_CREDIT_EXHAUSTED : ErrorCode.BALANCE_MUST_BE_ZERO_OR_EQUAL };
  }
  return { ok: true, amountCents };
}

/** The status a due document takes from its balance: PAID at zero, otherwise as it was (OPEN…). */
export function statusAfterPayment(doc: { status: DocumentStatus; totalCents: number }, balanceCents: number): DocumentStatus {
  if (balanceCents === 0) return 'PAID';
  return doc.status;
}

/**
 * The pay-with form shows a balance and posts it back: when the document's balance moved meanwhile
 * (paid in another tab, a card approved), the customer decided on figures that no longer hold (35513).
 * A document whose total less its allocations is not what its order says is refused the same way.
 */
export function checkExpectedBalance(expectedCents: number | null | undefined, balanceCents: number): PaymentCheck {
  if (expectedCents === null || expectedCents === undefined) return { ok: true, amountCents: balanceCents };
  return expectedCents === balanceCents ? { ok: true, amountCents: balanceCents } : { ok: false, code: ErrorCode.DOCUMENT_BALANCE_TOTAL_DIFFERENCE };
}

/** The credit the form offers first: all the balance the credit covers, never more than either. */
export function creditOffer(balanceCents: number, creditCents: number): number {
  return Math.max(0, Math.min(balanceCents, creditCents));
}

/** Where a due document stands after a use of credit or a payment: PAID at zero, else payable again. */
export function statusAfterCredit(doc: { status: DocumentStatus; dueAtMs: number | null }, balanceCents: number, nowMs: number): DocumentStatus {
  if (balanceCents === 0) return 'PAID';
  if (doc.status !== 'ON_PAYMENT') return doc.status;
  // The card session it waited for is cancelled: payable again, OVERDUE when its due date passed.
  return doc.dueAtMs !== null && doc.dueAtMs < nowMs ? 'OVERDUE' : 'OPEN';
}
