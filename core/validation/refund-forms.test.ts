import { describe, expect, it } from 'vitest';
import { debitFormSchema, debitLinesOf, dueAtOf, refundFormSchema } from './refund-forms';

const debit = { user_id: 7, reason: 'manual' as const, due_date: '2026-12-01', key: 'k', description_1: 'Τέλος', amount_1: '10,50' };

describe('refund and debit forms', () => {
  it('reads a refund in euros typed the Greek way; refuses nothing or too much', () => {
    expect(refundFormSchema.safeParse({ payment_id: '3', amount: '12,50', key: 'k' }).success).toBe(true);
    expect(refundFormSchema.safeParse({ payment_id: '3', amount: '0', key: 'k' }).success).toBe(false);
    expect(refundFormSchema.safeParse({ payment_id: '3', amount: '100000,01', key: 'k' }).success).toBe(false);
    expect(refundFormSchema.safeParse({ payment_id: 'x', amount: '1', key: 'k' }).success).toBe(false);
  });

  it('refuses staff amounts that read differently in Greek and English notation (issue #20 §2)', () => {
    const keys = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues.map((i) => JSON.parse(i.message).key);
    expect(keys(refundFormSchema.safeParse({ payment_id: '3', amount: '1.234', key: 'k' }))).toEqual(['validation:amount_ambiguous']);
    expect(keys(debitFormSchema.safeParse({ ...debit, amount_1: '1,234' }))).toEqual(['validation:amount_ambiguous']);
    expect(keys(debitFormSchema.safeParse({ ...debit, amount_2: '2.000', description_2: 'x' }))).toEqual(['validation:amount_ambiguous']);
    expect(debitLinesOf({ ...debit, amount_1: '1.234' })).toEqual({ ok: false, field: 'amount_1' });
  });

  it('turns filled rows into lines and names the first half-filled row', () => {
    expect(debitLinesOf(debit)).toEqual({ ok: true, lines: [{ description: 'Τέλος', netCents: 1_050 }] });
    expect(debitLinesOf({ ...debit, description_2: 'Έξοδα', amount_2: '2' })).toEqual({ ok: true, lines: [{ description: 'Τέλος', netCents: 1_050 }, { description: 'Έξοδα', netCents: 200 }] });
    expect(debitLinesOf({ ...debit, description_2: 'Έξοδα' })).toEqual({ ok: false, field: 'amount_2' });
    expect(debitLinesOf({ ...debit, amount_3: '2' })).toEqual({ ok: false, field: 'description_3' });
    expect(debitLinesOf({ ...debit, amount_1: '10,505' })).toEqual({ ok: false, field: 'amount_1' });
    expect(debitFormSchema.safeParse({ ...debit, reason: 'other' }).success).toBe(false);
    expect(debitFormSchema.safeParse(debit).success).toBe(true);
    expect(debitFormSchema.safeParse({ ...debit, due_date: '1/12/2026' }).success).toBe(false);
  });

  it('a debit falls due at the end of the day in Athens; a past or impossible date is refused', () => {
    const now = new Date('2026-06-01T10:00:00Z');
    expect(dueAtOf('2026-06-15', now)?.toISOString()).toBe('2026-06-15T20:59:59.000Z');
    expect(dueAtOf('2026-12-15', now)?.toISOString()).toBe('2026-12-15T21:59:59.000Z');
    expect(dueAtOf('2026-06-01', now)?.toISOString()).toBe('2026-06-01T20:59:59.000Z');
    expect(dueAtOf('2026-05-31', now)).toBeNull();
    expect(dueAtOf('2026-02-30', now)).toBeNull();
    expect(dueAtOf('15/06/2026', now)).toBeNull();
  });
});
