// The lines of a legal document (issue #13 §3–4): the order's items become lines whose net and VAT add
// up to the document's totals to the cent. The order's VAT is worked out once on the sum (cartTotals),
// and a coupon comes off the subtotal; both are shared out over the lines by largest remainder, so
// myDATA (which checks that the summary equals the sum of the lines) and the PDF agree with the order.
// Pure, integer cents.

export type LineInput = { description: string; sku: string | null; netCents: number };
export type DocumentLine = { position: number; description: string; sku: string | null; quantity: number; netCents: number; vatRateBp: number; vatCents: number; totalCents: number };

/**
 * Splits `total` over `weights` in proportion, in whole cents, so the parts add up to `total` exactly:
 * each part is rounded down and the cents left go to the largest remainders (ties: the earlier line).
 */
export function shareOut(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (total === 0 || sum <= 0) return weights.map(() => 0);
  const sign = total < 0 ? -1 : 1;
  const abs = Math.abs(total);
  const exact = weights.map((w) => (abs * Math.max(0, w)) / sum);
  const parts = exact.map((x) => Math.floor(x));
  let left = abs - parts.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => ({ i, r: x - Math.floor(x) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (let k = 0; left > 0; k = (k + 1) % order.length, left--) parts[order[k]!.i]! += 1;
  return parts.map((p) => p * sign);
}

/**
 * The document's lines from the order's items: the discount is shared out over the items' net prices,
 * then the order's VAT over the discounted nets. Lines with nothing to charge (a free add-on) are kept:
 * an invoice lists what was bought.
 */
export function documentLines(items: readonly LineInput[], order: { discountCents: number; vatCents: number; vatRateBp: number }): DocumentLine[] {
  const nets = items.map((i) => i.netCents);
  const discounts = shareOut(order.discountCents, nets);
  const discounted = nets.map((n, i) => n - discounts[i]!);
  const vats = shareOut(order.vatCents, discounted);
  return items.map((item, i) => ({
    position: i + 1,
    description: item.description,
    sku: item.sku,
    quantity: 1,
    netCents: discounted[i]!,
    vatRateBp: order.vatRateBp,
    vatCents: vats[i]!,
    totalCents: discounted[i]! + vats[i]!,
  }));
}

export type VatSummary = { vatRateBp: number; netCents: number; vatCents: number };

/** Net and VAT per rate, highest rate first (the PDF's VAT table and myDATA's summary). */
export function vatByRate(lines: readonly Pick<DocumentLine, 'vatRateBp' | 'netCents' | 'vatCents'>[]): VatSummary[] {
  const byRate = new Map<number, VatSummary>();
  for (const l of lines) {
    const s = byRate.get(l.vatRateBp) ?? { vatRateBp: l.vatRateBp, netCents: 0, vatCents: 0 };
    s.netCents += l.netCents;
    s.vatCents += l.vatCents;
    byRate.set(l.vatRateBp, s);
  }
  return [...byRate.values()].sort((a, b) => b.vatRateBp - a.vatRateBp);
}

const ACTION_EL: Record<string, string> = {
  register: 'Καταχώριση ονόματος',
  transfer: 'Μεταφορά ονόματος',
  transfer_renew: 'Μεταφορά και ανανέωση ονόματος',
  renew: 'Ανανέωση ονόματος',
  trade: 'Αλλαγή δικαιούχου ονόματος',
  rgp_restore: 'Επαναφορά ονόματος',
};
const KIND_EL: Record<string, string> = { hosting: 'Φιλοξενία', ssl: 'Πιστοποιητικό SSL', ssl_installation: 'Εγκατάσταση SSL', addon: 'Πρόσθετη υπηρεσία' };

/**
 * A line's description on the legal document. Greek: a Greek legal document is issued in Greek whatever
 * the reader's language (the PDF labels carry an English gloss).
 */
export function lineDescription(item: { kind: string; action: string | null; name: string; sku: string; lengthMonths: number }): string {
  const what = item.kind === 'domain' ? (ACTION_EL[item.action ?? 'register'] ?? ACTION_EL.register) : item.sku === 'id_protect' ? 'ID Protect' : (KIND_EL[item.kind] ?? item.kind);
  const years = item.lengthMonths % 12 === 0 ? item.lengthMonths / 12 : null;
  const length = years !== null ? `${years} ${years === 1 ? 'έτος' : 'έτη'}` : `${item.lengthMonths} ${item.lengthMonths === 1 ? 'μήνας' : 'μήνες'}`;
  return `${what} ${item.name} · ${length}`;
}
