import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseLocaleNumber } from './number-rules';

describe('numbers (property)', () => {
  const amount = fc.integer({ min: 0, max: 10 ** 12 }).map((cents) => cents / 100);
  it('reads back what the two notations write', () => {
    fc.assert(
      fc.property(amount, (n) => {
        const imperial = n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
        const metric = n.toLocaleString('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
        expect(parseLocaleNumber(imperial)).toBeCloseTo(n, 2);
        expect(parseLocaleNumber(metric)).toBeCloseTo(n, 2);
        expect(parseLocaleNumber(`-${metric}`)).toBeCloseTo(-n, 2);
      }),
    );
  });
});
