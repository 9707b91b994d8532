// Nameservers, groups and glue hosts (issue #12 §3; spec §5 "Nameservers and hosts", "IP addresses",
// "unique"): the pure rules the portal's service and pages share. The per-field syntax rules live in
// core/validation (nameserver-rules, ip-rules, matching-rules):
// this file only adds what a whole list, a host and the registry's ASCII form need on top of them.
import { ErrorCode } from '../errors';
import { isBlank } from '../validation/rule-kit';
import { duplicateIndexes } from '../validation/matching-rules';
import { ipAddressError } from '../validation/ip-rules';
import { nameServerCountError, nameServerError } from '../validation/nameserver-rules';
import type { ValidationMessage } from '../validation/messages';
import { message } from '../validation/messages';
import { domainToAscii, domainToUnicode } from './punycode';
import { canonicalIp, ipKey, nameserverToAscii, normaliseNameserver, uniqueKey } from './nameserver-keys';

export { canonicalIp, ipKey, nameserverToAscii, normaliseNameserver, uniqueKey };

/**
 * The registrar's own nameservers (with a parking page): a name's 'default' delegation, and where a
 * new name starts (issue #25 §4). Here in core so that the cart's form can name them too.
 */
export const DEFAULT_NAMESERVERS = ['ns1.registrar-dns.gr', 'ns2.registrar-dns.gr'];

/** For display: the Unicode form of an ASCII nameserver, or the text as it is when it does not decode. */
export function nameserverToUnicode(value: string): string {
  try {
    return domainToUnicode(value);
  } catch {
    return value;
  }
}

/** A domain name of a URL or a form in ASCII ('καφενείο.gr' → 'xn--…gr'), or null when it cannot be one. */
export function asciiName(name: string): string | null {
  try {
    const a = domainToAscii(name.trim().normalize('NFC').toLowerCase());
    return /^[a-z0-9.-]+$/.test(a) ? a : null;
  } catch {
    return null;
  }
}

export type Limits = { min: number; max: number };

/** A field error of a list: the index of the row (shown as row n+1) and its message. */
export type RowError = { index: number; message: ValidationMessage };

export type ListCheck =
  | { ok: true; ascii: string[] }
  | { ok: false; code: typeof ErrorCode.VALIDATION_ERROR; rows: RowError[] }
  | { ok: false; code: typeof ErrorCode.NAMESERVER_EXCEED_UPPER_LIMIT | typeof ErrorCode.NAMESERVER_DO_NOT_COVER_LOWER_LIMIT; limits: Limits };

/**
 * A whole custom list as the server judges it before the registry sees it: each row's syntax (IDN allowed),
 * then repeats (UNIQUE, compared in ASCII), then the registry's min/max on the filled rows. Blank rows are
 * skipped, as the page always offers a spare one. Returns the list in the registry's ASCII form.
 */
export function checkNameserverList(values: readonly (string | undefined | null)[], limits: Limits | null): ListCheck {
  const texts = values.map((v) => (typeof v === 'string' ? v.trim() : ''));
  const rows: RowError[] = [];
  texts.forEach((v, index) => {
    const m = nameServerError(v, { scope: 'name_server', idn: true });
    if (m) rows.push({ index, message: m });
  });
  for (const index of duplicateIndexes(texts, { normalize: uniqueKey })) {
    if (!rows.some((r) => r.index === index)) rows.push({ index, message: message('UNIQUE') });
  }
  if (rows.length) return { ok: false, code: ErrorCode.VALIDATION_ERROR, rows: rows.sort((a, b) => a.index - b.index) };
  const filled = texts.filter((v) => !isBlank(v));
  if (limits) {
    const m = nameServerCountError(filled, limits);
    if (m) return { ok: false, code: filled.length < limits.min ? ErrorCode.NAMESERVER_DO_NOT_COVER_LOWER_LIMIT : ErrorCode.NAMESERVER_EXCEED_UPPER_LIMIT, limits };
  }
  return { ok: true, ascii: filled.map(nameserverToAscii) };
}

/** Two delegations are the same when they hold the same names in any order (the registry keeps a set). */
export function sameNameservers(a: readonly string[], b: readonly string[]): boolean {
  const x = new Set(a.map(uniqueKey));
  const y = new Set(b.map(uniqueKey));
  return x.size === y.size && [...x].every((n) => y.has(n));
}

/**
 * The one of the customer's names a host sits directly or deeper under (its superordinate domain), the
 * longest match: 'ns1.shop.kafeneio.gr' is under 'kafeneio.gr'. Names are compared in ASCII.
 */
export function superordinateOf(host: string, fqdns: readonly string[]): string | null {
  const h = nameserverToAscii(host);
  let best: string | null = null;
  for (const f of fqdns) {
    const a = nameserverToAscii(f);
    if (h.endsWith(`.${a}`) && (!best || a.length > best.length)) best = a;
  }
  return best;
}

/**
 * Which nameservers of a delegation are glue: hosts under one of the customer's own names, which need
 * addresses at the registry (the page links them to that name's hosts). Maps nameserver → its domain.
 */
export function glueHosts(nameservers: readonly string[], fqdns: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const ns of nameservers) {
    const parent = superordinateOf(ns, fqdns);
    if (parent) out.set(nameserverToAscii(ns), parent);
  }
  return out;
}

export type HostCheck =
  | { ok: true; host: string; ips: string[] }
  | { ok: false; field: 'prefix'; message: ValidationMessage }
  | { ok: false; field: 'ips'; rows: RowError[]; message?: ValidationMessage };

/**
 * A glue host of `fqdn`: the prefix (one label, or the whole 'prefix.{fqdn}') by the §5 host rules with
 * IDN, then its addresses by the §5 IP rules, no repeats (compared in canonical form), and at least one
 * ('no IP found'). Gives the host in ASCII and the addresses in canonical form.
 */
export function checkHost(input: { prefix?: string; ips: readonly (string | undefined | null)[] }, fqdn: string): HostCheck {
  const unicodeFqdn = nameserverToUnicode(fqdn);
  if (input.prefix !== undefined) {
    const prefix = input.prefix.trim();
    if (prefix === '') return { ok: false, field: 'prefix', message: message('REQUIRED') };
    // The page shows '.{fqdn}' after the field; a whole name typed in either script is accepted too.
    const bare = stripSuffix(stripSuffix(prefix, unicodeFqdn), fqdn);
    const m = nameServerError(bare, { scope: 'host', idn: true, fqdn: unicodeFqdn });
    if (m) return { ok: false, field: 'prefix', message: m };
  }
  const ipCheck = checkIps(input.ips);
  if (!ipCheck.ok) return ipCheck;
  const prefix = input.prefix === undefined ? '' : stripSuffix(stripSuffix(input.prefix.trim(), unicodeFqdn), fqdn);
  return { ok: true, host: prefix ? nameserverToAscii(`${prefix}.${fqdn}`) : nameserverToAscii(fqdn), ips: ipCheck.ips };
}

function stripSuffix(text: string, fqdn: string): string {
  const suffix = `.${fqdn}`.normalize('NFC').toLowerCase();
  return text.normalize('NFC').toLowerCase().endsWith(suffix) ? text.slice(0, text.length - suffix.length) : text;
}

/** A host's addresses: each valid, none repeated, at least one. */
export function checkIps(values: readonly (string | undefined | null)[]): { ok: true; ips: string[] } | { ok: false; field: 'ips'; rows: RowError[]; message?: ValidationMessage } {
  const texts = values.map((v) => (typeof v === 'string' ? v.trim() : ''));
  const rows: RowError[] = [];
  texts.forEach((v, index) => {
    const m = ipAddressError(v);
    if (m) rows.push({ index, message: m });
  });
  for (const index of duplicateIndexes(texts, { normalize: ipKey })) {
    if (!rows.some((r) => r.index === index)) rows.push({ index, message: message('UNIQUE') });
  }
  if (rows.length) return { ok: false, field: 'ips', rows: rows.sort((a, b) => a.index - b.index) };
  const filled = texts.filter((v) => v !== '');
  if (!filled.length) return { ok: false, field: 'ips', rows: [], message: message('IP.NOT_FOUND') };
  return { ok: true, ips: filled.map(canonicalIp) };
}

/** The domains that would have to follow a group's new list, by name (the page offers to re-apply). */
export function followers<T extends { nsMode: string; nsGroupId: number | null }>(domains: readonly T[], groupId: number): T[] {
  return domains.filter((d) => d.nsMode === 'group' && d.nsGroupId === groupId);
}
