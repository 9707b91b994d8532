// Country flags as SVG from country-flag-icons (decision 028): flag emoji are two letters on Windows
// and an empty box where no emoji font exists. The flags are files, not components: Vite emits the SVG
// of each country the shop knows (core/countries.ts: the VAT countries, which include every ccTLD's
// country) as a hashed asset, and the bundle holds only their 30 URLs (an <img> per flag: no SVG in
// the JavaScript, each flag downloaded once when shown and cached). OTHER and anything unknown is a globe.
import { GlobeIcon } from './icons';

// A literal list (import.meta.glob needs one); a unit test keeps it equal to core/countries.ts. The
// package does not export its .svg files, hence the path into node_modules.
const FILES = import.meta.glob<string>('/node_modules/country-flag-icons/3x2/{AT,BE,BG,CH,CY,CZ,DE,DK,EE,ES,FI,FR,GB,GR,HR,HU,IE,IT,LT,LU,LV,MT,NL,PL,PT,RO,SE,SI,SK,UA}.svg', {
  query: '?url&no-inline',
  import: 'default',
  eager: true,
});

/** ISO-2 → the flag's URL. */
export const FLAGS: Readonly<Record<string, string>> = Object.fromEntries(Object.entries(FILES).map(([path, url]) => [path.slice(-6, -4), url]));

export type FlagProps = {
  /** ISO 3166-1 alpha-2 ('GR'), any case; OTHER or an unknown code shows a globe. */
  iso2: string;
  /**
   * The country's name, when the flag alone says which country it is (no visible name next to it):
   * it becomes the image's alt text. Without it the flag is decorative (alt=""), for use beside text
   * that already names the country.
   */
  label?: string;
  className?: string;
};

/** `<Flag iso2="GR" />` beside a visible name; `<Flag iso2="GR" label={t('countries:GR')} />` alone. 3:2, 1em high. */
export function Flag({ iso2, label, className }: FlagProps) {
  const src = FLAGS[iso2.toUpperCase()];
  const cls = `flag${className ? ` ${className}` : ''}`;
  if (!src) return <GlobeIcon className={cls} title={label} />;
  // Lazy: a flag inside something hidden (the header's VAT chip on a phone) is never fetched.
  return <img src={src} alt={label ?? ''} width={24} height={16} loading="lazy" decoding="async" className={cls} />;
}
