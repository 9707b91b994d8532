import { describe, expect, it } from 'vitest';
import { RATE_LIMITS, retryAfterSeconds, windowStart } from './rate-limits';

describe('fixed windows', () => {
  it('aligns a time to the start of its window', () => {
    expect(windowStart(125_000, 60_000)).toBe(120_000);
    expect(windowStart(120_000, 60_000)).toBe(120_000);
  });
  it('says how long until the window resets, at least a second', () => {
    expect(retryAfterSeconds(125_000, 60_000)).toBe(55);
    expect(retryAfterSeconds(179_999, 60_000)).toBe(1);
  });
  it('limits per account more tightly than per IP (shared offices and NAT)', () => {
    expect(RATE_LIMITS['reset:account'].limit).toBeLessThan(RATE_LIMITS['reset:ip'].limit);
  });
  it('sends at most five codes of one kind to one address or number an hour', () => {
    expect(RATE_LIMITS['otp_send:target']).toEqual({ limit: 5, windowMs: 3_600_000 });
    expect(RATE_LIMITS['otp_verify:target']).toEqual({ limit: 10, windowMs: 900_000 });
  });
});
