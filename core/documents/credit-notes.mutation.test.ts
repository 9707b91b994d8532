// The credit-note queue's edges that mutation testing found untested (issue #32 §6, decision 094):
// notes and uses of the same instant are taken by id, uses handed over out of order are taken by time,
// and a note that gave no credit (or took some back) takes no part. Which note paid which document is
// what a credit note's page and the accountant's export say.
import { describe, expect, it } from 'vitest';
import { attributeUses, remainingCredit, type CreditSource, type CreditUse } from './credit-notes';

const note = (id: number, amountCents: number, at = id, cancelled = false): CreditSource => ({ id, amountCents, at, cancelled });
const use = (allocationId: number, amountCents: number, at: number): CreditUse => ({ allocationId, amountCents, at, dueDocumentId: 100 + allocationId });
const paid = (m: Map<number, CreditUse[]>) => Object.fromEntries([...m].map(([id, uses]) => [id, uses.map((u) => [u.allocationId, u.amountCents])]));

describe('remainingCredit', () => {
  it('spends notes of the same instant by id, in whatever order they come', () => {
    for (const order of [
      [3, 1, 2],
      [2, 3, 1],
      [1, 2, 3],
      [3, 2, 1],
    ]) {
      const left = remainingCredit(order.map((id) => note(id, 1_000, 50)), 1_500);
      expect([...left].sort(([a], [b]) => a - b)).toEqual([
        [1, 0],
        [2, 500],
        [3, 1_000],
      ]);
    }
  });

  it('a note of negative credit keeps nothing and does not free spending for the next', () => {
    const left = remainingCredit([note(1, -500), note(2, 1_000)], 600);
    expect(left.get(1)).toBe(0);
    expect(left.get(2)).toBe(400);
  });
});

describe('attributeUses', () => {
  it('takes the uses in time order, not in the order given', () => {
    const byNote = attributeUses([note(1, 1_000), note(2, 1_000)], [use(1, 600, 20), use(2, 600, 10)]);
    expect(paid(byNote)).toEqual({ 1: [[2, 600], [1, 400]], 2: [[1, 200]] });
  });

  it('takes uses of the same instant by allocation, in whatever order they come', () => {
    for (const order of [
      [3, 1, 2],
      [2, 3, 1],
      [3, 2, 1],
    ]) {
      const byNote = attributeUses([note(1, 1_000), note(2, 1_000)], order.map((id) => use(id, 600, 10)));
      expect(paid(byNote)).toEqual({ 1: [[1, 600], [2, 400]], 2: [[2, 200], [3, 600]] });
    }
  });

  it('skips a note of negative credit', () => {
    expect(paid(attributeUses([note(1, -500), note(2, 1_000)], [use(1, 600, 10)]))).toEqual({ 2: [[1, 600]] });
  });
});
