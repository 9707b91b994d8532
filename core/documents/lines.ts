// The lines of a legal document (issue #13 §3–4; issue #20 §1): the order's items become lines whose net
// and VAT add up to the document's totals to the cent. A coupon comes off the subtotal, shared out over
// the lines by largest remainder; VAT is then worked out PER LINE (core/vat.ts linesWithVat, the one
// rule the cart and checkout use too), so the cart's lines, the PDF's lines and myDATA's lines agree.
// Pure, integer cents.

import { shareOut } from '../money';
import { linesWithVat } from '../vat';

export { shareOut };

export type LineInput = { description: string; sku: string | null; netCents: number };
export type DocumentLine = { position: number; description: string; sku: string | null; quantity: number; netCents: number; vatRateBp: number; vatCents: number; totalCents: number };

/**
 * The document's lines from the order's items: the discount shared out over the items' net prices,
 * then VAT per line (linesWithVat). An order priced before the per-line rule (its stored VAT differs
 * from the lines' sum) keeps what it charged: its VAT is shared out over the lines instead, so the
 * document never disagrees with the money taken. Lines with nothing to charge (a free add-on) are
 * kept: an invoice lists what was bought.
 */
export function documentLines(items: readonly LineInput[], order: { discountCents: number; vatCents: number; vatRateBp: number }): DocumentLine[] {
  const priced = linesWithVat(
    items.map((i) => i.netCents),
    order.vatRateBp,
    order.discountCents,
  );
  const discounted = priced.lines.map((l) => l.netCents);
  const vats = priced.vatCents === order.vatCents ? priced.lines.map((l) => l.vatCents) : shareOut(order.vatCents, discounted);
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

/**
 * An order's lines as its page shows them (issue #20 §1): each with VAT, by the document's own rule, so
 * they add up to the grand total. With a coupon the lines show their price before it (as bought) and
 * the coupon its amount with VAT, worked out as what the lines lose, so lines − coupon = total still.
 */
export function orderLinesWithVat(nets: readonly number[], order: { discountCents: number; vatCents: number; vatRateBp: number; grandTotalCents: number }): { lineGrossCents: number[]; discountGrossCents: number } {
  if (order.discountCents <= 0) {
    const lines = documentLines(
      nets.map((n) => ({ description: '', sku: null, netCents: n })),
      order,
    );
    return { lineGrossCents: lines.map((l) => l.totalCents), discountGrossCents: 0 };
  }
  const listed = linesWithVat(nets, order.vatRateBp);
  return { lineGrossCents: listed.lines.map((l) => l.grossCents), discountGrossCents: listed.grossCents - order.grandTotalCents };
}
