// VAT display rules of spec §4 "VAT display" and §9 "Prices, VAT and lengths".
// Prices are stored without VAT; showing them with VAT multiplies by the chosen country's rate.
import { shareOut, type Cents } from './money';

/** The display state the VAT widget and every price read (spec §3 "VAT display state"). */
export type VatDisplay = {
  show: boolean;
  country: string;
  /** Rate in basis points: 2400 = 24 %. Integer so that multiplication stays exact. */
  rateBp: number;
  /** The multiplier as the spec writes it, e.g. "1.24". */
  quote: string;
  /** True when the default billing profile is VAT-waived: "without VAT" is forced. */
  forcedOff: boolean;
};

export type VatCountry = { iso2: string; vatRateBp: number };

export const DEFAULT_VAT_COUNTRY = 'GR';
export const NO_VAT_COUNTRY = 'OTHER';

export function applyVat(cents: Cents, rateBp: number): Cents {
  // Round half up on the final displayed cent; the stored net price stays exact.
  return Math.round((cents * (10000 + rateBp)) / 10000);
}

export function vatAmount(cents: Cents, rateBp: number): Cents {
  return applyVat(cents, rateBp) - cents;
}

/**
 * THE rounding rule (issue #20 §1, decision 050): VAT is worked out and rounded PER LINE, on the line's
 * net after its share of any discount, and every total is the sum of its lines. A shop that shows
 * prices with VAT shows each line rounded; adding those up must give the total the customer pays,
 * and the invoice, the receipt and myDATA list the same lines. Nothing else in the code rounds VAT.
 */
export type VatLine = {
  /** The line's net before the discount (the catalogue price). */
  listNetCents: Cents;
  /** The line's share of the discount (net). */
  discountCents: Cents;
  /** listNetCents − discountCents: the net charged. */
  netCents: Cents;
  vatCents: Cents;
  /** netCents + vatCents: what the line costs with VAT. */
  grossCents: Cents;
};

export type VatTotals = {
  lines: VatLine[];
  /** Sum of the lines' list nets (before the discount). */
  subTotalCents: Cents;
  discountCents: Cents;
  /** Sum of the lines' nets after the discount. */
  netCents: Cents;
  vatCents: Cents;
  grossCents: Cents;
  vatRateBp: number;
};

/** One line at one rate: VAT rounded half up on this line alone. */
export function lineWithVat(netCents: Cents, rateBp: number): { netCents: Cents; vatCents: Cents; grossCents: Cents } {
  const grossCents = applyVat(netCents, rateBp);
  return { netCents, vatCents: grossCents - netCents, grossCents };
}

/**
 * Lines (net cents) at one rate, with a discount off their sum: the discount is shared over the
 * lines' nets by largest remainder (so it adds up to the cent), then VAT per line as above.
 */
export function linesWithVat(listNets: readonly Cents[], rateBp: number, discountCents: Cents = 0): VatTotals {
  const discounts = shareOut(discountCents, listNets);
  const lines = listNets.map((listNetCents, i) => {
    const d = discounts[i] ?? 0;
    const l = lineWithVat(listNetCents - d, rateBp);
    return { listNetCents, discountCents: d, ...l };
  });
  const sum = (f: (l: VatLine) => number) => lines.reduce((a, l) => a + f(l), 0);
  return {
    lines,
    subTotalCents: sum((l) => l.listNetCents),
    discountCents: sum((l) => l.discountCents),
    netCents: sum((l) => l.netCents),
    vatCents: sum((l) => l.vatCents),
    grossCents: sum((l) => l.grossCents),
    vatRateBp: rateBp,
  };
}

export function quoteFromRate(rateBp: number): string {
  return (1 + rateBp / 10000).toFixed(2);
}

/** "24" for 2400, "8,1" style decimals are kept with a comma in Greek text. */
export function percentFromRate(rateBp: number, locale: 'el' | 'en' = 'el'): string {
  const whole = rateBp % 100 === 0;
  const s = whole ? String(rateBp / 100) : (rateBp / 100).toFixed(1);
  return locale === 'el' ? s.replace('.', ',') : s;
}

/**
 * Resolves the stored cookies into a display state. An unknown country falls back to GR with VAT
 * hidden (spec §4); with no cookies at all, consumers see GR prices with VAT (issue #2 §5).
 */
export function resolveVatDisplay(
  stored: { showVat?: string | null; countryVat?: string | null },
  countries: readonly VatCountry[],
  options: { vatWaived?: boolean } = {},
): VatDisplay {
  const byIso = new Map(countries.map((c) => [c.iso2, c]));
  const fallback = byIso.get(DEFAULT_VAT_COUNTRY) ?? { iso2: DEFAULT_VAT_COUNTRY, vatRateBp: 2400 };
  const wantedIso = stored.countryVat?.toUpperCase() ?? DEFAULT_VAT_COUNTRY;
  const known = byIso.get(wantedIso);
  let show = stored.showVat == null ? true : stored.showVat === 'yes';
  let country = known ?? fallback;
  if (!known) show = false;
  if (country.iso2 === NO_VAT_COUNTRY) show = false;
  const forcedOff = options.vatWaived === true;
  if (forcedOff) show = false;
  return { show, country: country.iso2, rateBp: country.vatRateBp, quote: quoteFromRate(country.vatRateBp), forcedOff };
}

/** The amount a visitor sees for a net price under the current display state. */
export function displayCents(netCents: Cents, display: Pick<VatDisplay, 'show' | 'rateBp'>): Cents {
  return display.show ? applyVat(netCents, display.rateBp) : netCents;
}

/** The spec's disclaimer template 'Prices include VAT ##VAT##%' with the placeholder filled. */
export function fillVatDisclaimer(template: string, rateBp: number, locale: 'el' | 'en' = 'el'): string {
  return template.replace('##VAT##', percentFromRate(rateBp, locale));
}

export function isValidVatCookie(name: 'showVat' | 'countryVat', value: string, countries: readonly VatCountry[]): boolean {
  if (name === 'showVat') return value === 'yes' || value === 'no';
  return countries.some((c) => c.iso2 === value);
}
