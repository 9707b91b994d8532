import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages';
import { requiredText } from './required-rules';
import { numeric, numericError, parseLocaleNumber, valueError, valueMax, valueMin } from './number-rules';
import { keys, key } from './test-kit';

describe('numbers', () => {
  it('parses imperial and metric notation', () => {
    expect(parseLocaleNumber('1,234.56')).toBe(1234.56);
    expect(parseLocaleNumber('1.234,56')).toBe(1234.56);
    expect(parseLocaleNumber('1,234,567')).toBe(1234567);
    expect(parseLocaleNumber('1.234.567')).toBe(1234567);
    expect(parseLocaleNumber('1234.5')).toBe(1234.5);
    expect(parseLocaleNumber('1234,5')).toBe(1234.5);
    expect(parseLocaleNumber('42')).toBe(42);
    expect(parseLocaleNumber('-1.234,5')).toBe(-1234.5);
    expect(parseLocaleNumber('+7')).toBe(7);
    expect(parseLocaleNumber(' 12,5 ')).toBe(12.5);
    expect(parseLocaleNumber('0.234')).toBe(0.234);
    expect(parseLocaleNumber('-0')).toBe(0);
  });

  it('reads an ambiguous single group the preferred way, metric by default', () => {
    expect(parseLocaleNumber('1.234')).toBe(1234);
    expect(parseLocaleNumber('1,234')).toBe(1.234);
    expect(parseLocaleNumber('1.234', 'imperial')).toBe(1.234);
    expect(parseLocaleNumber('1,234', 'imperial')).toBe(1234);
    // Only one reading: no preference needed.
    expect(parseLocaleNumber('1.5', 'metric')).toBe(1.5);
    expect(parseLocaleNumber('12,5', 'imperial')).toBe(12.5);
  });

  it('refuses what is neither notation', () => {
    for (const v of ['', 'abc', '1,23,456', '1.234.56', '1,234.567,8', '1.', ',5', '1 234', '1e5', '--1', '0x10', '1,2.3,4', 'Infinity']) {
      expect(parseLocaleNumber(v), v).toBeNull();
    }
    expect(key(numericError('12a'))).toBe(MESSAGES.NUMERIC);
    expect(numericError('')).toBeNull();
    expect(keys(requiredText(numeric()), '1.234,56')).toEqual([]);
  });

  it('compares the parsed number with the bounds', () => {
    expect(valueError('1.234,56', { min: 1000 })).toBeNull();
    expect(valueError('1000', { min: 1000, max: 1000 })).toBeNull();
    expect(valueError('999,99', { min: 1000 })).toEqual({ key: MESSAGES['VALUES.MIN'], params: { min: 1000 } });
    expect(valueError('1.000,01', { max: 1000 })).toEqual({ key: MESSAGES['VALUES.MAX'], params: { max: 1000 } });
    expect(key(valueError('lots', { min: 1 }))).toBe(MESSAGES.NUMERIC);
    expect(keys(requiredText(valueMin(5)), '4')).toEqual([MESSAGES['VALUES.MIN']]);
    expect(keys(requiredText(valueMax(5)), '6')).toEqual([MESSAGES['VALUES.MAX']]);
    expect(keys(requiredText(valueMax(2000, 'imperial')), '1,234')).toEqual([]);
    expect(keys(requiredText(valueMax(2, 'metric')), '1,234')).toEqual([]);
  });
});
