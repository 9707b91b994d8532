// The pay-with form of a due document (issue #13 §2): use credit (part or whole), then pay the rest by
// card or bank transfer. One form, the button pressed is `intent`; the key makes a double submit of the
// credit use one movement; `expected_balance` is the balance the page showed (35513 if it moved).
import { z } from 'zod';
import { eurosToCents } from './admin-forms';
import { issueMessage } from './messages';
import { optionalText, requiredSelect, requiredText } from './required-rules';
import { lengthRange } from './text-rules';
import { valueMin } from './number-rules';

export const PAY_INTENTS = ['credit', 'card', 'bank_transfer'] as const;

export const payDocumentSchema = z
  .object({
    intent: requiredSelect(PAY_INTENTS),
    // Euros as the customer types them (12,50 or 12.50): only the credit button reads it.
    amount: optionalText(valueMin(0.01)),
    key: requiredText(lengthRange(16, 64)),
    expected_balance: z.coerce.number({ error: issueMessage('INVALID') }).int().min(0).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.intent !== 'credit') return;
    if (!(v.amount ?? '').trim()) ctx.addIssue({ code: 'custom', path: ['amount'], message: issueMessage('REQUIRED'), input: v.amount });
    else if (eurosToCents(v.amount!) === null) ctx.addIssue({ code: 'custom', path: ['amount'], message: issueMessage('NUMERIC'), input: v.amount });
  });

export type PayDocumentForm = z.infer<typeof payDocumentSchema>;

/** The credit amount of a valid form, in cents (null: not a sum of euros). */
export function creditAmountCents(form: Pick<PayDocumentForm, 'amount'>): number | null {
  return form.amount ? eurosToCents(form.amount) : null;
}

/** Cents as the form's amount field shows them, the Greek way: 1250 → "12,50". */
export function centsToEuroText(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}
