// The debit form's edges that mutation testing found untested (issue #32 §6, decision 094): rows typed
// with spaces, a row of no amount, a form with no row, a date that does not exist, the last second of
// the due day, and the instants Greece changes its clocks. A debit is a sum a customer owes by a date.
import { describe, expect, it } from 'vitest';
import { athensOffsetHours, debitLinesOf, dueAtOf, type DebitForm } from './refund-forms';

const form = (rows: Partial<DebitForm>) => ({ user_id: 7, reason: 'manual', due_date: '2099-12-01', key: 'k', description_1: '', amount_1: '', ...rows }) as DebitForm;

describe('debitLinesOf', () => {
  it('keeps the description trimmed and reads an amount typed with spaces', () => {
    expect(debitLinesOf(form({ description_1: '  Τέλος  ', amount_1: ' 10,50 ' }))).toEqual({ ok: true, lines: [{ description: 'Τέλος', netCents: 1050 }] });
  });

  it('takes a row of spaces only as empty, and needs a description where an amount is typed', () => {
    expect(debitLinesOf(form({ description_1: 'Τέλος', amount_1: '1', description_2: '   ', amount_2: '   ' }))).toEqual({ ok: true, lines: [{ description: 'Τέλος', netCents: 100 }] });
    expect(debitLinesOf(form({ description_1: 'Τέλος', amount_1: '1', description_2: '   ', amount_2: '2' }))).toEqual({ ok: false, field: 'description_2' });
  });

  it('refuses a row of zero euros or of no sum at all', () => {
    expect(debitLinesOf(form({ description_1: 'Τέλος', amount_1: '0' }))).toEqual({ ok: false, field: 'amount_1' });
    expect(debitLinesOf(form({ description_1: 'Τέλος', amount_1: '0,00' }))).toEqual({ ok: false, field: 'amount_1' });
    expect(debitLinesOf(form({ description_1: 'Τέλος', amount_1: 'δέκα' }))).toEqual({ ok: false, field: 'amount_1' });
  });

  it('refuses a debit of no lines, naming the first row', () => {
    expect(debitLinesOf(form({}))).toEqual({ ok: false, field: 'description_1' });
  });
});

describe('dueAtOf', () => {
  it('refuses a date that does not exist, also in the future', () => {
    const now = new Date('2026-11-20T12:00:00Z');
    expect(dueAtOf('2099-02-30', now)).toBeNull();
    expect(dueAtOf('2099-13-01', now)).toBeNull();
    expect(dueAtOf('2099-02-28', now)).toEqual(new Date('2099-02-28T21:59:59Z'));
  });

  it('refuses anything around the date', () => {
    const now = new Date('2026-11-20T12:00:00Z');
    expect(dueAtOf('x2099-02-28', now)).toBeNull();
    expect(dueAtOf('2099-02-28x', now)).toBeNull();
  });

  it('is still due at the last second of its day in Athens', () => {
    const end = new Date('2026-11-20T21:59:59Z');
    expect(dueAtOf('2026-11-20', end)).toEqual(end);
    expect(dueAtOf('2026-11-20', new Date(end.getTime() + 1))).toBeNull();
  });
});

describe('athensOffsetHours', () => {
  it('changes at 01:00 UTC on the last Sunday of March and of October', () => {
    expect(athensOffsetHours(new Date('2026-03-29T00:59:59Z'))).toBe(2);
    expect(athensOffsetHours(new Date('2026-03-29T01:00:00Z'))).toBe(3);
    expect(athensOffsetHours(new Date('2026-10-25T00:59:59Z'))).toBe(3);
    expect(athensOffsetHours(new Date('2026-10-25T01:00:00Z'))).toBe(2);
  });
});
