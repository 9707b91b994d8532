// The boundaries of the refund rules that mutation testing found untested (issue #32 §6, decision
// 094): a refund's VAT never goes past the document's, and a credit note's VAT is shared over the
// document's lines by their VAT (not their net), lines at 0 % keep their net, and lines that get
// nothing are left out.
import { describe, expect, it } from 'vitest';
import { creditNoteLines, refundSplit, type SourceLine } from './refunds';

const fallback = { description: 'Επιστροφή στην κάρτα', vatRateBp: 2400 };
const src = (description: string, netCents: number, vatRateBp: number, vatCents: number): SourceLine => ({ description, sku: description, netCents, vatRateBp, vatCents });

describe('refundSplit past the document’s total', () => {
  it('gives back no more VAT than the document holds, however much the payment exceeded it', () => {
    const legal = { totalCents: 1_240, vatCents: 240 };
    // 1 000 refunded before (VAT 194 of it); 500 more runs past the total: only the 46 left come back.
    expect(refundSplit(legal, 1_000, 500)).toEqual({ netCents: 454, vatCents: 46 });
    expect(refundSplit(legal, 0, 2_000)).toEqual({ netCents: 1_760, vatCents: 240 });
  });
});

describe('creditNoteLines over lines at different rates', () => {
  it('shares the VAT by each line’s VAT and the net by each line’s net', () => {
    const lines = creditNoteLines([src('a', 1_000, 2400, 240), src('b', 1_000, 1300, 130)], { netCents: 1_000, vatCents: 185 }, fallback);
    expect(lines.map((l) => [l.description, l.netCents, l.vatCents, l.totalCents])).toEqual([
      ['Επιστροφή: a', 500, 120, 620],
      ['Επιστροφή: b', 500, 65, 565],
    ]);
  });

  it('keeps a line at 0 % with its net and no VAT, and gives the VAT to the line that carries VAT', () => {
    const lines = creditNoteLines([src('taxed', 1_000, 2400, 240), src('exempt', 1_000, 0, 0)], { netCents: 1_000, vatCents: 120 }, fallback);
    expect(lines.map((l) => [l.sku, l.netCents, l.vatCents, l.position])).toEqual([
      ['taxed', 500, 120, 1],
      ['exempt', 500, 0, 2],
    ]);
  });

  it('leaves out a line that gets nothing, and numbers the rest without a gap', () => {
    const lines = creditNoteLines([src('small', 1, 2400, 0), src('big', 9_999, 2400, 2_400)], { netCents: 100, vatCents: 24 }, fallback);
    expect(lines.map((l) => [l.position, l.sku, l.netCents, l.vatCents])).toEqual([[1, 'big', 100, 24]]);
  });

  it('keeps a line whose net share rounds to nothing but that carries VAT, so the lines add up to the refund', () => {
    // An exempt line of 999 € and a taxed one of 1 €: the net goes to the large line, the VAT to the taxed one.
    const lines = creditNoteLines([src('exempt', 99_900, 0, 0), src('taxed', 100, 2400, 24)], { netCents: 50, vatCents: 24 }, fallback);
    expect(lines.map((l) => [l.position, l.sku, l.netCents, l.vatCents])).toEqual([
      [1, 'exempt', 50, 0],
      [2, 'taxed', 0, 24],
    ]);
  });

  it('shares the VAT by net when the lines carry none of it (lines stored without their VAT)', () => {
    const lines = creditNoteLines([src('a', 1_000, 2400, 0), src('b', 3_000, 2400, 0)], { netCents: 400, vatCents: 96 }, fallback);
    expect(lines.map((l) => [l.netCents, l.vatCents])).toEqual([
      [100, 24],
      [300, 72],
    ]);
    // No VAT at all: none on any line.
    expect(creditNoteLines([src('a', 1_000, 0, 0), src('b', 3_000, 0, 0)], { netCents: 400, vatCents: 0 }, fallback).map((l) => l.vatCents)).toEqual([0, 0]);
  });
});
