// Back-office forms: staff grant credit to a customer (a goodwill gesture, a refund agreed by phone).
import { z } from 'zod';
import { email, maxLength, optionalText, parseLocaleNumber, requiredText, valueMax, valueMin } from './rules';

/** The most one grant may give: a larger sum is a refund through the payment processor, not credit. */
export const CREDIT_GRANT_MAX_EUROS = 5000;

export const creditGrantSchema = z.object({
  email: requiredText(maxLength(255), email()),
  // Euros as staff type them, the Greek way (12,50) or with a point; at most two decimals.
  amount: requiredText(valueMin(0.01), valueMax(CREDIT_GRANT_MAX_EUROS)),
  note: optionalText(maxLength(200)),
});

/** "12,50" → 1250. Null when it is not a sum of euros with at most two decimals. */
export function eurosToCents(text: string): number | null {
  const euros = parseLocaleNumber(text);
  if (euros === null) return null;
  const cents = Math.round(euros * 100);
  // 12,505 is not money: refuse rather than round a staff member's typo.
  return Math.abs(cents - euros * 100) < 1e-6 ? cents : null;
}
