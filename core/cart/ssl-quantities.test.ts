// SSL extra domains pinned at their boundaries (issue #20 §5): one SAN is never free, a missing pack size
// means packs of one (never a halved price), packs round up, and every branch of normaliseQuantity.
import { describe, expect, it } from 'vitest';
import { extraDomainsCents, normaliseQuantity, quantityOptions } from './ssl';

const packsOf5 = { vendor_settings: { minimum: 0, maximum: 20, domains_per_pack: 5 }, pack_price_cents_per_year: 1490 };
const single = { vendor_settings: { minimum: 0, maximum: 10 }, pack_price_cents_per_year: 700 };

describe('extraDomainsCents', () => {
  it('charges one extra domain (a quantity of 1 is not free)', () => {
    expect(extraDomainsCents(packsOf5, 1, 12)).toBe(1490);
    expect(extraDomainsCents(single, 1, 12)).toBe(700);
    expect(extraDomainsCents(single, 0, 12)).toBe(0);
    expect(extraDomainsCents(single, -1, 12)).toBe(0);
  });
  it('without a pack size sells packs of one: 2 domains cost 2 packs', () => {
    expect(extraDomainsCents(single, 2, 12)).toBe(1400);
    expect(extraDomainsCents(single, 7, 24)).toBe(9800);
  });
  it('rounds packs up: 5 is one pack, 6 is two', () => {
    expect(extraDomainsCents(packsOf5, 5, 12)).toBe(1490);
    expect(extraDomainsCents(packsOf5, 6, 12)).toBe(2980);
  });
  it('per year of the certificate, to the cent', () => {
    expect(extraDomainsCents(packsOf5, 5, 6)).toBe(745);
    expect(extraDomainsCents(packsOf5, 5, 36)).toBe(4470);
    expect(extraDomainsCents({ ...single, pack_price_cents_per_year: 999 }, 1, 6)).toBe(500);
  });
  it('nothing without a price', () => {
    expect(extraDomainsCents({ vendor_settings: { maximum: 5 } }, 3, 12)).toBe(0);
    expect(extraDomainsCents({ ...single, pack_price_cents_per_year: 0 }, 3, 12)).toBe(0);
  });
});

describe('quantityOptions', () => {
  it('a pack size of 0 steps by one; a maximum below the start offers nothing; the maximum itself is offered', () => {
    expect(quantityOptions({ vendor_settings: { minimum: 0, maximum: 2, domains_per_pack: 0 } })).toEqual([0, 1, 2]);
    expect(quantityOptions({ min_quantity_required: 5, vendor_settings: { maximum: 4 } })).toEqual([]);
    expect(quantityOptions({ vendor_settings: { minimum: 3, maximum: 3 } })).toEqual([3]);
    expect(quantityOptions({ min_quantity_required: 4, vendor_settings: { minimum: 1, maximum: 12, domains_per_pack: 4 } })).toEqual([4, 8, 12]);
    expect(quantityOptions({ vendor_settings: { minimum: 0 } })).toEqual([]);
  });
});

describe('normaliseQuantity', () => {
  const s = { vendor_settings: { minimum: 0, maximum: 20, domains_per_pack: 5 } };
  it('keeps an allowed quantity as it is', () => {
    for (const q of [0, 5, 10, 15, 20]) expect(normaliseQuantity(s, q)).toBe(q);
  });
  it('takes the nearest step at or below a quantity between steps', () => {
    expect(normaliseQuantity(s, 4)).toBe(0);
    expect(normaliseQuantity(s, 6)).toBe(5);
    expect(normaliseQuantity(s, 14)).toBe(10);
  });
  it('caps at the maximum', () => {
    expect(normaliseQuantity(s, 21)).toBe(20);
    expect(normaliseQuantity(s, 10_000)).toBe(20);
  });
  it('below the first step (or negative) takes the first step', () => {
    const from2 = { min_quantity_required: 2, vendor_settings: { maximum: 6, domains_per_pack: 2 } };
    expect(normaliseQuantity(from2, 0)).toBe(2);
    expect(normaliseQuantity(from2, 1)).toBe(2);
    expect(normaliseQuantity(s, -3)).toBe(0);
  });
  it('no select at all: 0', () => {
    expect(normaliseQuantity({}, 5)).toBe(0);
    expect(normaliseQuantity({ vendor_settings: { minimum: 0 } }, 5)).toBe(0);
  });
});
