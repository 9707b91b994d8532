import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../errors';
import { CLAIM_LIMIT_MS, isFinalFailure, isStaleClaim, MAX_ATTEMPTS, nextAttemptAt, orderVatRate } from './fulfilment';

describe('fulfilment retries', () => {
  it('backs off 1, 5, 15, 60, 180, 720 minutes, then stops', () => {
    const t0 = 0;
    expect([1, 2, 3, 4, 5, 6].map((n) => (nextAttemptAt(n, t0)! - t0) / 60_000)).toEqual([1, 5, 15, 60, 180, 720]);
    expect(nextAttemptAt(MAX_ATTEMPTS, t0)).toBeNull();
  });
  it('knows which failures no retry can fix', () => {
    expect(isFinalFailure(ErrorCode.DOMAIN_REGISTER_FAILED, 'taken')).toBe(true);
    // A failing registry answers with the same code, but that is worth another try.
    expect(isFinalFailure(ErrorCode.DOMAIN_REGISTER_FAILED, 'failing')).toBe(false);
    expect(isFinalFailure(ErrorCode.INVALID_EPP_AUTH)).toBe(true);
    expect(isFinalFailure(ErrorCode.REGISTRY_MAINTENANCE)).toBe(false);
    expect(isFinalFailure(ErrorCode.DOMAIN_CHECK_FAILED)).toBe(false);
  });
});

describe('order VAT', () => {
  it('reverse-charges a VIES-confirmed EU business, charges EU consumers their rate, nobody outside the EU', () => {
    expect(orderVatRate({ countryIso2: 'DE', vatWaived: true, countryRateBp: 1900, eu: true })).toEqual({ rateBp: 0, waived: true });
    expect(orderVatRate({ countryIso2: 'DE', vatWaived: false, countryRateBp: 1900, eu: true })).toEqual({ rateBp: 1900, waived: false });
    expect(orderVatRate({ countryIso2: 'GR', vatWaived: false, countryRateBp: 2400, eu: true })).toEqual({ rateBp: 2400, waived: false });
    expect(orderVatRate({ countryIso2: 'CH', vatWaived: false, countryRateBp: 810, eu: false })).toEqual({ rateBp: 0, waived: false });
  });
});

describe('a claim has a time limit (issue #20 §2)', () => {
  it('stale from CLAIM_LIMIT_MS on, and always without a claim time', () => {
    const t = 1_800_000_000_000;
    expect(isStaleClaim(t, t)).toBe(false);
    expect(isStaleClaim(t, t + CLAIM_LIMIT_MS - 1)).toBe(false);
    expect(isStaleClaim(t, t + CLAIM_LIMIT_MS)).toBe(true);
    expect(isStaleClaim(null, t)).toBe(true);
  });
});
