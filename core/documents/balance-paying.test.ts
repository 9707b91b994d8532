// The payability rules of the pay-with tab (issue #13 §2; §8 35503–35516, 2104).
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../errors';
import { checkExpectedBalance, checkPayment, creditOffer, statusAfterCredit, type BalanceDoc } from './balance';

const debit = (over: Partial<BalanceDoc & { balanceCents: number }> = {}) => ({ kind: 'debit' as const, status: 'OPEN' as const, totalCents: 1000, balanceCents: 1000, ...over });

describe('checkPayment with the credit balance', () => {
  it('lets credit pay part or all of an open due document', () => {
    expect(checkPayment({ due: debit(), paying: 'credit', amountCents: 400, creditBalanceCents: 2000 })).toEqual({ ok: true, amountCents: 400 });
    expect(checkPayment({ due: debit({ status: 'OVERDUE' }), paying: 'credit', amountCents: 1000, creditBalanceCents: 1000 })).toEqual({ ok: true, amountCents: 1000 });
  });

  it('refuses in the order the spec lists the codes', () => {
    expect(checkPayment({ due: null, paying: 'credit', amountCents: 1, creditBalanceCents: 1 })).toEqual({ ok: false, code: ErrorCode.NO_DUE_DOCUMENT_DEFINED });
    expect(checkPayment({ due: debit({ kind: 'receipt' }), paying: 'credit', amountCents: 1, creditBalanceCents: 1 })).toEqual({ ok: false, code: ErrorCode.DUE_TYPE_DOES_NOT_ALLOW_PAYMENT });
    expect(checkPayment({ due: debit({ status: 'PAID' }), paying: 'credit', amountCents: 1, creditBalanceCents: 1 })).toEqual({ ok: false, code: ErrorCode.DUE_STATUS_DOES_NOT_ALLOW_PAYMENT });
    expect(checkPayment({ due: debit({ balanceCents: 0 }), paying: 'credit', amountCents: 1, creditBalanceCents: 1 })).toEqual({ ok: false, code: ErrorCode.DUE_DOCUMENT_BALANCE_ALREADY_PAID });
    expect(checkPayment({ due: debit(), paying: 'credit', amountCents: 1, creditBalanceCents: 0 })).toEqual({ ok: false, code: ErrorCode.PAYING_DOCUMENT_BALANCE_IS_ZERO });
    expect(checkPayment({ due: debit(), paying: 'credit', amountCents: 1001, creditBalanceCents: 5000 })).toEqual({ ok: false, code: ErrorCode.BALANCE_MUST_BE_ZERO_OR_EQUAL });
    expect(checkPayment({ due: debit(), paying: 'credit', amountCents: 0, creditBalanceCents: 5000 })).toEqual({ ok: false, code: ErrorCode.BALANCE_MUST_BE_ZERO_OR_EQUAL });
    expect(checkPayment({ due: debit(), paying: 'credit', amountCents: 1.5, creditBalanceCents: 5000 })).toEqual({ ok: false, code: ErrorCode.BALANCE_MUST_BE_ZERO_OR_EQUAL });
    expect(checkPayment({ due: debit(), paying: 'credit', amountCents: 600, creditBalanceCents: 500 })).toEqual({ ok: false, code: ErrorCode.USER_CREDIT_EXHAUSTED });
  });

  it('checks a paying document by its own kind, status and balance', () => {
    const pay = { kind: 'payment' as const, status: 'COMPLETED' as const, totalCents: 500, balanceCents: 500 };
    expect(checkPayment({ due: debit(), paying: { ...pay, kind: 'order' }, amountCents: 1 })).toEqual({ ok: false, code: ErrorCode.PAYING_DOCUMENT_TYPE_DOES_NOT_ALLOW_PAYMENT });
    expect(checkPayment({ due: debit(), paying: { ...pay, status: 'CANCELLED' }, amountCents: 1 })).toEqual({ ok: false, code: ErrorCode.PAYING_DOCUMENT_STATUS_DOES_NOT_ALLOW_PAYMENT });
    expect(checkPayment({ due: debit(), paying: { ...pay, balanceCents: 0 }, amountCents: 1 })).toEqual({ ok: false, code: ErrorCode.PAYING_DOCUMENT_BALANCE_IS_ZERO });
    expect(checkPayment({ due: debit(), paying: pay, amountCents: 600 })).toEqual({ ok: false, code: ErrorCode.BALANCE_MUST_BE_ZERO_OR_EQUAL });
  });
});

describe('the pay-with form', () => {
  it('refuses figures that moved since the form was shown (35513)', () => {
    expect(checkExpectedBalance(1000, 1000).ok).toBe(true);
    expect(checkExpectedBalance(undefined, 1000).ok).toBe(true);
    expect(checkExpectedBalance(1000, 600)).toEqual({ ok: false, code: ErrorCode.DOCUMENT_BALANCE_TOTAL_DIFFERENCE });
  });

  it('offers the credit that covers the balance, never more than either', () => {
    expect(creditOffer(1000, 2000)).toBe(1000);
    expect(creditOffer(1000, 300)).toBe(300);
    expect(creditOffer(1000, -5)).toBe(0);
  });

  it('puts a document PAID at zero and payable again when its card session stopped', () => {
    expect(statusAfterCredit({ status: 'ON_PAYMENT', dueAtMs: null }, 0, 10)).toBe('PAID');
    expect(statusAfterCredit({ status: 'ON_PAYMENT', dueAtMs: null }, 5, 10)).toBe('OPEN');
    expect(statusAfterCredit({ status: 'ON_PAYMENT', dueAtMs: 5 }, 5, 10)).toBe('OVERDUE');
    expect(statusAfterCredit({ status: 'OVERDUE', dueAtMs: 5 }, 5, 10)).toBe('OVERDUE');
  });
});
