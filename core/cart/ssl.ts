// SSL in the cart (spec §5 SSL, issue #5 §1): the quantity select for extra domains, and their price.

export type VendorSettings = { minimum?: number; maximum?: number; domains_per_pack?: number };
export type SslSettings = { validation_type?: string; wildcard?: boolean; san_domains?: number; vendor_settings?: VendorSettings; pack_price_cents_per_year?: number; min_quantity_required?: number };

/**
 * Spec §5: options run from a start value up to vendor_settings.maximum; the start is the larger of
 * min_quantity_required and vendor_settings.minimum, whichever exist (otherwise 0); the step is
 * domains_per_pack, or 1 when it is not set. No vendor settings: no select at all.
 */
export function quantityOptions(settings: SslSettings): number[] {
  const v = settings.vendor_settings;
  if (!v || v.maximum === undefined) return [];
  const starts = [settings.min_quantity_required, v.minimum].filter((x): x is number => typeof x === 'number');
  const start = starts.length ? Math.max(...starts) : 0;
  const step = v.domains_per_pack && v.domains_per_pack > 0 ? v.domains_per_pack : 1;
  const out: number[] = [];
  for (let q = start; q <= v.maximum; q += step) out.push(q);
  return out;
}

/** The nearest allowed quantity at or below the asked one (a hand-made request cannot pick 7 of 5s). */
export function normaliseQuantity(settings: SslSettings, asked: number): number {
  const options = quantityOptions(settings);
  if (!options.length) return 0;
  return options.filter((q) => q <= asked).at(-1) ?? options[0]!;
}

/** Extra domains are sold in packs, per year of the certificate's length. */
export function extraDomainsCents(settings: SslSettings, quantity: number, months: number): number {
  const pack = settings.vendor_settings?.domains_per_pack ?? 1;
  const perYear = settings.pack_price_cents_per_year ?? 0;
  if (quantity <= 0 || perYear <= 0) return 0;
  return Math.round(Math.ceil(quantity / pack) * perYear * (months / 12));
}

/** The installation service that fits a certificate. */
export function installationSkuFor(settings: SslSettings): string {
  return settings.wildcard ? 'ssl_install_wildcard' : 'ssl_install_basic';
}
