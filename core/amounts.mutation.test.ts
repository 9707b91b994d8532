// The boundaries of the staff amount reader that mutation testing found untested (issue #32 §6,
// decision 094): leading and trailing zeros, the twelve-digit limit, a grouping that is a round
// thousand, and a negative amount written back into a form.
import { describe, expect, it } from 'vitest';
import { centsToEuroInput, readEuroAmount } from './amounts';

const cents = (text: string) => {
  const r = readEuroAmount(text);
  return r.ok ? r.cents : r.error;
};

describe('readEuroAmount at its edges', () => {
  it('ignores leading zeros of the euros, also for the twelve-digit limit', () => {
    expect(cents('007,50')).toBe(750);
    expect(cents('00000000000001,00')).toBe(100);
    expect(cents('0,00')).toBe(0);
  });

  it('ignores trailing zeros of the cents before counting two decimals', () => {
    expect(cents('12,5000')).toBe(1250);
    expect(cents('12,5010')).toBe('NUMERIC');
  });

  it('reads twelve digits of euros and refuses thirteen', () => {
    expect(cents('999999999999')).toBe(99_999_999_999_900);
    expect(cents('1000000000000')).toBe('NUMERIC');
  });

  it('refuses a round thousand written with a point: 1.000 is a thousand euros the Greek way and one the English way', () => {
    expect(cents('1.000')).toBe('AMBIGUOUS');
    expect(cents('25,000')).toBe('AMBIGUOUS');
  });
});

describe('centsToEuroInput', () => {
  it('writes an amount the way readEuroAmount reads it, with its sign', () => {
    expect(centsToEuroInput(1250)).toBe('12,50');
    expect(centsToEuroInput(5)).toBe('0,05');
    expect(centsToEuroInput(-1250)).toBe('-12,50');
    expect(cents(centsToEuroInput(123_456))).toBe(123_456);
  });
});
