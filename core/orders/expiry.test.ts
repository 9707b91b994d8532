import { describe, expect, it } from 'vitest';
import { bankTransferLapsesAtMs, lapseCutoffs, lapseHours, lapseNoticeCutoffs, lapsesAtMs } from './expiry';

const H = 3600_000;
const PLACED = Date.UTC(2026, 10, 24, 12);

describe('unpaid orders lapse', () => {
  it('gives a bank transfer seven days and any other method 48 hours from placing', () => {
    expect(lapseHours('bank_transfer')).toBe(168);
    expect(lapseHours('card')).toBe(48);
    expect(lapseHours('credit')).toBe(48);
    expect(lapsesAtMs({ createdAtMs: PLACED, paymentMethod: 'bank_transfer', idempotencyKey: 'k' })).toBe(PLACED + 168 * H);
    expect(lapsesAtMs({ createdAtMs: PLACED, paymentMethod: 'card', idempotencyKey: 'k' })).toBe(PLACED + 48 * H);
    expect(bankTransferLapsesAtMs(PLACED)).toBe(PLACED + 168 * H);
  });

  it('never lapses a renewal order (its own run cancels it)', () => {
    expect(lapsesAtMs({ createdAtMs: PLACED, paymentMethod: 'card', idempotencyKey: 'hosting-renewal:4:1700000000000' })).toBeNull();
    expect(lapsesAtMs({ createdAtMs: PLACED, paymentMethod: 'bank_transfer', idempotencyKey: 'domain-renewal:9:1700000000000' })).toBeNull();
  });

  it('lapses an order placed before the cutoff, not one placed a moment later', () => {
    const now = PLACED + 168 * H;
    const cut = lapseCutoffs(now);
    expect(cut.bankTransfer).toBe(PLACED);
    expect(cut.other).toBe(now - 48 * H);
    expect(PLACED - 1 < cut.bankTransfer).toBe(true);
    expect(PLACED < cut.bankTransfer).toBe(false);
  });

  it('tells the customer a day before', () => {
    const now = PLACED + 144 * H;
    expect(lapseNoticeCutoffs(now).bankTransfer).toBe(PLACED);
    expect(lapseNoticeCutoffs(PLACED + 24 * H).other).toBe(PLACED);
  });
});
