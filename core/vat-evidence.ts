// VAT location evidence (issue #13 §1; EU VAT Implementing Regulation 282/2011 art. 24b–24f, the
// OSS rules). A sale to a consumer (B2C) is taxed where the customer lives, and for electronically
// supplied services the seller must hold TWO pieces of non-contradictory evidence of that place. We
// keep three: the billing address's country, the country the request came from (Cloudflare's
// geolocation of the IP) and, when a processor tells us, the card's issuing country.
//
// The rule, and why:
// - Only sales taxed by the customer's location need it: a receipt (REC) profile. An invoice to an
//   EU business VIES confirmed (vat_waived, reverse charge) is taxed by the business's status, and a
//   Greek invoice (ΑΦΜ with its check digit, ΔΟΥ) is a domestic B2B sale: neither needs location
//   evidence. An invoice to a business outside the EU is outside the scope of EU VAT.
// - The country we charge is the billing country. It is supported when at least one other known
//   piece names the same country.
// - It is a CONFLICT when other pieces are known and none of them names the billing country (e.g.
//   billed to Greece from a German IP, with no card country yet; or German IP and German card). Staff
//   then check the customer (a VPN, a holiday, or the wrong VAT charged).
// - Too little evidence (no other piece known) is not a conflict: it is "insufficient", which staff
//   may see but which a later piece (the card's country) can settle.
// - Unknown countries do not count: null, empty, Cloudflare's 'XX' (unknown) and 'T1' (Tor), and
//   anything that is not two letters.

export type VatEvidence = {
  billingCountry: string;
  requestCountry: string | null;
  cardCountry?: string | null;
};

/** What the profile tells about the sale, as kept on the order (`orders.billing`). */
export type VatEvidenceSale = {
  type: 'REC' | 'INV' | string;
  country: string;
  vatWaived: boolean;
  vatNumber?: string | null;
};

export type VatEvidenceVerdict = 'not_needed' | 'supported' | 'insufficient' | 'conflict';

const UNKNOWN = new Set(['XX', 'T1']);

/** An ISO country from a header or a processor, or null when it says nothing (unknown, Tor, junk). */
export function knownCountry(value: string | null | undefined): string | null {
  const c = (value ?? '').trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(c) || UNKNOWN.has(c)) return null;
  return c;
}

/** Whether the sale is taxed by the customer's location, and so needs location evidence. */
export function needsLocationEvidence(sale: VatEvidenceSale): boolean {
  if (sale.vatWaived) return false;
  if (sale.type === 'INV') return false;
  return true;
}

export function vatEvidenceVerdict(sale: VatEvidenceSale, evidence: VatEvidence): VatEvidenceVerdict {
  if (!needsLocationEvidence(sale)) return 'not_needed';
  const billing = knownCountry(evidence.billingCountry);
  const others = [knownCountry(evidence.requestCountry), knownCountry(evidence.cardCountry)].filter((c): c is string => c !== null);
  if (!billing || others.length === 0) return 'insufficient';
  return others.includes(billing) ? 'supported' : 'conflict';
}

/** The evidence an order keeps when it is placed, with its conflict flag (`orders.vat_evidence*`). */
export function vatEvidenceAtPlacing(sale: VatEvidenceSale, requestCountry: string | null | undefined): { evidence: VatEvidence; conflict: boolean } {
  // 'XX' and 'T1' are kept as they came (staff want to see "Tor"), though they prove nothing.
  const raw = (requestCountry ?? '').trim().toUpperCase();
  const evidence: VatEvidence = { billingCountry: sale.country, requestCountry: /^[A-Z0-9]{2}$/.test(raw) ? raw : null, cardCountry: null };
  return { evidence, conflict: vatEvidenceVerdict(sale, evidence) === 'conflict' };
}

/**
 * The evidence once the card's issuing country is known (a processor's answer, later): the card is
 * the third piece, which may settle a conflict or make one. Pure, for the payment side to call.
 */
export function withCardCountry(sale: VatEvidenceSale, evidence: VatEvidence, cardCountry: string | null | undefined): { evidence: VatEvidence; conflict: boolean; verdict: VatEvidenceVerdict } {
  const next: VatEvidence = { ...evidence, cardCountry: knownCountry(cardCountry) };
  const verdict = vatEvidenceVerdict(sale, next);
  return { evidence: next, conflict: verdict === 'conflict', verdict };
}

/**
 * The request's country: Cloudflare's own geolocation (`request.cf.country`) first, which a client
 * cannot set, then the CF-IPCountry header Cloudflare adds. Under `wrangler dev` and the tests the
 * `cf` object is miniflare's made-up one (always 'US'), so there (`cfIsReal` false) only the header
 * counts: otherwise every local order would look billed to Greece from the United States.
 */
export function requestCountryFrom(cf: { country?: unknown } | null | undefined, header: string | null | undefined, options: { cfIsReal: boolean } = { cfIsReal: true }): string | null {
  const fromCf = options.cfIsReal && typeof cf?.country === 'string' ? cf.country.trim().toUpperCase() : '';
  const fromHeader = (header ?? '').trim().toUpperCase();
  const value = fromCf || fromHeader;
  return /^[A-Z0-9]{2}$/.test(value) ? value : null;
}
