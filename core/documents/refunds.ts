// Card refunds, debits and cancelled credit notes (issue #13 §2; spec §4 Sale documents and payments;
// §8 35510–35516, 35700–35703, 35802; decision 040). Pure, integer cents: which refund a payment still
// allows, how a refunded amount splits into net and VAT so that the credit notes of all refunds of a
// legal document add up to it exactly, a debit's lines, and when a debit or a credit note may be cancelled.
import { ErrorCode } from '../errors';
import { linesWithVat } from '../vat';
import { documentLines, shareOut, type DocumentLine } from './lines';

export type RefundablePayment = {
  method: string;
  status: string;
  amountCents: number;
  /** Refunds that succeeded. */
  refundedCents: number;
  /** Refunds asked for and not decided yet: they count, so two staff cannot over-refund together. */
  pendingCents: number;
  /**
   * Money of the order already given back as credit for items that failed (credit movements
   * `refund:item:<id>` of the order): back to the card as well would pay it out twice.
   */
  creditedCents?: number;
};

/** What is left to give back to the card. */
export function refundableCents(p: RefundablePayment): number {
  return Math.max(0, p.amountCents - p.refundedCents - p.pendingCents - (p.creditedCents ?? 0));
}

/**
 * The processor's definite refusals (more than is left, not approved, no such session, a bad input):
 * only these close a refund as failed. Anything else (a timeout, 49997, a bad answer) may have refunded
 * at the processor, so the refund stays pending and is retried with its own key (decision 040).
 */
export const REFUND_REFUSALS: readonly number[] = [ErrorCode.BALANCE_MUST_BE_ZERO_OR_EQUAL, ErrorCode.DOCUMENT_STATUS_NOT_PERMITTED, ErrorCode.SALE_DOCUMENT_NOT_FOUND, ErrorCode.VALIDATION_ERROR];

export const isRefundRefusal = (code: number) => REFUND_REFUSALS.includes(code);

/**
 * Why this refund may not be asked for (null: it may): only a card payment (35510), only once approved
 * (35512), a whole positive number of cents no larger than what is left (35516).
 */
export function refundRefusal(p: RefundablePayment, amountCents: number): number | null {
  if (p.method !== 'card') return ErrorCode.DOCUMENT_ACTION_NOT_PERMITTED;
  if (p.status !== 'approved') return ErrorCode.DOCUMENT_STATUS_NOT_PERMITTED;
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0 || amountCents > refundableCents(p)) return ErrorCode.BALANCE_MUST_BE_ZERO_OR_EQUAL;
  return null;
}

/** The payment document's status once `refundedCents` of `amountCents` went back to the card. */
export function statusAfterRefund(amountCents: number, refundedCents: number): 'REFUNDED' | 'PARTIALLY_REFUNDED' | 'COMPLETED' {
  if (refundedCents <= 0) return 'COMPLETED';
  return refundedCents >= amountCents ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
}

export type LegalTotals = { totalCents: number; vatCents: number };

/** The VAT inside the first `cents` of the legal document's total (all of it at the total). */
function vatWithin(legal: LegalTotals, cents: number): number {
  if (legal.totalCents <= 0) return 0;
  if (cents >= legal.totalCents) return legal.vatCents;
  return Math.round((legal.vatCents * cents) / legal.totalCents);
}

/**
 * The net and VAT of a refund of `amountCents` after `refundedBeforeCents` were refunded already, at
 * the legal document's own rate. Worked out on the running total (VAT within everything refunded
 * after, less within everything before), so however a sum is refunded in parts, the credit notes' VAT
 * adds up to the same as one refund of the sum — and to the document's own VAT when all of it goes back.
 */
export function refundSplit(legal: LegalTotals, refundedBeforeCents: number, amountCents: number): { netCents: number; vatCents: number } {
  const vatCents = vatWithin(legal, refundedBeforeCents + amountCents) - vatWithin(legal, refundedBeforeCents);
  return { netCents: amountCents - vatCents, vatCents };
}

export type SourceLine = Pick<DocumentLine, 'description' | 'sku' | 'netCents' | 'vatRateBp' | 'vatCents'>;

/**
 * The corrective credit note's lines: the refund's net and VAT shared out over the legal document's
 * lines in proportion (largest remainder, so they add up to the cent), lines that get nothing left out.
 * `fallback` names the single line of a document that has no lines (issued before lines existed).
 */
export function creditNoteLines(source: readonly SourceLine[], split: { netCents: number; vatCents: number }, fallback: { description: string; vatRateBp: number }): DocumentLine[] {
  const rows = source.length ? source : [{ description: fallback.description, sku: null, netCents: 1, vatRateBp: fallback.vatRateBp, vatCents: split.vatCents > 0 ? 1 : 0 }];
  const nets = shareOut(split.netCents, rows.map((l) => l.netCents));
  const vatWeights = rows.some((l) => l.vatCents > 0) ? rows.map((l) => l.vatCents) : rows.map((l) => l.netCents);
  const vats = shareOut(split.vatCents, vatWeights);
  const lines: DocumentLine[] = [];
  rows.forEach((l, i) => {
    const net = nets[i]!;
    const vat = vats[i]!;
    if (net === 0 && vat === 0) return;
    lines.push({ position: lines.length + 1, description: `Επιστροφή: ${l.description}`, sku: l.sku, quantity: 1, netCents: net, vatRateBp: l.vatRateBp, vatCents: vat, totalCents: net + vat });
  });
  return lines;
}

/** A debit's lines: VAT per line at the customer's rate, as an order's (core/vat.ts linesWithVat). */
export function debitLines(items: readonly { description: string; netCents: number }[], vatRateBp: number): DocumentLine[] {
  const nets = items.map((i) => i.netCents);
  return documentLines(
    items.map((i) => ({ description: i.description, sku: null, netCents: i.netCents })),
    { discountCents: 0, vatCents: linesWithVat(nets, vatRateBp).vatCents, vatRateBp },
  );
}

/** A debit may be cancelled while it is OPEN or OVERDUE and nothing has paid any of it (35802). */
export function debitCancelRefusal(doc: { kind: string; status: string } | null, paidCents: number): number | null {
  if (!doc || doc.kind !== 'debit') return ErrorCode.SALE_DOCUMENT_NOT_FOUND;
  if ((doc.status !== 'OPEN' && doc.status !== 'OVERDUE') || paidCents > 0) return ErrorCode.DEBIT_STATUS_DOES_NOT_ALLOW_CANCEL;
  return null;
}

/**
 * A credit note may be cancelled (its credit taken back) only if it is one (35701), it gave credit
 * (a movement: else 35700, e.g. a card refund's note), it is COMPLETED (35702), nothing it paid
 * directly, and the customer's balance still holds its amount (35703; checked again inside the batch).
 */
export function creditCancelRefusal(input: {
  doc: { kind: string; status: string; totalCents: number } | null;
  movementCents: number | null;
  usedCents: number;
  balanceCents: number;
}): number | null {
  const { doc } = input;
  if (!doc || doc.kind !== 'credit') return ErrorCode.CREDIT_DOCUMENT_NOT_FOUND;
  if (input.movementCents === null || input.movementCents <= 0) return ErrorCode.CREDIT_ACTION_NOT_FOUND;
  if (doc.status !== 'COMPLETED') return ErrorCode.CREDIT_STATUS_NOT_PERMITTED;
  if (input.usedCents > 0 || input.balanceCents < input.movementCents) return ErrorCode.CREDIT_PAYING_NOT_ALLOWED_BY_STATUS;
  return null;
}
