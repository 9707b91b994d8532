import { describe, expect, it } from 'vitest';
import { brandName, cardExpiry, cardLabel, isCardExpired, processorCustomerRef } from './saved-cards';

describe('saved cards', () => {
  it('labels a card by its brand and last four digits', () => {
    expect(cardLabel({ brand: 'visa', last4: '4242' })).toBe('Visa •••• 4242');
    expect(cardLabel({ brand: 'AMEX', last4: '0005' })).toBe('American Express •••• 0005');
    expect(brandName('cartes_bancaires')).toBe('Cartes_bancaires');
    expect(brandName(' ')).toBe('');
  });

  it('writes the expiry as on the card, and a card is good through its expiry month', () => {
    expect(cardExpiry({ expMonth: 3, expYear: 2030 })).toBe('03/2030');
    const card = { expMonth: 12, expYear: 2030 };
    expect(isCardExpired(card, new Date(Date.UTC(2030, 11, 31, 23, 59, 59)))).toBe(false);
    expect(isCardExpired(card, new Date(Date.UTC(2031, 0, 1)))).toBe(true);
    expect(isCardExpired({ expMonth: 2, expYear: 2030 }, new Date(Date.UTC(2030, 1, 28)))).toBe(false);
    expect(isCardExpired({ expMonth: 2, expYear: 2030 }, new Date(Date.UTC(2030, 2, 1)))).toBe(true);
  });

  it('names the customer at the processor by id only', () => {
    expect(processorCustomerRef(42)).toBe('user-42');
  });
});
