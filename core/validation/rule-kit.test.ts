import { describe, expect, it } from 'vitest';
import { charCount } from './rule-kit';

describe('charCount', () => {
  it('counts code points of the NFC form', () => {
    expect(charCount('abc')).toBe(3);
    expect(charCount('😀')).toBe(1);
    expect(charCount('α\u0301')).toBe(1); // α + combining acute = ά
    expect(charCount('παράδειγμα')).toBe(10);
  });
});
