// The staff forms of the documents screen (issue #13 §2; decision 040): refund a card payment, add a
// debit (up to DEBIT_LINES lines of a description and a net amount, and a due date), cancel a debit or a
// credit note. Amounts are euros as staff type them (12,50 or 12.50; never 1.234, which
// reads two ways: core/amounts.ts), turned into cents by eurosToCents.
import { z } from 'zod';
import { euroAmount, eurosToCents } from './admin-forms';
import { optionalText, requiredText } from './required-rules';
import { maxLength, pattern } from './text-rules';

/** A refund or a debit line above this is a mistake to catch, not a sum to send to a processor. */
export const STAFF_AMOUNT_MAX_EUROS = 100_000;
export const DEBIT_LINES = 3;
export const DEBIT_REASONS = ['manual', 'chargeback'] as const;

const id = z.coerce.number().int().positive();
const key = requiredText(maxLength(100));
const euros = () => requiredText(euroAmount({ max: STAFF_AMOUNT_MAX_EUROS }));

export const refundFormSchema = z.object({
  payment_id: id,
  amount: euros(),
  reason: optionalText(maxLength(200)),
  key,
});

export const cancelDocumentSchema = z.object({ document_id: id });

/** Try a pending refund again (its own key: the processor answers the same refund). */
export const retryRefundSchema = z.object({ refund_id: id, document_id: id });

/** A debit's pending bank transfer arrived. */
export const confirmTransferSchema = z.object({ payment_id: id, document_id: id });

export const debitFormSchema = z.object({
  user_id: id,
  reason: z.enum(DEBIT_REASONS),
  // Per character (text-rules.ts pattern); dueAtOf checks the whole date.
  due_date: requiredText(maxLength(10), pattern(/[0-9-]/)),
  key,
  description_1: requiredText(maxLength(200)),
  amount_1: euros(),
  description_2: optionalText(maxLength(200)),
  amount_2: optionalText(euroAmount({ max: STAFF_AMOUNT_MAX_EUROS })),
  description_3: optionalText(maxLength(200)),
  amount_3: optionalText(euroAmount({ max: STAFF_AMOUNT_MAX_EUROS })),
});

export type DebitForm = z.output<typeof debitFormSchema>;

/**
 * The debit's lines from the form: each filled row needs both a description and an amount in whole
 * cents. `field` names the first row that is not, for the error.
 */
export function debitLinesOf(form: DebitForm): { ok: true; lines: { description: string; netCents: number }[] } | { ok: false; field: string } {
  const rows: [string | undefined, string | undefined, number][] = [
    [form.description_1, form.amount_1, 1],
    [form.description_2, form.amount_2, 2],
    [form.description_3, form.amount_3, 3],
  ];
  const lines: { description: string; netCents: number }[] = [];
  for (const [description, amount, n] of rows) {
    const d = description?.trim() ?? '';
    const a = amount?.trim() ?? '';
    if (!d && !a) continue;
    if (!d) return { ok: false, field: `description_${n}` };
    const cents = a ? eurosToCents(a) : null;
    if (cents === null || cents <= 0) return { ok: false, field: `amount_${n}` };
    lines.push({ description: d, netCents: cents });
  }
  return lines.length ? { ok: true, lines } : { ok: false, field: 'description_1' };
}

/**
 * The instant a debit falls due: the end of the given day in Greece (23:59:59 Athens time, +02:00 in
 * winter and +03:00 in summer). Null for a date that does not exist or has passed.
 */
export function dueAtOf(date: string, now: Date): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const noon = new Date(Date.UTC(y, mo - 1, d, 12));
  if (noon.getUTCFullYear() !== y || noon.getUTCMonth() !== mo - 1 || noon.getUTCDate() !== d) return null;
  const offsetHours = athensOffsetHours(noon);
  const end = new Date(Date.UTC(y, mo - 1, d, 23 - offsetHours, 59, 59));
  return end.getTime() < now.getTime() ? null : end;
}

/** Athens' offset from UTC on that day (EU summer time: last Sunday of March to last Sunday of October). */
export function athensOffsetHours(day: Date): number {
  const y = day.getUTCFullYear();
  const lastSunday = (month: number) => {
    const last = new Date(Date.UTC(y, month + 1, 0));
    return Date.UTC(y, month, last.getUTCDate() - last.getUTCDay(), 1);
  };
  const t = day.getTime();
  return t >= lastSunday(2) && t < lastSunday(9) ? 3 : 2;
}
