import { describe, expect, it } from 'vitest';
import { isListedOptionCategory, isSelectableVatCountry } from './catalog';

describe('catalog display rules', () => {
  it('leaves the management category out of spec listings', () => {
    expect(isListedOptionCategory('hardware')).toBe(true);
    expect(isListedOptionCategory('network')).toBe(true);
    expect(isListedOptionCategory('management')).toBe(false);
    expect(isListedOptionCategory('unknown')).toBe(false);
  });
  it('offers EU countries and OTHER in the VAT select', () => {
    expect(isSelectableVatCountry({ iso2: 'DE', eu: true })).toBe(true);
    expect(isSelectableVatCountry({ iso2: 'OTHER', eu: false })).toBe(true);
    expect(isSelectableVatCountry({ iso2: 'GB', eu: false })).toBe(false);
  });
});
