// The balance rule of issue #13 §2: a document's balance is its total less what pays it, for any
// sequence of payments, and checkPayment lets no payment take a balance below zero or give more than
// the paying side has. One case per §8 code the rule raises.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../errors';
import { balanceOf, checkPayment, DUE_KINDS, PAYABLE_STATUSES, PAYING_KINDS, PAYING_STATUSES, statusAfterPayment, type DocumentKind, type DocumentStatus } from './balance';

const KINDS: DocumentKind[] = ['order', 'receipt', 'invoice', 'payment', 'credit', 'debit'];
const STATUSES: DocumentStatus[] = ['OPEN', 'ON_PAYMENT', 'PAID', 'PENDING', 'COMPLETED', 'REFUNDED', 'PARTIALLY_REFUNDED', 'CANCELLED', 'ERROR', 'OVERDUE', 'DECLINED'];

const due = (balanceCents: number, over: Partial<{ kind: DocumentKind; status: DocumentStatus; totalCents: number }> = {}) => ({ kind: 'debit' as DocumentKind, status: 'OPEN' as DocumentStatus, totalCents: balanceCents, balanceCents, ...over });
const paying = (balanceCents: number, over: Partial<{ kind: DocumentKind; status: DocumentStatus; totalCents: number }> = {}) => ({ kind: 'payment' as DocumentKind, status: 'COMPLETED' as DocumentStatus, totalCents: balanceCents, balanceCents, ...over });

describe('balanceOf', () => {
  it('is the total less the allocations, whatever their order', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.array(fc.integer({ min: 1, max: 1_000_000 }), { maxLength: 30 }), (total, parts) => {
        const expected = total - parts.reduce((a, b) => a + b, 0);
        expect(balanceOf(total, parts)).toBe(expected);
        expect(balanceOf(total, [...parts].reverse())).toBe(expected);
      }),
    );
  });
});

describe('a sequence of payments through checkPayment', () => {
  it('keeps the due balance equal to its total less what was accepted, never below zero; each payer gives no more than it has', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.array(fc.record({ payer: fc.integer({ min: 0, max: 3 }), amount: fc.integer({ min: -1000, max: 600_000 }) }), { maxLength: 40 }),
        fc.array(fc.integer({ min: 0, max: 500_000 }), { minLength: 4, maxLength: 4 }),
        (total, attempts, payerTotals) => {
          const accepted: number[] = [];
          const given = payerTotals.map(() => [] as number[]);
          for (const { payer, amount } of attempts) {
            const dueBalance = balanceOf(total, accepted);
            const payerBalance = balanceOf(payerTotals[payer]!, given[payer]!);
            const status = statusAfterPayment({ status: 'OPEN', totalCents: total }, dueBalance);
            const r = checkPayment({ due: due(dueBalance, { totalCents: total, status }), paying: paying(payerBalance, { totalCents: payerTotals[payer]! }), amountCents: amount });
            const fits = amount > 0 && amount <= dueBalance && amount <= payerBalance;
            expect(r.ok).toBe(fits && status !== 'PAID');
            if (r.ok) {
              accepted.push(r.amountCents);
              given[payer]!.push(r.amountCents);
            }
          }
          const balance = balanceOf(total, accepted);
          expect(balance).toBe(total - accepted.reduce((a, b) => a + b, 0));
          expect(balance).toBeGreaterThanOrEqual(0);
          given.forEach((g, i) => expect(balanceOf(payerTotals[i]!, g)).toBeGreaterThanOrEqual(0));
          // PAID exactly when nothing is left.
          expect(statusAfterPayment({ status: 'OPEN', totalCents: total }, balance) === 'PAID').toBe(balance === 0);
        },
      ),
    );
  });

  it('credit pays no more than the credit balance and the due balance', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: -10, max: 200_000 }), (dueBalance, credit, amount) => {
        const r = checkPayment({ due: due(dueBalance), paying: 'credit', creditBalanceCents: credit, amountCents: amount });
        // No credit at all: the paying side has nothing (35508); some, but less than asked: 2104.
        if (credit <= 0) expect(r).toEqual({ ok: false, code: ErrorCode.PAYING_DOCUMENT_BALANCE_IS_ZERO });
        else if (amount <= 0 || amount > dueBalance) expect(r).toEqual({ ok: false, code: ErrorCode.BALANCE_MUST_BE_ZERO_OR_EQUAL });
        else if (amount > credit) expect(r).toEqual({ ok: false, code: ErrorCode.USER_CREDIT_EXHAUSTED });
        else expect(r).toEqual({ ok: true, amountCents: amount });
      }),
    );
  });

  it('only due kinds in a payable status can be paid, only paying kinds in a paying status can pay', () => {
    fc.assert(
      fc.property(fc.constantFrom(...KINDS), fc.constantFrom(...STATUSES), fc.constantFrom(...KINDS), fc.constantFrom(...STATUSES), (dk, ds, pk, ps) => {
        const r = checkPayment({ due: due(1000, { kind: dk, status: ds }), paying: paying(1000, { kind: pk, status: ps }), amountCents: 500 });
        const allowed = DUE_KINDS.includes(dk) && PAYABLE_STATUSES.includes(ds) && PAYING_KINDS.includes(pk) && PAYING_STATUSES.includes(ps);
        expect(r.ok).toBe(allowed);
      }),
    );
  });
});

describe('checkPayment: one case per code', () => {
  const ok = { due: due(1000), paying: paying(1000), amountCents: 400 };
  it('accepts a payment that fits both sides', () => {
    expect(checkPayment(ok)).toEqual({ ok: true, amountCents: 400 });
    expect(checkPayment({ ...ok, amountCents: 1000 })).toEqual({ ok: true, amountCents: 1000 });
  });
  it.each([
    ['35503 due_status_does_not_allow_payment', { ...ok, due: due(1000, { status: 'CANCELLED' }) }, ErrorCode.DUE_STATUS_DOES_NOT_ALLOW_PAYMENT],
    ['35504 due_type_does_not_allow_payment', { ...ok, due: due(1000, { kind: 'invoice' }) }, ErrorCode.DUE_TYPE_DOES_NOT_ALLOW_PAYMENT],
    ['35505 paying_document_status_does_not_allow_payment', { ...ok, paying: paying(1000, { status: 'CANCELLED' }) }, ErrorCode.PAYING_DOCUMENT_STATUS_DOES_NOT_ALLOW_PAYMENT],
    ['35506 paying_document_type_does_not_allow_payment', { ...ok, paying: paying(1000, { kind: 'receipt' }) }, ErrorCode.PAYING_DOCUMENT_TYPE_DOES_NOT_ALLOW_PAYMENT],
    ['35507 due_document_balance_already_paid', { ...ok, due: due(0, { totalCents: 1000 }) }, ErrorCode.DUE_DOCUMENT_BALANCE_ALREADY_PAID],
    ['35508 paying_document_balance_is_zero', { ...ok, paying: paying(0, { totalCents: 1000 }) }, ErrorCode.PAYING_DOCUMENT_BALANCE_IS_ZERO],
    ['35514 no_due_document_defined', { ...ok, due: null }, ErrorCode.NO_DUE_DOCUMENT_DEFINED],
    ['35515 no_paying_document_defined', { ...ok, paying: null }, ErrorCode.NO_PAYING_DOCUMENT_DEFINED],
    ['35516 balance_must_be_zero_or_equal (more than owed)', { ...ok, amountCents: 1001 }, ErrorCode.BALANCE_MUST_BE_ZERO_OR_EQUAL],
    ['35516 balance_must_be_zero_or_equal (more than the payer has)', { ...ok, paying: paying(300), amountCents: 400 }, ErrorCode.BALANCE_MUST_BE_ZERO_OR_EQUAL],
    ['35516 balance_must_be_zero_or_equal (not a positive whole cent)', { ...ok, amountCents: 0.5 }, ErrorCode.BALANCE_MUST_BE_ZERO_OR_EQUAL],
    ['2104 user_credit_exhausted', { ...ok, paying: 'credit' as const, creditBalanceCents: 1 }, ErrorCode.USER_CREDIT_EXHAUSTED],
  ])('%s', (_name, input, code) => {
    expect(checkPayment(input as Parameters<typeof checkPayment>[0])).toEqual({ ok: false, code });
  });
  it('the codes are the catalogue numbers of §8', () => {
    expect([ErrorCode.DUE_STATUS_DOES_NOT_ALLOW_PAYMENT, ErrorCode.DUE_TYPE_DOES_NOT_ALLOW_PAYMENT, ErrorCode.PAYING_DOCUMENT_STATUS_DOES_NOT_ALLOW_PAYMENT, ErrorCode.PAYING_DOCUMENT_TYPE_DOES_NOT_ALLOW_PAYMENT, ErrorCode.DUE_DOCUMENT_BALANCE_ALREADY_PAID, ErrorCode.PAYING_DOCUMENT_BALANCE_IS_ZERO, ErrorCode.NO_DUE_DOCUMENT_DEFINED, ErrorCode.NO_PAYING_DOCUMENT_DEFINED, ErrorCode.BALANCE_MUST_BE_ZERO_OR_EQUAL, ErrorCode.USER_CREDIT_EXHAUSTED]).toEqual([35503, 35504, 35505, 35506, 35507, 35508, 35514, 35515, 35516, 2104]);
  });
});
