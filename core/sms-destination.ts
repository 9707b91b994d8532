// The destination country of an SMS, from its E.164 number's calling code (the SMS budget of issue #10
// §4 is per country). Longest prefix wins (+357 Cyprus, not +35…). Numbers outside the countries we
// list share one budget, 'OTHER': those are the destinations SMS-pumping fraud uses.
import { COUNTRIES, OTHER_COUNTRY } from './countries';

const BY_PREFIX = [...COUNTRIES].filter((c) => c.phonePrefix).sort((a, b) => b.phonePrefix.length - a.phonePrefix.length);

export function smsCountryOf(e164: string): string {
  const number = `+${e164.replace(/[^\d]/g, '').replace(/^00/, '')}`;
  return BY_PREFIX.find((c) => number.startsWith(c.phonePrefix))?.iso2 ?? OTHER_COUNTRY;
}
