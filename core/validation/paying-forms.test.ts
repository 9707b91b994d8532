import { describe, expect, it } from 'vitest';
import { centsToEuroText, creditAmountCents, payDocumentSchema } from './paying-forms';

const key = 'k'.repeat(20);

describe('pay-with form', () => {
  it('needs a sum of euros for the credit button only', () => {
    expect(payDocumentSchema.safeParse({ intent: 'credit', key, amount: '12,50' }).success).toBe(true);
    expect(payDocumentSchema.safeParse({ intent: 'credit', key }).success).toBe(false);
    expect(payDocumentSchema.safeParse({ intent: 'credit', key, amount: '12,505' }).success).toBe(false);
    expect(payDocumentSchema.safeParse({ intent: 'credit', key, amount: '0' }).success).toBe(false);
    expect(payDocumentSchema.safeParse({ intent: 'card', key }).success).toBe(true);
    expect(payDocumentSchema.safeParse({ intent: 'bank_transfer', key }).success).toBe(true);
    expect(payDocumentSchema.safeParse({ intent: 'cheque', key }).success).toBe(false);
    expect(payDocumentSchema.safeParse({ intent: 'card', key: 'short' }).success).toBe(false);
  });

  it('reads and writes amounts the Greek way', () => {
    expect(creditAmountCents({ amount: '12,50' })).toBe(1250);
    expect(creditAmountCents({ amount: '1.234,5' })).toBe(123450);
    expect(centsToEuroText(1250)).toBe('12,50');
    expect(centsToEuroText(5)).toBe('0,05');
    expect(creditAmountCents({ amount: centsToEuroText(123407) })).toBe(123407);
  });
});
