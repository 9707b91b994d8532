// Every country the shop knows has its SVG flag (a missing one would show the globe, i.e. 'another
// country', for a real one), and OTHER shows the globe, not some flag.
import { describe, expect, it } from 'vitest';
import { COUNTRIES, OTHER_COUNTRY } from '../../core/countries';
import { TLDS } from '../../db/seed/catalog-data';
import { Flag, FLAGS } from './flag';

describe('flags', () => {
  it('has a flag for every country of core/countries.ts and for no other', () => {
    const known = COUNTRIES.map((c) => c.iso2).filter((c) => c !== OTHER_COUNTRY);
    expect(Object.keys(FLAGS).sort()).toEqual([...known].sort());
  });

  it("has a flag for every ccTLD's country", () => {
    for (const t of TLDS) if (t.countryIso2) expect(FLAGS[t.countryIso2], t.tld).toBeDefined();
  });

  it("points each code at that country's own SVG file", () => {
    for (const [iso2, url] of Object.entries(FLAGS)) expect(url, iso2).toMatch(new RegExp(`/${iso2}(-[\\w-]+)?\\.svg(\\?[\\w-]+)?$`));
  });

  it('draws the country flag for a known code in any case, the globe for OTHER and unknown codes', () => {
    expect(Flag({ iso2: 'gr' })).toMatchObject({ type: 'img', props: { src: FLAGS.GR } });
    expect(Flag({ iso2: 'OTHER' }).type).not.toBe('img');
    expect(Flag({ iso2: 'XX' }).type).not.toBe('img');
  });

  it('is decorative beside a visible name and an image named for the country on its own', () => {
    expect(Flag({ iso2: 'GR' }).props).toMatchObject({ alt: '' });
    expect(Flag({ iso2: 'GR', label: 'Ελλάδα' }).props).toMatchObject({ alt: 'Ελλάδα' });
    expect(Flag({ iso2: 'OTHER', label: 'Άλλη χώρα' }).props).toMatchObject({ title: 'Άλλη χώρα' });
  });
});
