// The comparison keys of nameservers and IP addresses (spec §5 UNIQUE): what the forms need in the
// browser, kept apart from nameservers.ts so that the pages do not load the error catalogue.
import { ipAddressError, isIpv4 } from '../validation/ip-rules';
import { domainToAscii } from './punycode';

/** How a nameserver is written for comparison and storage: trimmed, NFC, lower case, no final dot. */
export function normaliseNameserver(value: string): string {
  return value.trim().normalize('NFC').toLowerCase().replace(/\.$/, '');
}

/**
 * The form a registry is given and compares (EPP hosts are ASCII): 'ns1.καφενείο.gr' → 'ns1.xn--...gr'.
 * Also the key of the UNIQUE rule, so that a name typed once in Greek and once in Punycode is one name.
 */
export function nameserverToAscii(value: string): string {
  return domainToAscii(normaliseNameserver(value));
}

/** The UNIQUE comparison of nameservers: the ASCII form, so Greek and Punycode spellings collide. */
export function uniqueKey(value: string): string {
  try {
    return nameserverToAscii(value);
  } catch {
    return normaliseNameserver(value);
  }
}

/**
 * RFC 5952 text of an IPv6 address (lower case, leading zeros dropped, the longest run of two or more
 * zero groups as '::'), so '2001:DB8:0:0::1' and '2001:db8::1' are one address. IPv4 stays as it is.
 * Expects an address that passed ipAddressError.
 */
export function canonicalIp(value: string): string {
  const text = value.trim();
  if (!text.includes(':')) return text;
  const groups = expandIpv6(text);
  if (!groups) return text.toLowerCase();
  let bestStart = -1;
  let bestLen = 0;
  for (let i = 0; i < 8; ) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLen && j - i >= 2) {
      bestStart = i;
      bestLen = j - i;
    }
    i = j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (bestStart < 0) return hex.join(':');
  return `${hex.slice(0, bestStart).join(':')}::${hex.slice(bestStart + bestLen).join(':')}`;
}

function expandIpv6(text: string): number[] | null {
  let body = text.toLowerCase();
  const last = body.lastIndexOf(':');
  const v4 = body.slice(last + 1);
  if (v4.includes('.')) {
    // A dotted IPv4 tail stands for the last two groups.
    if (!isIpv4(v4)) return null;
    const [a, b, c, d] = v4.split('.').map(Number) as [number, number, number, number];
    body = `${body.slice(0, last + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const parts = body.split('::');
  if (parts.length > 2) return null;
  const toGroups = (s: string) => (s ? s.split(':').map((g) => (/^[0-9a-f]{1,4}$/.test(g) ? parseInt(g, 16) : NaN)) : []);
  const l = toGroups(parts[0]!);
  const r = parts.length === 2 ? toGroups(parts[1]!) : [];
  const fill = parts.length === 2 ? 8 - l.length - r.length : 0;
  if (fill < 0) return null;
  const groups = [...l, ...Array<number>(fill).fill(0), ...r];
  return groups.length === 8 && groups.every((g) => Number.isInteger(g)) ? groups : null;
}

/** The UNIQUE comparison of addresses. */
export function ipKey(value: string): string {
  return ipAddressError(value.trim()) ? value.trim().toLowerCase() : canonicalIp(value);
}
