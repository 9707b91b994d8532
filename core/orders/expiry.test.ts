import { describe, expect, it } from 'vitest';
import { UNPAID_ORDER_DAYS, unpaidOrderCutoff } from './expiry';

describe('unpaid order expiry', () => {
  it('cancels an order left unpaid for two weeks, not one a day younger', () => {
    const now = Date.UTC(2026, 10, 24, 12);
    const cutoff = unpaidOrderCutoff(now);
    expect(UNPAID_ORDER_DAYS).toBe(14);
    expect(Date.UTC(2026, 10, 10, 11) < cutoff).toBe(true);
    expect(Date.UTC(2026, 10, 11, 12) < cutoff).toBe(false);
  });
});
