import { describe, expect, it } from 'vitest';
import { beginCheckoutEvent, ecommerceDetails, toMajorUnits } from './analytics';

describe('cart analytics', () => {
  it('sends the items before VAT in euros, the VAT apart, always in EUR', () => {
    const details = ecommerceDetails(
      [
        { sku: 'gr', name: 'kafeneio.gr', kind: 'domain', action: 'register', lengthMonths: 24, totalCents: 1290 },
        { sku: 'sha_lin_start', name: 'Linux Start', kind: 'hosting', action: null, lengthMonths: 12, totalCents: 4788 },
      ],
      { subTotalCents: 6078, vatCents: 1459 },
    );
    expect(details).toMatchObject({ currency: 'EUR', value: 60.78, tax: 14.59 });
    expect(details.items[0]).toEqual({ item_id: 'domain_register_gr', item_name: 'kafeneio.gr', item_category: 'domain', item_variant: '24m', price: 12.9, quantity: 1 });
    expect(beginCheckoutEvent({ ...details, currency: 'USD' }).ecommerce.currency).toBe('EUR');
    expect(toMajorUnits(5)).toBe(0.05);
  });
});
