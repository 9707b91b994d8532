import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../errors';
import { cartTotals } from '../cart/pricing';
import { documentLines } from './lines';
import { creditCancelRefusal, creditNoteLines, debitCancelRefusal, debitLines, isRefundRefusal, refundableCents, refundRefusal, refundSplit, statusAfterRefund } from './refunds';

const paid = { method: 'card', status: 'approved', amountCents: 12_400, refundedCents: 0, pendingCents: 0 };

describe('refundRefusal', () => {
  it('allows a card payment that is approved, up to what is left', () => {
    expect(refundRefusal(paid, 12_400)).toBeNull();
    expect(refundRefusal({ ...paid, refundedCents: 4_000, pendingCents: 400 }, 8_000)).toBeNull();
  });
  it('refuses more than is left (pending refunds count), nothing, or a fraction of a cent with 35516', () => {
    expect(refundRefusal({ ...paid, refundedCents: 4_000, pendingCents: 400 }, 8_001)).toBe(ErrorCode.BALANCE_MUST_BE_ZERO_OR_EQUAL);
    expect(refundRefusal(paid, 12_401)).toBe(ErrorCode.BALANCE_MUST_BE_ZERO_OR_EQUAL);
    expect(refundRefusal(paid, 0)).toBe(ErrorCode.BALANCE_MUST_BE_ZERO_OR_EQUAL);
    expect(refundRefusal(paid, 1.5)).toBe(ErrorCode.BALANCE_MUST_BE_ZERO_OR_EQUAL);
  });
  it('refuses a bank transfer (35510) and a payment not approved (35512)', () => {
    expect(refundRefusal({ ...paid, method: 'bank_transfer' }, 100)).toBe(ErrorCode.DOCUMENT_ACTION_NOT_PERMITTED);
    expect(refundRefusal({ ...paid, status: 'pending' }, 100)).toBe(ErrorCode.DOCUMENT_STATUS_NOT_PERMITTED);
  });
});

describe('statusAfterRefund', () => {
  it('is PARTIALLY_REFUNDED below the amount and REFUNDED at it', () => {
    expect(statusAfterRefund(12_400, 0)).toBe('COMPLETED');
    expect(statusAfterRefund(12_400, 1)).toBe('PARTIALLY_REFUNDED');
    expect(statusAfterRefund(12_400, 12_400)).toBe('REFUNDED');
  });
});

describe('refundSplit', () => {
  it('splits at the document rate and gives all the VAT back with the whole total', () => {
    const legal = { totalCents: 12_400, vatCents: 2_400 };
    expect(refundSplit(legal, 0, 6_200)).toEqual({ netCents: 5_000, vatCents: 1_200 });
    expect(refundSplit(legal, 0, 12_400)).toEqual({ netCents: 10_000, vatCents: 2_400 });
    expect(refundSplit({ totalCents: 5_000, vatCents: 0 }, 0, 2_000)).toEqual({ netCents: 2_000, vatCents: 0 });
  });

  it('property: refunds in any parts add up to one refund of their sum, and to the document at its total', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.constantFrom(0, 600, 1300, 2400), fc.array(fc.integer({ min: 1, max: 1_000 }), { minLength: 1, maxLength: 8 }), (net, rate, weights) => {
        const t = cartTotals([net], rate);
        const legal = { totalCents: t.grandTotalCents, vatCents: t.vatCents };
        const parts = weights.map((w) => Math.max(1, Math.floor((legal.totalCents * w) / weights.reduce((a, b) => a + b, 0) / 2)));
        let before = 0;
        let vat = 0;
        for (const p of parts) {
          const amount = Math.min(p, legal.totalCents - before);
          if (amount <= 0) break;
          const s = refundSplit(legal, before, amount);
          expect(s.netCents + s.vatCents).toBe(amount);
          expect(s.vatCents).toBeGreaterThanOrEqual(0);
          vat += s.vatCents;
          before += amount;
        }
        expect(vat).toBe(refundSplit(legal, 0, before).vatCents);
        const rest = legal.totalCents - before;
        if (rest > 0) vat += refundSplit(legal, before, rest).vatCents;
        expect(vat).toBe(legal.vatCents);
      }),
    );
  });
});

describe('creditNoteLines', () => {
  it('property: the lines add up to the refund, net and VAT, to the cent', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 50_000 }), { minLength: 1, maxLength: 10 }), fc.integer({ min: 1, max: 10_000 }), (nets, refund) => {
        const t = cartTotals(nets, 2400);
        fc.pre(t.grandTotalCents > 0);
        const source = documentLines(nets.map((n, i) => ({ description: `line ${i}`, sku: null, netCents: n })), { discountCents: 0, vatCents: t.vatCents, vatRateBp: 2400 });
        const amount = Math.min(refund, t.grandTotalCents);
        const split = refundSplit({ totalCents: t.grandTotalCents, vatCents: t.vatCents }, 0, amount);
        const lines = creditNoteLines(source, split, { description: 'x', vatRateBp: 2400 });
        expect(lines.reduce((a, l) => a + l.netCents, 0)).toBe(split.netCents);
        expect(lines.reduce((a, l) => a + l.vatCents, 0)).toBe(split.vatCents);
        expect(lines.reduce((a, l) => a + l.totalCents, 0)).toBe(amount);
        expect(lines.map((l) => l.position)).toEqual(lines.map((_, i) => i + 1));
      }),
    );
  });
  it('names what is refunded, and has one line for a document without lines', () => {
    const lines = creditNoteLines([], { netCents: 1_000, vatCents: 240 }, { description: 'Επιστροφή στην κάρτα', vatRateBp: 2400 });
    expect(lines).toEqual([{ position: 1, description: 'Επιστροφή: Επιστροφή στην κάρτα', sku: null, quantity: 1, netCents: 1_000, vatRateBp: 2400, vatCents: 240, totalCents: 1_240 }]);
  });
});

describe('debitLines', () => {
  it('adds VAT per line at the rate (decision 050)', () => {
    const lines = debitLines([{ description: 'Χρέωση', netCents: 1_000 }, { description: 'Τέλος', netCents: 500 }], 2400);
    expect(lines.map((l) => [l.netCents, l.vatCents])).toEqual([[1_000, 240], [500, 120]]);
    // 9,90 € and 2,99 €: 2,376 → 2,38 and 0,7176 → 0,72 (the sum rounded once would be 3,09 €).
    expect(debitLines([{ description: 'a', netCents: 990 }, { description: 'b', netCents: 299 }], 2400).map((l) => l.vatCents)).toEqual([238, 72]);
    expect(debitLines([{ description: 'x', netCents: 333 }], 0)[0]).toMatchObject({ vatCents: 0, totalCents: 333 });
  });
});

describe('cancel rules', () => {
  it('a debit: only OPEN or OVERDUE and unpaid (35802); not a debit 35502', () => {
    expect(debitCancelRefusal({ kind: 'debit', status: 'OPEN' }, 0)).toBeNull();
    expect(debitCancelRefusal({ kind: 'debit', status: 'OVERDUE' }, 0)).toBeNull();
    expect(debitCancelRefusal({ kind: 'debit', status: 'OPEN' }, 1)).toBe(ErrorCode.DEBIT_STATUS_DOES_NOT_ALLOW_CANCEL);
    expect(debitCancelRefusal({ kind: 'debit', status: 'PAID' }, 0)).toBe(ErrorCode.DEBIT_STATUS_DOES_NOT_ALLOW_CANCEL);
    expect(debitCancelRefusal({ kind: 'debit', status: 'CANCELLED' }, 0)).toBe(ErrorCode.DEBIT_STATUS_DOES_NOT_ALLOW_CANCEL);
    expect(debitCancelRefusal({ kind: 'order', status: 'OPEN' }, 0)).toBe(ErrorCode.SALE_DOCUMENT_NOT_FOUND);
    expect(debitCancelRefusal(null, 0)).toBe(ErrorCode.SALE_DOCUMENT_NOT_FOUND);
  });
  it('a credit note: 35701 not one, 35700 gave no credit, 35702 not COMPLETED, 35703 spent', () => {
    const doc = { kind: 'credit', status: 'COMPLETED', totalCents: 2_000 };
    expect(creditCancelRefusal({ doc, movementCents: 2_000, usedCents: 0, balanceCents: 2_000 })).toBeNull();
    expect(creditCancelRefusal({ doc: null, movementCents: null, usedCents: 0, balanceCents: 0 })).toBe(ErrorCode.CREDIT_DOCUMENT_NOT_FOUND);
    expect(creditCancelRefusal({ doc: { ...doc, kind: 'debit' }, movementCents: 2_000, usedCents: 0, balanceCents: 2_000 })).toBe(ErrorCode.CREDIT_DOCUMENT_NOT_FOUND);
    expect(creditCancelRefusal({ doc, movementCents: null, usedCents: 0, balanceCents: 2_000 })).toBe(ErrorCode.CREDIT_ACTION_NOT_FOUND);
    expect(creditCancelRefusal({ doc: { ...doc, status: 'CANCELLED' }, movementCents: 2_000, usedCents: 0, balanceCents: 2_000 })).toBe(ErrorCode.CREDIT_STATUS_NOT_PERMITTED);
    expect(creditCancelRefusal({ doc, movementCents: 2_000, usedCents: 0, balanceCents: 1_999 })).toBe(ErrorCode.CREDIT_PAYING_NOT_ALLOWED_BY_STATUS);
    expect(creditCancelRefusal({ doc, movementCents: 2_000, usedCents: 1, balanceCents: 5_000 })).toBe(ErrorCode.CREDIT_PAYING_NOT_ALLOWED_BY_STATUS);
  });
});

describe('refundableCents with credit already given back', () => {
  it('subtracts the credit of failed items of the order, never below 0 (35516 above it)', () => {
    expect(refundableCents({ ...paid, creditedCents: 10_000 })).toBe(2_400);
    expect(refundableCents({ ...paid, refundedCents: 2_000, pendingCents: 400, creditedCents: 10_000 })).toBe(0);
    expect(refundableCents({ ...paid, creditedCents: 20_000 })).toBe(0);
    expect(refundRefusal({ ...paid, creditedCents: 12_400 }, 1)).toBe(ErrorCode.BALANCE_MUST_BE_ZERO_OR_EQUAL);
    expect(refundRefusal({ ...paid, creditedCents: 12_300 }, 100)).toBeNull();
  });
});

describe('isRefundRefusal', () => {
  it('only a definite refusal by the processor closes a refund; a lost answer does not', () => {
    for (const code of [35516, 35512, 35502, 100]) expect(isRefundRefusal(code)).toBe(true);
    for (const code of [49997, 35523, 500, 0]) expect(isRefundRefusal(code)).toBe(false);
  });
});
