// Back-office forms: staff grant credit to a customer (a goodwill gesture, a refund agreed by phone).
import { z } from 'zod';
import { readEuroAmount } from '../amounts';
import { issueMessage } from './messages';
import { optionalText, requiredText } from './required-rules';
import { maxLength } from './text-rules';
import { email } from './email-rules';

/** The most one grant may give: a larger sum is a refund through the payment processor, not credit. */
export const CREDIT_GRANT_MAX_EUROS = 5000;

export const creditGrantSchema = z.object({
  email: requiredText(maxLength(255), email()),
  // Euros as staff type them, the Greek way (12,50) or with a point; at most two decimals.
  amount: requiredText(euroAmount({ max: CREDIT_GRANT_MAX_EUROS })),
  note: optionalText(maxLength(200)),
  // The page view's idempotency key (issue #20 §2): a double submit grants once.
  key: requiredText(maxLength(100)),
});

/**
 * A staff amount field (credit grant, debit line, card refund): euros with at most two decimals, the
 * same sum in Greek and English notation (core/amounts.ts), from one cent to `max` euros. One message
 * per field: an ambiguous 1.234 says so instead of also failing a bound.
 */
export function euroAmount({ min = 0.01, max }: { min?: number; max: number }) {
  return z.superRefine<string>((value, ctx) => {
    const r = readEuroAmount(value);
    const m = !r.ok
      ? issueMessage(r.error === 'AMBIGUOUS' ? 'AMOUNT_AMBIGUOUS' : 'NUMERIC')
      : r.cents < Math.round(min * 100)
        ? issueMessage('VALUES.MIN', { min })
        : r.cents > Math.round(max * 100)
          ? issueMessage('VALUES.MAX', { max })
          : null;
    if (m) ctx.addIssue({ code: 'custom', message: m, input: value });
  });
}

/** "12,50" → 1250. Null when it is not a sum of euros with at most two decimals, or reads two ways. */
export function eurosToCents(text: string): number | null {
  const r = readEuroAmount(text);
  return r.ok ? r.cents : null;
}
