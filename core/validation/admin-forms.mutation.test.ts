// The staff amount field's edges that mutation testing found untested (issue #32 §6, decision 094):
// a grant of exactly one cent and of exactly the most allowed, and the message each wrong sum gets.
import { describe, expect, it } from 'vitest';
import { creditGrantSchema } from './admin-forms';

const grant = { email: 'pelatis@example.gr', key: 'k' };
const amountError = (amount: string) => {
  const r = creditGrantSchema.safeParse({ ...grant, amount });
  return r.success ? null : JSON.parse(r.error.issues.find((i) => i.path[0] === 'amount')!.message);
};

describe('a credit grant amount', () => {
  it('takes one cent and the most allowed, and nothing past them', () => {
    expect(amountError('0,01')).toBeNull();
    expect(amountError('5000')).toBeNull();
    expect(amountError('0')).toEqual({ key: 'validation:values_min', params: { min: 0.01 } });
    expect(amountError('5000,01')).toEqual({ key: 'validation:values_max', params: { max: 5000 } });
  });

  it('says a sum that is not one is not a number, and one that reads two ways is ambiguous', () => {
    expect(amountError('δέκα')).toMatchObject({ key: 'validation:numeric' });
    expect(amountError('1.234')).toMatchObject({ key: 'validation:amount_ambiguous' });
  });
});
