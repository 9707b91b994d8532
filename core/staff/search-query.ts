// The back office's one search box (issue #22 §1): what a typed text can be. A domain (typed in
// Greek, in Latin, or in its ACE form 'xn--…'), a customer's e-mail, an order number ('ORD-42', '#42'
// or '42'), a sale document's number ('INV-000012', 'inv 12') or an ΑΦΜ (nine digits, 'EL' before
// them allowed). One text can be several of these at once ('123456789' is an ΑΦΜ and an order
// number); the service asks for each reading, each by an indexed look-up. Pure.
import { domainToAscii, domainToUnicode } from '../domains/punycode';

export const SEARCH_MAX_LENGTH = 100;
/** Rows per kind: enough to spot the one wanted, small enough to stay one indexed read each. */
export const SEARCH_LIMIT = 10;

/** The series a sale document can be numbered in (orders, receipts, invoices, payments, credit, debits). */
export const DOCUMENT_SERIES = ['ORD', 'REC', 'INV', 'PAY', 'CRD', 'CRN', 'DEB'] as const;

export type SearchReadings = {
  /** The text as typed, trimmed. */
  text: string;
  /** A domain name or its start: the ACE form (for ascii_fqdn) and the display form (for fqdn). */
  domain: { ascii: string; unicode: string } | null;
  /** A whole e-mail address or its start, lower case. */
  email: string | null;
  orderId: number | null;
  document: { series: string; number: number } | null;
  /** Nine digits: a Greek VAT number (ΑΦΜ). */
  vatNumber: string | null;
};

const NONE: Omit<SearchReadings, 'text'> = { domain: null, email: null, orderId: null, document: null, vatNumber: null };

function domainReading(text: string): SearchReadings['domain'] {
  // Letters of any script, digits, hyphens and dots; no spaces, no '@'.
  const lower = text.normalize('NFC').toLowerCase().replace(/\.$/, '');
  if (lower.length < 2 || !/^[\p{L}\p{M}\d.-]+$/u.test(lower) || lower.startsWith('.')) return null;
  try {
    const ascii = domainToAscii(lower);
    return { ascii, unicode: domainToUnicode(ascii) };
  } catch {
    // A malformed 'xn--' label: not a name we could hold.
    return null;
  }
}

export function readSearch(input: string): SearchReadings {
  const text = input.trim().slice(0, SEARCH_MAX_LENGTH);
  if (text === '') return { text, ...NONE };
  const compact = text.replace(/\s+/g, '');
  const out: SearchReadings = { text, ...NONE };
  if (text.includes('@')) {
    out.email = compact.toLowerCase();
    return out;
  }
  const vat = /^(?:el|gr)?(\d{9})$/i.exec(compact);
  if (vat) out.vatNumber = vat[1]!;
  const order = /^(?:ord-?|#)?0*(\d{1,9})$/i.exec(compact);
  if (order && Number(order[1]) > 0) out.orderId = Number(order[1]);
  const doc = /^([a-z]{3})-?0*(\d{1,9})$/i.exec(compact);
  if (doc && (DOCUMENT_SERIES as readonly string[]).includes(doc[1]!.toUpperCase()) && Number(doc[2]) > 0) {
    out.document = { series: doc[1]!.toUpperCase(), number: Number(doc[2]) };
  }
  if (!/^\d+$/.test(compact) && !out.document && !/^#/.test(compact)) out.domain = domainReading(compact);
  // 'demo' or 'maria.p' is also the start of an address: staff type a customer's name part first.
  if (!/^\d+$/.test(compact) && /^[a-z0-9][a-z0-9._+-]+$/i.test(compact)) out.email = compact.toLowerCase();
  return out;
}

/** The upper bound of a prefix range: every text starting with `prefix` sorts below it (an index range, not LIKE). */
export function prefixEnd(prefix: string): string {
  return `${prefix}\u{10FFFF}`;
}

/** The one thing to go to straight away: the only hit of a search, when the text names it exactly. */
export function onlyExactHit<T extends { exact: boolean }>(groups: readonly { hits: readonly T[] }[]): T | null {
  const all = groups.flatMap((g) => g.hits);
  return all.length === 1 && all[0]!.exact ? all[0]! : null;
}
