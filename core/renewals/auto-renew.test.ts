import { describe, expect, it } from 'vitest';
import { attemptDay, clampRenewDays, declineReasonKey, domainRenewalFrom, domainRenewalKey, isAnyRenewalKey, mayCharge, parseRenewalKey, renewalMethod, renewalPlan, RENEW_DAYS_DEFAULT, RENEW_DAYS_MAX, RENEW_DAYS_MIN, type PlanInput } from './auto-renew';

const DAY = 86_400_000;
const EXP = Date.UTC(2027, 2, 12, 10);

describe('the account setting', () => {
  it('keeps a value within bounds and falls back to the default', () => {
    expect(clampRenewDays('14')).toBe(14);
    expect(clampRenewDays(1)).toBe(RENEW_DAYS_MIN);
    expect(clampRenewDays(365)).toBe(RENEW_DAYS_MAX);
    expect(clampRenewDays('x')).toBe(RENEW_DAYS_DEFAULT);
    expect(clampRenewDays('')).toBe(RENEW_DAYS_DEFAULT);
    expect(clampRenewDays(20.7)).toBe(20);
  });
  it('opens the renewal N days before expiry', () => {
    expect(domainRenewalFrom(EXP, 30)).toBe(EXP - 30 * DAY);
    expect(domainRenewalFrom(EXP, 2)).toBe(EXP - RENEW_DAYS_MIN * DAY);
  });
});

describe('keys and days', () => {
  it('reads what a renewal order renews from its key', () => {
    expect(parseRenewalKey(domainRenewalKey(7, EXP))).toEqual({ kind: 'domain', id: 7, periodEndMs: EXP });
    expect(parseRenewalKey(`hosting-renewal:3:${EXP}`)).toEqual({ kind: 'hosting', id: 3, periodEndMs: EXP });
    expect(parseRenewalKey('checkout-abc')).toBeNull();
    expect(isAnyRenewalKey(domainRenewalKey(1, 2))).toBe(true);
    expect(isAnyRenewalKey('hosting-renewal:1:2')).toBe(true);
    expect(isAnyRenewalKey('x')).toBe(false);
  });
  it('counts attempts per UTC day and charges only before the end', () => {
    expect(attemptDay(Date.UTC(2027, 0, 1, 23, 59))).toBe('2027-01-01');
    expect(attemptDay(Date.UTC(2027, 0, 2, 0, 0))).toBe('2027-01-02');
    expect(mayCharge(EXP - 1, EXP)).toBe(true);
    expect(mayCharge(EXP, EXP)).toBe(false);
  });
  it('names a decline in words only when it knows it', () => {
    expect(declineReasonKey('insufficient_funds')).toBe('insufficient_funds');
    expect(declineReasonKey('weird')).toBe('other');
    expect(declineReasonKey(null)).toBe('other');
  });
});

describe('how a renewal is paid', () => {
  it('credit first when it covers the total, then the card, else the document', () => {
    expect(renewalMethod({ totalCents: 1984, creditCents: 1984, cardLabel: 'Visa •••• 4242' })).toBe('credit');
    expect(renewalMethod({ totalCents: 1984, creditCents: 1983, cardLabel: 'Visa •••• 4242' })).toBe('card');
    expect(renewalMethod({ totalCents: 1984, creditCents: 1983, cardLabel: null })).toBe('document');
    expect(renewalMethod({ totalCents: 0, creditCents: 0, cardLabel: null })).toBe('document');
  });
});

describe('what the page says', () => {
  const base: PlanInput = { autoRenew: true, expiresAtMs: EXP, issueFromMs: EXP - 30 * DAY, nowMs: EXP - 100 * DAY, months: 12, amountCents: 1984, creditCents: 0, cardLabel: 'Visa •••• 4242', order: null };
  it('off: the name expires on its date', () => {
    expect(renewalPlan({ ...base, autoRenew: false })).toEqual({ state: 'off', expiresAt: EXP });
  });
  it('scheduled: on the day the order is made, for the amount, with each method', () => {
    expect(renewalPlan(base)).toEqual({ state: 'scheduled', date: EXP - 30 * DAY, months: 12, amountCents: 1984, method: 'card', cardLabel: 'Visa •••• 4242' });
    expect(renewalPlan({ ...base, creditCents: 5000 })).toMatchObject({ method: 'credit', cardLabel: null });
    expect(renewalPlan({ ...base, cardLabel: null })).toMatchObject({ method: 'document' });
    // Inside the window already (the setting was raised): today.
    expect(renewalPlan({ ...base, nowMs: EXP - 10 * DAY })).toMatchObject({ date: EXP - 10 * DAY });
    expect(renewalPlan({ ...base, amountCents: null })).toBeNull();
  });
  it('pending: the next try is today, or tomorrow once today was tried, and none after the end', () => {
    const order = { status: 'pending' as const, totalCents: 1984, documentId: 9, triedToday: false, lastDecline: null };
    const now = Date.UTC(2027, 2, 1, 6);
    expect(renewalPlan({ ...base, nowMs: now, order })).toMatchObject({ state: 'pending', date: now, method: 'card', documentId: 9 });
    expect(renewalPlan({ ...base, nowMs: now, order: { ...order, triedToday: true } })).toMatchObject({ date: Date.UTC(2027, 2, 2) });
    expect(renewalPlan({ ...base, nowMs: EXP - 3600_000, order: { ...order, triedToday: true } })).toMatchObject({ date: null });
    expect(renewalPlan({ ...base, nowMs: now, cardLabel: null, order })).toMatchObject({ method: 'document', date: null });
    expect(renewalPlan({ ...base, nowMs: now, order: { ...order, status: 'paid' } })).toEqual({ state: 'paid' });
  });
});
