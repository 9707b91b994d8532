// Document money rules pinned at their boundaries (issue #20 §5): paying with a credit note, cancelling
// a credit note that moved nothing, a foreign business buyer at AADE, and the text of legal lines.
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../errors';
import { balanceOf, checkPayment, statusAfterPayment, type BalanceDoc } from './balance';
import { lineDescription } from './lines';
import { counterpartOf, mydataInvoice, type MydataSource } from './mydata-mapping';
import { creditCancelRefusal } from './refunds';

describe('paying with a credit note (balance.ts)', () => {
  const due = (balanceCents: number, over: Partial<BalanceDoc> = {}) => ({ kind: 'debit' as const, status: 'OPEN' as const, totalCents: 5_000, balanceCents, ...over });
  const note = (balanceCents: number, over: Partial<BalanceDoc> = {}) => ({ kind: 'credit' as const, status: 'COMPLETED' as const, totalCents: 3_000, balanceCents, ...over });
  it('a credit note pays up to what it has left, exactly; one cent more is refused', () => {
    expect(checkPayment({ due: due(5_000), paying: note(3_000), amountCents: 3_000 })).toEqual({ ok: true, amountCents: 3_000 });
    expect(checkPayment({ due: due(5_000), paying: note(3_000), amountCents: 3_001 })).toEqual({ ok: false, code: ErrorCode.BALANCE_MUST_BE_ZERO_OR_EQUAL });
    expect(checkPayment({ due: due(5_000), paying: note(1), amountCents: 1 })).toEqual({ ok: true, amountCents: 1 });
  });
  it('up to what the due document still owes, exactly', () => {
    expect(checkPayment({ due: due(2_000), paying: note(3_000), amountCents: 2_000 })).toEqual({ ok: true, amountCents: 2_000 });
    expect(checkPayment({ due: due(2_000), paying: note(3_000), amountCents: 2_001 })).toEqual({ ok: false, code: ErrorCode.BALANCE_MUST_BE_ZERO_OR_EQUAL });
    expect(checkPayment({ due: due(1), paying: note(3_000), amountCents: 1 })).toEqual({ ok: true, amountCents: 1 });
  });
  it('a spent or unfinished credit note pays nothing', () => {
    expect(checkPayment({ due: due(2_000), paying: note(0), amountCents: 1 })).toEqual({ ok: false, code: ErrorCode.PAYING_DOCUMENT_BALANCE_IS_ZERO });
    for (const status of ['COMPLETED', 'PAID', 'PARTIALLY_REFUNDED'] as const) expect(checkPayment({ due: due(2_000), paying: note(100, { status }), amountCents: 100 }).ok, status).toBe(true);
    for (const status of ['PENDING', 'CANCELLED', 'REFUNDED', 'OPEN'] as const) expect(checkPayment({ due: due(2_000), paying: note(100, { status }), amountCents: 100 }), status).toEqual({ ok: false, code: ErrorCode.PAYING_DOCUMENT_STATUS_DOES_NOT_ALLOW_PAYMENT });
  });
  it('the credit balance pays exactly what it holds, not a cent more', () => {
    expect(checkPayment({ due: due(2_000), paying: 'credit', creditBalanceCents: 700, amountCents: 700 })).toEqual({ ok: true, amountCents: 700 });
    expect(checkPayment({ due: due(2_000), paying: 'credit', creditBalanceCents: 700, amountCents: 701 })).toEqual({ ok: false, code: ErrorCode.USER_CREDIT_EXHAUSTED });
  });
  it('the due document is PAID at a balance of zero, not before; the balance is the total less what paid it', () => {
    expect(statusAfterPayment({ status: 'OPEN', totalCents: 5_000 }, 0)).toBe('PAID');
    expect(statusAfterPayment({ status: 'OPEN', totalCents: 5_000 }, 1)).toBe('OPEN');
    expect(statusAfterPayment({ status: 'OVERDUE', totalCents: 5_000 }, 1)).toBe('OVERDUE');
    expect(balanceOf(5_000, [3_000, 1_999])).toBe(1);
    expect(balanceOf(5_000, [])).toBe(5_000);
  });
});

describe('cancelling a credit note', () => {
  const doc = { kind: 'credit', status: 'COMPLETED', totalCents: 0 };
  it('one that moved no credit (0 €, a card refund’s note) is not cancellable: 35700', () => {
    expect(creditCancelRefusal({ doc, movementCents: 0, usedCents: 0, balanceCents: 10_000 })).toBe(ErrorCode.CREDIT_ACTION_NOT_FOUND);
    expect(creditCancelRefusal({ doc, movementCents: -1, usedCents: 0, balanceCents: 10_000 })).toBe(ErrorCode.CREDIT_ACTION_NOT_FOUND);
  });
  it('one that gave 1 cent, still held, is', () => {
    expect(creditCancelRefusal({ doc: { ...doc, totalCents: 1 }, movementCents: 1, usedCents: 0, balanceCents: 1 })).toBeNull();
    expect(creditCancelRefusal({ doc: { ...doc, totalCents: 1 }, movementCents: 1, usedCents: 0, balanceCents: 0 })).toBe(ErrorCode.CREDIT_PAYING_NOT_ALLOWED_BY_STATUS);
  });
});

describe('a business buyer at AADE', () => {
  const complete = { type: 'INV', name: 'Acme Ltd', vatNumber: 'GB123456789', address: '1 High St', city: 'London', postcode: 'SW1A 1AA', country: 'GB', vatWaived: false };
  it('outside Greece: sent with its name and address (postcode and city), never without', () => {
    expect(counterpartOf('2.3', complete)).toEqual({ vatNumber: '123456789', country: 'GB', branch: 0, name: 'Acme Ltd', address: { street: '1 High St', postalCode: 'SW1A 1AA', city: 'London' } });
    expect(counterpartOf('2.2', { ...complete, country: 'DE', vatNumber: 'DE123' })).toMatchObject({ name: 'Acme Ltd', address: { postalCode: 'SW1A 1AA', city: 'London' } });
    for (const missing of ['name', 'postcode', 'city'] as const) {
      expect(counterpartOf('2.3', { ...complete, [missing]: '' }), missing).toBe('incomplete');
      expect(counterpartOf('2.2', { ...complete, country: 'DE', [missing]: null }), missing).toBe('incomplete');
      expect(counterpartOf('2.3', { ...complete, [missing]: '   ' }), missing).toBe('incomplete');
    }
    // A street is optional.
    expect(counterpartOf('2.3', { ...complete, address: null })).toEqual({ vatNumber: '123456789', country: 'GB', branch: 0, name: 'Acme Ltd', address: { postalCode: 'SW1A 1AA', city: 'London' } });
  });
  it('the document waits for staff instead of going without them', () => {
    const source = (billing: typeof complete): MydataSource => ({
      kind: 'invoice', series: 'INV', number: 1, createdAt: new Date('2026-03-10T10:00:00Z'), billing,
      lines: [{ netCents: 1000, vatRateBp: 0, vatCents: 0 }], netCents: 1000, vatCents: 0, totalCents: 1000, payments: [{ method: 'card', amountCents: 1000 }],
    });
    expect(mydataInvoice(source({ ...complete, name: '' }), { vatNumber: '998877666' })).toEqual({ ok: false, problem: 'counterpart_incomplete' });
    expect(mydataInvoice(source({ ...complete, postcode: '' }), { vatNumber: '998877666' })).toEqual({ ok: false, problem: 'counterpart_incomplete' });
    expect(mydataInvoice(source(complete), { vatNumber: '998877666' }).ok).toBe(true);
  });
  it('a retail receipt has no counterpart; a Greek business goes by ΑΦΜ, without its name', () => {
    expect(counterpartOf('11.2', complete)).toBeNull();
    expect(counterpartOf('2.1', { ...complete, country: 'GR', vatNumber: 'EL094019245', postcode: '', city: '' })).toEqual({ vatNumber: '094019245', country: 'GR', branch: 0 });
  });
});

describe('lineDescription (the text on legal documents)', () => {
  const d = (over: Partial<Parameters<typeof lineDescription>[0]> = {}) => lineDescription({ kind: 'domain', action: 'register', name: 'kafe.gr', sku: 'gr', lengthMonths: 12, ...over });
  it('names the domain action, the name and the length in Greek', () => {
    expect(d()).toBe('Καταχώριση ονόματος kafe.gr · 1 έτος');
    expect(d({ lengthMonths: 24 })).toBe('Καταχώριση ονόματος kafe.gr · 2 έτη');
    expect(d({ action: 'transfer' })).toBe('Μεταφορά ονόματος kafe.gr · 1 έτος');
    expect(d({ action: 'transfer_renew' })).toBe('Μεταφορά και ανανέωση ονόματος kafe.gr · 1 έτος');
    expect(d({ action: 'renew', lengthMonths: 36 })).toBe('Ανανέωση ονόματος kafe.gr · 3 έτη');
    expect(d({ action: 'trade' })).toBe('Αλλαγή δικαιούχου ονόματος kafe.gr · 1 έτος');
    expect(d({ action: 'rgp_restore' })).toBe('Επαναφορά ονόματος kafe.gr · 1 έτος');
    expect(d({ action: null })).toBe('Καταχώριση ονόματος kafe.gr · 1 έτος');
    expect(d({ action: 'something_new' })).toBe('Καταχώριση ονόματος kafe.gr · 1 έτος');
  });
  it('names products by kind, ID protect by name, and months below or between years', () => {
    expect(d({ kind: 'hosting', action: null, sku: 'sha_lin_start', lengthMonths: 1 })).toBe('Φιλοξενία kafe.gr · 1 μήνας');
    expect(d({ kind: 'hosting', action: null, sku: 'sha_lin_start', lengthMonths: 3 })).toBe('Φιλοξενία kafe.gr · 3 μήνες');
    expect(d({ kind: 'hosting', action: null, sku: 'sha_lin_start', lengthMonths: 18 })).toBe('Φιλοξενία kafe.gr · 18 μήνες');
    expect(d({ kind: 'ssl', action: null, sku: 'ssl_dv' })).toBe('Πιστοποιητικό SSL kafe.gr · 1 έτος');
    expect(d({ kind: 'ssl_installation', action: null, sku: 'ssl_install_basic' })).toBe('Εγκατάσταση SSL kafe.gr · 1 έτος');
    expect(d({ kind: 'addon', action: null, sku: 'id_protect' })).toBe('ID Protect kafe.gr · 1 έτος');
    expect(d({ kind: 'addon', action: null, sku: 'backup' })).toBe('Πρόσθετη υπηρεσία kafe.gr · 1 έτος');
    expect(d({ kind: 'gadget', action: null, sku: 'x' })).toBe('gadget kafe.gr · 1 έτος');
  });
});
