// Small rules shared by the RDAP and port-43 parsers, so both produce the same shapes: one domain
// form, one date form, one notion of "this registrant is hidden".
import { domainToUnicode } from '../../../core/domains/punycode';
import { ErrorCode } from '../../../core/errors';
import { WhoisError } from './port';

/**
 * Lower case, no trailing dot, A-labels. Callers should already pass ASCII, but a U-label that slips
 * through (say "δοκιμή.ελ") is converted rather than sent raw to a registry that cannot read it;
 * the WHATWG URL parser applies the IDNA mapping, and it exists both in Workers and in Node.
 */
export function toAsciiFqdn(input: string): string {
  const trimmed = input.trim().toLowerCase().replace(/\.+$/, '');
  if (!/[^\x00-\x7f]/.test(trimmed)) return trimmed;
  try {
    return new URL(`http://${trimmed}`).hostname;
  } catch {
    return trimmed;
  }
}

/**
 * The U-label form for `unicodeDomain`. A malformed A-label is shown as sent rather than failing a
 * lookup that otherwise succeeded.
 */
export function toUnicodeFqdn(asciiFqdn: string): string {
  try {
    return domainToUnicode(asciiFqdn);
  } catch {
    return asciiFqdn;
  }
}

/** The lookup's first check: spec §8 27004 for input without a dot (no TLD to route by). */
export function requireFqdn(input: string): string {
  const domain = toAsciiFqdn(input);
  const dot = domain.lastIndexOf('.');
  if (dot <= 0 || dot === domain.length - 1) {
    throw new WhoisError(ErrorCode.WHOIS_SEARCH_NO_TLD_GIVEN, `no TLD in "${input}"`);
  }
  return domain;
}

export function tldOf(asciiFqdn: string): string {
  return asciiFqdn.slice(asciiFqdn.lastIndexOf('.') + 1);
}

/** Host names as the record keeps them; anything that is not a host name (an IP, a sentence) is dropped. */
export function hostName(value: string): string | null {
  const host = value.trim().split(/\s+/)[0]?.toLowerCase().replace(/\.+$/, '') ?? '';
  return /^(?=.{1,253}$)([a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$/.test(host) && !/^[\d.]+$/.test(host)
    ? host
    : null;
}

const MONTHS: Readonly<Record<string, number>> = {
  jan: 1, feb: 2, mar: 3, apr: 4, may: 5, jun: 6, jul: 7, aug: 8, sep: 9, oct: 10, nov: 11, dec: 12,
};

/**
 * Registries write dates in a dozen ways; the record carries one (ISO 8601, UTC, whole seconds).
 * A value this cannot read becomes null rather than a guess: `raw` still has it for the reader.
 * Times without a zone are taken as UTC, the usual meaning in registry output.
 */
export function isoInstant(value: string | null | undefined): string | null {
  if (!value) return null;
  const text = value.trim();
  let m: RegExpMatchArray | null;

  // 2024-05-03, 2024-05-03T10:00:00Z, 2018-03-12T21:44:25+01:00, 1996-01-01 00:00:00, 2024-05-03T10:00:00.0Z
  m = text.match(/^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?)?\s*(Z|UTC|GMT|[+-]\d{2}:?\d{2})?(?:\s|$)/i);
  if (m) return build(+m[1]!, +m[2]!, +m[3]!, +(m[4] ?? 0), +(m[5] ?? 0), +(m[6] ?? 0), offsetMinutes(m[7]));

  // 20230302 09:37:31 (nic.at)
  m = text.match(/^(\d{4})(\d{2})(\d{2})(?:\s+(\d{2}):(\d{2})(?::(\d{2}))?)?$/);
  if (m) return build(+m[1]!, +m[2]!, +m[3]!, +(m[4] ?? 0), +(m[5] ?? 0), +(m[6] ?? 0), 0);

  // 22-Jan-2014, 22 Jan 2014, 22.Jan.2014 (Nominet and others)
  m = text.match(/^(\d{1,2})[-. /]([A-Za-z]{3})[A-Za-z]*\.?[-. /](\d{4})(?:\s+(\d{2}):(\d{2})(?::(\d{2}))?)?/);
  if (m) {
    const month = MONTHS[m[2]!.toLowerCase()];
    return month ? build(+m[3]!, month, +m[1]!, +(m[4] ?? 0), +(m[5] ?? 0), +(m[6] ?? 0), 0) : null;
  }

  // Wed Jan 1 1997, January 1, 1997 (DNS Belgium and others)
  m = text.match(/^(?:[A-Za-z]{3},?\s+)?([A-Za-z]{3})[A-Za-z]*\.?\s+(\d{1,2}),?\s+(\d{4})\b/);
  if (m) {
    const month = MONTHS[m[1]!.toLowerCase()];
    return month ? build(+m[3]!, month, +m[2]!, 0, 0, 0, 0) : null;
  }

  // 03.05.2024 (day first: the dotted form is European; slashed forms are left alone as ambiguous)
  m = text.match(/^(\d{1,2})\.(\d{1,2})\.(\d{4})(?:\s+(\d{2}):(\d{2})(?::(\d{2}))?)?$/);
  if (m) return build(+m[3]!, +m[2]!, +m[1]!, +(m[4] ?? 0), +(m[5] ?? 0), +(m[6] ?? 0), 0);

  return null;
}

function offsetMinutes(zone: string | undefined): number {
  if (!zone || /^(z|utc|gmt)$/i.test(zone)) return 0;
  const m = zone.match(/^([+-])(\d{2}):?(\d{2})$/);
  if (!m) return 0;
  return (m[1] === '-' ? -1 : 1) * (+m[2]! * 60 + +m[3]!);
}

function build(year: number, month: number, day: number, hour: number, minute: number, second: number, offset: number): string | null {
  const local = Date.UTC(year, month - 1, day, hour, minute, second);
  const check = new Date(local);
  // Date.UTC rolls 31 April over into May; a date that does not exist is unreadable, not corrected.
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59 || second > 60) {
    return null;
  }
  return new Date(local - offset * 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/**
 * Words that mark a registrant as hidden: a redaction, or a privacy/proxy service standing in for
 * the owner ("Domains By Proxy", "WhoisGuard", "Withheld for Privacy", "REDACTED FOR PRIVACY",
 * EURid's "NOT DISCLOSED!", DNS Belgium's "Not shown").
 */
const PRIVACY_MARKERS = /privacy|proxy|redacted|protect|whoisguard|data protected|not disclosed|not shown|withheld/i;

export function looksPrivate(...values: (string | null | undefined)[]): boolean {
  return values.some((value) => typeof value === 'string' && PRIVACY_MARKERS.test(value));
}

/**
 * A value that only says "hidden" is no data: "REDACTED FOR PRIVACY" as a name would read as a
 * person's name in the modal. Such values become null (the record's `privacy` says why), while a
 * privacy service's own name, e-mail and country are data and stay.
 */
const PLACEHOLDER = /^\[?(?:redacted(?: for (?:privacy|gdpr)(?: purposes)?)?|data redacted|not disclosed!?|data protected|withheld|hidden|private|non-public data|gdpr masked|not available)\]?\.?$/i;

export function dataOrNull(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.replace(/\s+/g, ' ').trim();
  return text && !PLACEHOLDER.test(text) ? text : null;
}

export function emailOrNull(value: unknown): string | null {
  const text = dataOrNull(value);
  // ICANN's "Please query the RDDS service of the Registrar of Record…" sits in the e-mail field of
  // redacted records; only something with an @ is an address.
  return text && /^[^\s@]+@[^\s@]+$/.test(text) ? text : null;
}

export function countryOrNull(value: unknown): string | null {
  const text = dataOrNull(value);
  // Only codes: mapping a free-text country name to a code would be inventing data.
  return text && /^[A-Za-z]{2}$/.test(text) ? text.toUpperCase() : null;
}

export function uniq(values: Iterable<string>): string[] {
  return [...new Set(values)];
}
