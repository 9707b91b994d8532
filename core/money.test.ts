import { describe, expect, it } from 'vitest';
import { assertCents, divideRounded, formatMoney, shareOut } from './money';

const nb = '\u00a0';

describe('formatMoney', () => {
  it('formats Greek euro with dot thousands and comma decimals', () => {
    expect(formatMoney(123456)).toBe(`1.234,56${nb}€`);
    expect(formatMoney(0)).toBe(`0,00${nb}€`);
    expect(formatMoney(5)).toBe(`0,05${nb}€`);
    expect(formatMoney(99)).toBe(`0,99${nb}€`);
    expect(formatMoney(100000000)).toBe(`1.000.000,00${nb}€`);
    expect(formatMoney(99999)).toBe(`999,99${nb}€`);
  });
  it('formats English with the euro sign first', () => {
    expect(formatMoney(123456, 'en')).toBe('€1,234.56');
  });
  it('keeps the sign of credits', () => {
    expect(formatMoney(-1250)).toBe(`-12,50${nb}€`);
  });
  it('refuses fractional cents so no float leaks into a price', () => {
    expect(() => formatMoney(10.5)).toThrow(RangeError);
    // The message names the bad value, so a log line says what leaked.
    expect(() => assertCents(10.5)).toThrow('money must be integer cents, got 10.5');
    expect(assertCents(-7)).toBe(-7);
  });
});

describe('helpers', () => {
  it('divides with half-up rounding', () => {
    expect(divideRounded(1000, 3)).toBe(333);
    expect(divideRounded(1001, 2)).toBe(501);
    expect(divideRounded(-1001, 2)).toBe(-501);
    expect(() => divideRounded(10, 0)).toThrow('divisor must be a positive integer');
    expect(() => divideRounded(10, 1.5)).toThrow(RangeError);
  });
  it('divides zero into a plain zero, never -0 (Intl prints -0 as "-0")', () => {
    expect(Object.is(divideRounded(0, 3), 0)).toBe(true);
  });
});

describe('shareOut', () => {
  it('gives a tied leftover cent to the earlier line', () => {
    expect(shareOut(1, [1, 1])).toEqual([1, 0]);
    expect(shareOut(2, [1, 1, 1])).toEqual([1, 1, 0]);
    // (A negative total's empty parts come out as -0; every formatter prints that as 0.)
    expect(shareOut(-1, [1, 1])[0]).toBe(-1);
  });
  it('keeps the sign of a negative total and adds up exactly', () => {
    const parts = shareOut(-100, [1, 1, 1]);
    expect(parts).toEqual([-34, -33, -33]);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(-100);
  });
});
