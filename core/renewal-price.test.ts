import { describe, expect, it } from 'vitest';
import { domainRenewal, hostingRenewal } from './renewal-price';

describe('domainRenewal', () => {
  it('is the shortest renewal length at its list price, whatever order the catalogue lists them in', () => {
    expect(domainRenewal([{ months: 48, baseCents: 3200 }, { months: 24, baseCents: 1600 }])).toEqual({ months: 24, totalCents: 1600 });
    expect(domainRenewal([{ months: 12, baseCents: 1290 }, { months: 24, baseCents: 2580 }])).toEqual({ months: 12, totalCents: 1290 });
  });

  it('a .gr bought at its promotion renews at the list price (12,28 € now, 19,84 € with VAT after)', () => {
    // The promotion is on the register price; the renewal is never the promoted price.
    expect(domainRenewal([{ months: 24, baseCents: 1600 }])!.totalCents).toBe(1600);
  });

  it('a premium name renews at the registry quote per year, for the renewal length', () => {
    expect(domainRenewal([{ months: 12, baseCents: 1290 }], { premiumRenewYearCents: 25000 })).toEqual({ months: 12, totalCents: 25000 });
    expect(domainRenewal([{ months: 24, baseCents: 1600 }], { premiumRenewYearCents: 10001 })).toEqual({ months: 24, totalCents: 20002 });
    // A quote of 0 is a quote (a free renewal), not "no quote".
    expect(domainRenewal([{ months: 12, baseCents: 1290 }], { premiumRenewYearCents: 0 })).toEqual({ months: 12, totalCents: 0 });
    expect(domainRenewal([{ months: 12, baseCents: 1290 }], { premiumRenewYearCents: null })).toEqual({ months: 12, totalCents: 1290 });
  });

  it('a TLD without a renewal price has none to show', () => {
    expect(domainRenewal([])).toBeNull();
  });
});

describe('hostingRenewal', () => {
  const lengths = [
    { months: 1, baseCents: 600 },
    { months: 12, baseCents: 6000 },
  ];

  it('renews the same length at its list price, without set-up fee', () => {
    expect(hostingRenewal({ lengths, months: 12, monthlyFeeCents: 600 })).toEqual({ months: 12, totalCents: 6000 });
    expect(hostingRenewal({ lengths, months: 1, monthlyFeeCents: 600 })).toEqual({ months: 1, totalCents: 600 });
  });

  it('adds the options per month, as the renewal run does (core/hosting/lifecycle.ts)', () => {
    expect(hostingRenewal({ lengths, months: 12, monthlyFeeCents: 600, optionsMonthlyCents: 250 })).toEqual({ months: 12, totalCents: 9000 });
  });

  it('a length the plan no longer sells is priced at the monthly fee', () => {
    expect(hostingRenewal({ lengths, months: 3, monthlyFeeCents: 700 })).toEqual({ months: 3, totalCents: 2100 });
  });

  it('no length, no renewal', () => {
    expect(hostingRenewal({ lengths, months: 0, monthlyFeeCents: 600 })).toBeNull();
    expect(hostingRenewal({ lengths, months: 1.5, monthlyFeeCents: 600 })).toBeNull();
  });
});
