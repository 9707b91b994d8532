import { describe, expect, it } from 'vitest';
import { creditGrantSchema, eurosToCents } from './admin-forms';

describe('credit grant form', () => {
  it('reads euros the Greek way and the point way into cents', () => {
    expect(eurosToCents('12,50')).toBe(1250);
    expect(eurosToCents('12.5')).toBe(1250);
    expect(eurosToCents('1.234,56')).toBe(123456);
    expect(eurosToCents('20')).toBe(2000);
    expect(eurosToCents('0,1')).toBe(10);
  });

  it('refuses what is not a sum of euros with at most two decimals', () => {
    expect(eurosToCents('12,505')).toBeNull();
    expect(eurosToCents('δέκα')).toBeNull();
    expect(eurosToCents('')).toBeNull();
  });

  it('refuses an amount that reads differently in Greek and English notation, with its own message (issue #20 §2)', () => {
    expect(eurosToCents('1.234')).toBeNull();
    expect(eurosToCents('1,234')).toBeNull();
    const r = creditGrantSchema.safeParse({ email: 'maria@example.gr', amount: '1.234', key: 'k' });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => JSON.parse(i.message).key)).toEqual(['validation:amount_ambiguous']);
  });

  it('needs an e-mail and an amount between one cent and the grant ceiling', () => {
    expect(creditGrantSchema.safeParse({ email: 'maria@example.gr', amount: '15,00', key: 'k' }).success).toBe(true);
    const bad = creditGrantSchema.safeParse({ email: 'not-an-email', amount: '0' });
    expect(bad.success).toBe(false);
    const paths = bad.error!.issues.map((i) => i.path[0]);
    expect(paths).toEqual(expect.arrayContaining(['email', 'amount']));
    expect(creditGrantSchema.safeParse({ email: 'maria@example.gr', amount: '5000,01', key: 'k' }).success).toBe(false);
    // The page view's key (issue #20 §2): without it the form grants nothing.
    expect(creditGrantSchema.safeParse({ email: 'maria@example.gr', amount: '15,00' }).error?.issues.map((i) => i.path[0])).toEqual(['key']);
  });
});
