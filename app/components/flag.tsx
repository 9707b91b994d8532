// Country flags as SVG from country-flag-icons (decision 028): flag emoji are two letters on Windows
// and an empty box where no emoji font exists. Only the flags of the countries the shop knows
// (core/countries.ts: the VAT countries, which include every ccTLD's country) are imported by name,
// so the client bundle carries these 30 and not the whole set; OTHER and anything unknown is a globe.
import { AT, BE, BG, CH, CY, CZ, DE, DK, EE, ES, FI, FR, GB, GR, HR, HU, IE, IT, LT, LU, LV, MT, NL, PL, PT, RO, SE, SI, SK, UA } from 'country-flag-icons/react/3x2';
import { GlobeIcon } from './icons';

type FlagSvg = typeof GR;

/** ISO-2 → flag: exactly the countries of core/countries.ts (a unit test keeps them in step). */
export const FLAGS: Readonly<Record<string, FlagSvg>> = { AT, BE, BG, CH, CY, CZ, DE, DK, EE, ES, FI, FR, GB, GR, HR, HU, IE, IT, LT, LU, LV, MT, NL, PL, PT, RO, SE, SI, SK, UA };

export type FlagProps = {
  /** ISO 3166-1 alpha-2 ('GR'), any case; OTHER or an unknown code shows a globe. */
  iso2: string;
  /**
   * The country's name, when the flag alone says which country it is (no visible name next to it):
   * the flag becomes an image with that name. Without it the flag is decorative (aria-hidden), for
   * use beside text that already names the country.
   */
  label?: string;
  className?: string;
};

/** `<Flag iso2="GR" />` next to a visible name; `<Flag iso2="GR" label={t('countries:GR')} />` alone. */
export function Flag({ iso2, label, className }: FlagProps) {
  const Svg = FLAGS[iso2.toUpperCase()];
  const a11y = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true as const };
  const cls = `flag${className ? ` ${className}` : ''}`;
  if (!Svg) {
    return <GlobeIcon className={cls} title={label} />;
  }
  return <Svg className={cls} focusable="false" {...a11y} />;
}
