import { describe, expect, it } from 'vitest';
import { documentNumber } from './format';
import { effectiveStatus, isPayable } from './status';

const DAY = 86_400_000;
const now = Date.UTC(2026, 10, 24, 12);

describe('documentNumber', () => {
  it('is the series and the number padded to six digits', () => {
    expect(documentNumber({ series: 'INV', number: 12 })).toBe('INV-000012');
    expect(documentNumber({ series: 'DEB', number: 1_234_567 })).toBe('DEB-1234567');
  });
});

describe('effectiveStatus', () => {
  const debit = { kind: 'debit' as const, status: 'OPEN' as const, dueAt: now - DAY, balanceCents: 500 };
  it('an unpaid debit past its due date is OVERDUE', () => {
    expect(effectiveStatus(debit, now)).toBe('OVERDUE');
    expect(effectiveStatus({ ...debit, status: 'DECLINED' }, now)).toBe('OVERDUE');
    expect(effectiveStatus({ ...debit, dueAt: new Date(now - 1) }, new Date(now))).toBe('OVERDUE');
  });
  it('not before its due date, not once paid, not when cancelled, not for other kinds', () => {
    expect(effectiveStatus({ ...debit, dueAt: now + DAY }, now)).toBe('OPEN');
    expect(effectiveStatus({ ...debit, dueAt: now }, now)).toBe('OPEN');
    expect(effectiveStatus({ ...debit, balanceCents: 0, status: 'PAID' }, now)).toBe('PAID');
    expect(effectiveStatus({ ...debit, balanceCents: 0 }, now)).toBe('OPEN');
    expect(effectiveStatus({ ...debit, status: 'CANCELLED' }, now)).toBe('CANCELLED');
    expect(effectiveStatus({ ...debit, dueAt: null }, now)).toBe('OPEN');
    expect(effectiveStatus({ ...debit, kind: 'order' }, now)).toBe('OPEN');
  });
});

describe('isPayable', () => {
  const base = { kind: 'debit' as const, status: 'OPEN' as const, dueAt: now + DAY, balanceCents: 500 };
  it('a due document with a balance and a status that takes payment, overdue too', () => {
    expect(isPayable(base, now)).toBe(true);
    expect(isPayable({ ...base, dueAt: now - DAY }, now)).toBe(true);
    expect(isPayable({ ...base, kind: 'order', dueAt: null }, now)).toBe(true);
  });
  it('never a paid, cancelled or paying document', () => {
    expect(isPayable({ ...base, balanceCents: 0 }, now)).toBe(false);
    expect(isPayable({ ...base, status: 'CANCELLED' }, now)).toBe(false);
    expect(isPayable({ ...base, status: 'PAID' }, now)).toBe(false);
    expect(isPayable({ ...base, kind: 'credit' }, now)).toBe(false);
    expect(isPayable({ ...base, kind: 'receipt' }, now)).toBe(false);
  });
});
