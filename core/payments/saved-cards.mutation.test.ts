// The card brands mutation testing found untested (issue #32 §6, decision 094): a saved card is chosen
// by its brand and last digits in the list, the renewal notices and the domain page, so every brand the
// processor names reads as its holder knows it.
import { describe, expect, it } from 'vitest';
import { brandName, cardLabel } from './saved-cards';

describe('brandName', () => {
  it.each([
    ['visa', 'Visa'],
    ['mastercard', 'Mastercard'],
    ['amex', 'American Express'],
    ['american_express', 'American Express'],
    ['maestro', 'Maestro'],
    ['discover', 'Discover'],
    ['diners', 'Diners Club'],
    ['jcb', 'JCB'],
    ['unionpay', 'UnionPay'],
  ])('%s reads as %s', (brand, name) => {
    expect(brandName(brand)).toBe(name);
    expect(cardLabel({ brand: ` ${brand.toUpperCase()} `, last4: '4242' })).toBe(`${name} •••• 4242`);
  });
});
