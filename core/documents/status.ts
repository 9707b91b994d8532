// The status a customer sees for a sale document (issue #13 §2; spec §4 Sale documents and payments).
// The stored status changes only when something happens to the document; OVERDUE is a matter of time:
// an unpaid debit whose due date has passed is OVERDUE from that instant, without a job having to run.
// The list's SQL filter (worker/services/documents/documents-list.ts) writes the same rule with the same lists.
// Pure.
import { DUE_KINDS, PAYABLE_STATUSES, type DocumentKind, type DocumentStatus } from './balance';

/** Stored statuses a debit leaves for OVERDUE once its due date has passed with a balance left. */
export const OVERDUE_FROM: readonly DocumentStatus[] = ['OPEN', 'ON_PAYMENT', 'DECLINED'];

export type StatusDoc = { kind: DocumentKind; status: DocumentStatus; dueAt: Date | number | null; balanceCents: number };

const ms = (d: Date | number) => (typeof d === 'number' ? d : d.getTime());

/** The status to show at `now`: OVERDUE for a debit past its due date that still owes money. */
export function effectiveStatus(doc: StatusDoc, now: Date | number): DocumentStatus {
  if (doc.kind === 'debit' && doc.dueAt !== null && OVERDUE_FROM.includes(doc.status) && doc.balanceCents > 0 && ms(doc.dueAt) < ms(now)) return 'OVERDUE';
  return doc.status;
}

/**
 * May the customer pay this document now (the pay-with tab)? A due kind (order, debit) that still owes
 * money and whose status, as shown, takes payments.
 */
export function isPayable(doc: StatusDoc, now: Date | number): boolean {
  return DUE_KINDS.includes(doc.kind) && doc.balanceCents > 0 && PAYABLE_STATUSES.includes(effectiveStatus(doc, now));
}
