// The pay-with form's edges that mutation testing found untested (issue #32 §6, decision 094): which
// field a wrong credit amount is reported on and with which message (a form without JavaScript shows
// the message next to the field), and how a zero or negative sum is written back into the field.
import { describe, expect, it } from 'vitest';
import { issueMessage } from './messages';
import { centsToEuroText, payDocumentSchema } from './paying-forms';

const key = 'k'.repeat(20);
const issues = (input: Record<string, unknown>) => {
  const r = payDocumentSchema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => ({ path: i.path, message: i.message }));
};

describe('the credit amount of the pay-with form', () => {
  it('is required on the amount field when the credit button is pressed', () => {
    expect(issues({ intent: 'credit', key })).toContainEqual({ path: ['amount'], message: issueMessage('REQUIRED') });
    expect(issues({ intent: 'credit', key, amount: '   ' })).toContainEqual({ path: ['amount'], message: issueMessage('REQUIRED') });
  });

  it('must be a sum of euros, said on the amount field', () => {
    expect(issues({ intent: 'credit', key, amount: '12,505' })).toContainEqual({ path: ['amount'], message: issueMessage('NUMERIC') });
  });
});

describe('centsToEuroText', () => {
  it('writes zero without a sign and a negative sum with one', () => {
    expect(centsToEuroText(0)).toBe('0,00');
    expect(centsToEuroText(-5)).toBe('-0,05');
    expect(centsToEuroText(-1250)).toBe('-12,50');
  });
});
