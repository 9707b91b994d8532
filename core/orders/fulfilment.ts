// Fulfilment retry rules (issue #5 §5): an item whose port fails stays 'processing' and is retried with
// back-off; some failures are final (the name was taken meanwhile), and those wait for staff.
import { ErrorCode } from '../errors';

/** Minutes to wait before attempt n+1 (index = attempts made so far, from 1). */
export const BACKOFF_MINUTES = [1, 5, 15, 60, 180, 720] as const;
export const MAX_ATTEMPTS = BACKOFF_MINUTES.length + 1;

/** Failures that no retry can fix: the registry refused the request itself. */
const FINAL_CODES = new Set<number>([
  ErrorCode.DOMAIN_REGISTER_FAILED,
  ErrorCode.INVALID_EPP_AUTH,
  ErrorCode.DOMAIN_NOT_REGISTERED_CANT_BE_TRANSFERRED_NOT_REGISTERED,
  ErrorCode.DOMAIN_REGISTRANT_ALREADY_PROVIDER,
  ErrorCode.NAMESERVER_DO_NOT_COVER_LOWER_LIMIT,
  ErrorCode.NAMESERVER_EXCEED_UPPER_LIMIT,
  ErrorCode.VALIDATION_ERROR,
  // The name is no longer the customer's (a renewal of a name they gave away meanwhile).
  ErrorCode.ACTION_NOT_ALLOWED,
]);

/**
 * `reason` is the port's detail: a registry that is failing answers with the operation's code too
 * (30025 for a registration), but only a refusal of the request itself — the name taken — is final.
 */
export function isFinalFailure(code: number, reason?: unknown): boolean {
  if (reason === 'failing' || reason === 'maintenance') return false;
  if (code === ErrorCode.DOMAIN_REGISTER_FAILED) return reason === 'taken';
  return FINAL_CODES.has(code);
}

/** When to try again after `attempts` failed tries, or null when it is time to stop. */
export function nextAttemptAt(attempts: number, nowMs: number): number | null {
  if (attempts >= MAX_ATTEMPTS) return null;
  const minutes = BACKOFF_MINUTES[Math.min(attempts, BACKOFF_MINUTES.length) - 1] ?? BACKOFF_MINUTES[0];
  return nowMs + minutes * 60_000;
}

/** VAT for an order (a Greek seller): reverse charge for a VIES-confirmed EU business outside Greece;
 *  otherwise the rate of the customer's country inside the EU (OSS), none outside it. */
export function orderVatRate(input: { countryIso2: string; vatWaived: boolean; countryRateBp: number | null; eu: boolean }): { rateBp: number; waived: boolean } {
  if (input.vatWaived) return { rateBp: 0, waived: true };
  if (!input.eu) return { rateBp: 0, waived: false };
  return { rateBp: input.countryRateBp ?? 2400, waived: false };
}

/**
 * How long a claimed ('processing') item may stay claimed (issue #20 §2, decision 046). Every port call
 * of one item answers within a minute or times out; past this, the worker that claimed it is gone (a
 * crash between the claim and the result), and cron recovers the item.
 */
export const CLAIM_LIMIT_MS = 15 * 60_000;

/** A claim taken at `claimedAt` (null: taken before claims had a time) is stale at `nowMs`. */
export function isStaleClaim(claimedAt: number | null, nowMs: number): boolean {
  return claimedAt === null || nowMs - claimedAt >= CLAIM_LIMIT_MS;
}
