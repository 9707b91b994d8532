// The boundaries of the auto-renew rules that mutation testing found untested (issue #32 §6, decision
// 094): what a stored setting that is no number reads as, which keys are renewal orders' keys, and
// whose card a pending renewal names.
import { describe, expect, it } from 'vitest';
import { clampRenewDays, parseRenewalKey, renewalPlan, RENEW_DAYS_DEFAULT, type PlanInput } from './auto-renew';

const DAY = 86_400_000;
const EXP = Date.UTC(2027, 2, 12, 10);

describe('clampRenewDays with what is no number', () => {
  it('reads a blank, null, a boolean or an object as the default, not as 0 days (which would clamp to 7)', () => {
    for (const value of ['   ', '', null, undefined, true, false, {}, []]) expect(clampRenewDays(value), JSON.stringify(value)).toBe(RENEW_DAYS_DEFAULT);
    expect(clampRenewDays(' 45 ')).toBe(45);
  });
});

describe('parseRenewalKey', () => {
  it('reads only a whole key: ids of several digits, nothing before or after', () => {
    expect(parseRenewalKey('hosting-renewal:1234:1773309600000')).toEqual({ kind: 'hosting', id: 1234, periodEndMs: 1773309600000 });
    expect(parseRenewalKey('xdomain-renewal:1:2')).toBeNull();
    expect(parseRenewalKey('domain-renewal:1:2:3')).toBeNull();
    expect(parseRenewalKey('domain-renewal:1:2x')).toBeNull();
  });
});

describe('a pending renewal names the card only when the card pays', () => {
  const base: PlanInput = { autoRenew: true, expiresAtMs: EXP, issueFromMs: EXP - 30 * DAY, nowMs: EXP - 10 * DAY, months: 12, amountCents: 1984, creditCents: 0, cardLabel: 'Visa •••• 4242', order: null };
  const order = { status: 'pending' as const, totalCents: 1984, documentId: 9, triedToday: false, lastDecline: null };
  it('by card: the card’s label; by credit or by the document: none', () => {
    expect(renewalPlan({ ...base, order })).toMatchObject({ state: 'pending', method: 'card', cardLabel: 'Visa •••• 4242' });
    expect(renewalPlan({ ...base, creditCents: 5_000, order })).toMatchObject({ state: 'pending', method: 'credit', cardLabel: null });
    expect(renewalPlan({ ...base, cardLabel: null, order })).toMatchObject({ state: 'pending', method: 'document', cardLabel: null });
  });
});
