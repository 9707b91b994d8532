// The IP address rule of spec §5 [IP.INVALID_CHARS, IP.INVALID_SYNTAX], IPv4 and IPv6.
import { type Check, toCheck } from './rule-kit';
import { message, type ValidationMessage } from './messages';

// ---------------------------------------------------------------------------------------------------
// IP addresses [IP.INVALID_CHARS, IP.INVALID_SYNTAX]
// ---------------------------------------------------------------------------------------------------

// Decimal 0–255 without leading zeros: '010' is 8 to some parsers and 10 to others, so it is refused.
const IPV4 = /^(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(?:\.(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const HEX_GROUP = /^[0-9a-fA-F]{1,4}$/;

export function isIpv4(value: string): boolean {
  return IPV4.test(value);
}

/**
 * The spec describes IPv6 as eight groups of four hex digits, but addresses are written in the RFC 4291
 * §2.2 text forms: leading zeros dropped ('2001:db8::1'), one '::' for a run of zero groups, and a dotted
 * IPv4 tail ('::ffff:192.0.2.1'). Refusing those would refuse the address a hosting panel shows, so all
 * of them are accepted (RFC 5952's canonical form is one of them).
 */
export function isIpv6(value: string): boolean {
  let text = value;
  const lastColon = text.lastIndexOf(':');
  if (lastColon < 0) return false;
  const tail = text.slice(lastColon + 1);
  if (tail.includes('.')) {
    if (!isIpv4(tail)) return false;
    text = `${text.slice(0, lastColon + 1)}0:0`; // the IPv4 tail stands for two groups
  }
  const compression = text.indexOf('::');
  if (compression !== text.lastIndexOf('::')) return false; // a second '::' or ':::'
  if (compression < 0) {
    const groups = text.split(':');
    return groups.length === 8 && groups.every((g) => HEX_GROUP.test(g));
  }
  const left = text.slice(0, compression);
  const right = text.slice(compression + 2);
  const groups = [...(left ? left.split(':') : []), ...(right ? right.split(':') : [])];
  return groups.length <= 7 && groups.every((g) => HEX_GROUP.test(g));
}

/**
 * Spec §5 order: characters first, then the separators, then the form. "No leading or trailing ':'" is
 * read as a lone colon: '::' at either end is the RFC compression ('::1', 'fe80::'), not a stray separator.
 */
export function ipAddressError(value: string): ValidationMessage | null {
  if (value === '') return null;
  if (/[^0-9a-fA-F:.]/.test(value)) return message('IP.INVALID_CHARS');
  if (/^\.|\.$|^:(?!:)|(?<!:):$|:\.|\.:/.test(value)) return message('IP.INVALID_SYNTAX');
  const ok = value.includes(':') ? isIpv6(value) : isIpv4(value);
  return ok ? null : message('IP.INVALID_SYNTAX');
}

export const ipAddress = (): Check => toCheck(ipAddressError);
