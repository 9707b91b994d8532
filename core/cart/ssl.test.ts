import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extraDomainsCents, installationSkuFor, normaliseQuantity, quantityOptions } from './ssl';

describe('SSL quantities (spec §5 SSL)', () => {
  it('runs from the larger of the minimums to the maximum in steps of domains_per_pack', () => {
    expect(quantityOptions({ vendor_settings: { minimum: 0, maximum: 20, domains_per_pack: 5 } })).toEqual([0, 5, 10, 15, 20]);
    expect(quantityOptions({ min_quantity_required: 2, vendor_settings: { minimum: 1, maximum: 5 } })).toEqual([2, 3, 4, 5]);
    expect(quantityOptions({ vendor_settings: { maximum: 3 } })).toEqual([0, 1, 2, 3]);
    expect(quantityOptions({})).toEqual([]);
  });
  it('keeps a hand-made quantity on the allowed steps (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 200 }), (asked) => {
        const s = { vendor_settings: { minimum: 0, maximum: 100, domains_per_pack: 5 } };
        expect(quantityOptions(s)).toContain(normaliseQuantity(s, asked));
      }),
    );
  });
  it('prices extra domains per pack and year', () => {
    const s = { vendor_settings: { minimum: 0, maximum: 100, domains_per_pack: 5 }, pack_price_cents_per_year: 1490 };
    expect(extraDomainsCents(s, 10, 12)).toBe(2980);
    expect(extraDomainsCents(s, 10, 24)).toBe(5960);
    expect(extraDomainsCents(s, 0, 24)).toBe(0);
  });
  it('steps by one when the pack size is 0', () => {
    expect(quantityOptions({ vendor_settings: { maximum: 3, domains_per_pack: 0 } })).toEqual([0, 1, 2, 3]);
  });
  it('prices extra domains one by one when the product has no vendor settings, and never below zero', () => {
    expect(extraDomainsCents({ pack_price_cents_per_year: 1000 }, 3, 12)).toBe(3000);
    expect(extraDomainsCents({ pack_price_cents_per_year: -1000, vendor_settings: { maximum: 10 } }, 3, 12)).toBe(0);
    expect(extraDomainsCents({ vendor_settings: { maximum: 10 } }, 3, 12)).toBe(0);
  });
  it('charges nothing when nothing extra is bought or nothing is priced, whatever the pack settings', () => {
    const packOfZero = { vendor_settings: { maximum: 10, domains_per_pack: 0 } };
    expect(extraDomainsCents({ ...packOfZero, pack_price_cents_per_year: 1000 }, 0, 12)).toBe(0);
    expect(extraDomainsCents(packOfZero, 3, 12)).toBe(0);
  });
  it('installs a wildcard with the wildcard service', () => {
    expect(installationSkuFor({ wildcard: true })).toBe('ssl_install_wildcard');
    expect(installationSkuFor({})).toBe('ssl_install_basic');
  });
});
