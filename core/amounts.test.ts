import { describe, expect, it } from 'vitest';
import { readEuroAmount } from './amounts';

const cents = (text: string) => {
  const r = readEuroAmount(text);
  return r.ok ? r.cents : r.error;
};

describe('readEuroAmount: a staff amount reads the same in Greek and English notation, or not at all', () => {
  it('reads sums that only one notation can mean', () => {
    expect(cents('12,50')).toBe(1250);
    expect(cents('12.50')).toBe(1250);
    expect(cents('12.5')).toBe(1250);
    expect(cents('0,1')).toBe(10);
    expect(cents('20')).toBe(2000);
    expect(cents(' 20 ')).toBe(2000);
    expect(cents('1.234,56')).toBe(123456);
    expect(cents('1,234.56')).toBe(123456);
    expect(cents('1234,56')).toBe(123456);
    expect(cents('1.234.567')).toBe(123456700);
    expect(cents('1,234,567')).toBe(123456700);
    expect(cents('1234')).toBe(123400);
  });

  it('refuses a sum that reads differently in the two notations', () => {
    // 1.234 is 1.234,00 € the Greek way and 1,23 € (a typo of three decimals) the English way.
    expect(cents('1.234')).toBe('AMBIGUOUS');
    expect(cents('1,234')).toBe('AMBIGUOUS');
    expect(cents('12.000')).toBe('AMBIGUOUS');
    expect(cents('100,000')).toBe('AMBIGUOUS');
    expect(cents('999.999')).toBe('AMBIGUOUS');
    // Three decimals the Greek way, twelve thousand the English way: a typo either way, so refused.
    expect(cents('12,505')).toBe('AMBIGUOUS');
  });

  it('refuses what is not a sum of euros with at most two decimals', () => {
    expect(cents('')).toBe('NUMERIC');
    expect(cents('δέκα')).toBe('NUMERIC');
    expect(cents('0,505')).toBe('NUMERIC');
    expect(cents('0.234')).toBe('NUMERIC');
    expect(cents('1.23.4')).toBe('NUMERIC');
    expect(cents('1,234.567')).toBe('NUMERIC');
    expect(cents('-5')).toBe('NUMERIC');
    expect(cents('1e3')).toBe('NUMERIC');
    expect(cents('12,')).toBe('NUMERIC');
    expect(cents(',5')).toBe('NUMERIC');
    expect(cents('1.234,5.6')).toBe('NUMERIC');
  });
});
