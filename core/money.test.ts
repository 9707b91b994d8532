import { describe, expect, it } from 'vitest';
import { divideRounded, formatMoney } from './money';

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
  });
});

describe('helpers', () => {
  it('divides with half-up rounding', () => {
    expect(divideRounded(1000, 3)).toBe(333);
    expect(divideRounded(1001, 2)).toBe(501);
    expect(divideRounded(-1001, 2)).toBe(-501);
    expect(() => divideRounded(10, 0)).toThrow();
  });
});
