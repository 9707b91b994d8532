// The nameserver and host rules of spec §5 [NAME_SERVERS.INVALID_CHARS, NAME_SERVERS.INVALID_SYNTAX] and
// the registry's nameserver count limits.
import { charCount, type Check, everyChar, isBlank, isDigit, isGreekLetter, isLatinLetter, toCheck } from './rule-kit';
import { z } from 'zod';
import { DOMAIN_NAME_MAX_LEN } from './domain-name-rules';
import { encodeMessage, message, type ValidationMessage } from './messages';

// ---------------------------------------------------------------------------------------------------
// Nameservers and hosts [NAME_SERVERS.INVALID_CHARS, NAME_SERVERS.INVALID_SYNTAX]
// ---------------------------------------------------------------------------------------------------

/**
 * The spec says a host prefix has a maximum length without giving it. 63 is the DNS limit of one label
 * (RFC 1035 §2.3.4), and the prefix is one label since it may hold no dots.
 */
export const HOST_PREFIX_MAX_LENGTH = 63;

export type NameServerScope =
  | { scope: 'name_server'; idn: boolean }
  /** `fqdn` is the domain the host belongs to: 'ns1' or 'ns1.example.gr' for example.gr. */
  | { scope: 'host'; idn: boolean; fqdn: string; prefixMax?: number };

// Word characters without '_' (hostnames are letters, digits and hyphens, RFC 1123), plus Greek with IDN.
function labelChar(idn: boolean): (ch: string) => boolean {
  return (ch) => isLatinLetter(ch) || isDigit(ch) || ch === '-' || (idn && isGreekLetter(ch));
}

function nameServerSyntaxOk(value: string): boolean {
  if (/^[.-]|[.-]$|\.\.|--|-\.|\.-/.test(value)) return false;
  // "Must look like a full domain": two labels or more, none over 63, a top level of letters only
  // (so that an IP address or 'localhost' is not taken for a nameserver).
  const labels = value.split('.');
  if (labels.length < 2 || charCount(value) > 253) return false;
  if (labels.some((l) => charCount(l) > DOMAIN_NAME_MAX_LEN)) return false;
  const tld = labels[labels.length - 1] ?? '';
  return charCount(tld) >= 2 && everyChar(tld, (ch) => isLatinLetter(ch) || isGreekLetter(ch));
}

function hostError(value: string, idn: boolean, fqdn: string, prefixMax: number): ValidationMessage | null {
  const text = value.normalize('NFC');
  const suffix = `.${fqdn.normalize('NFC')}`.toLowerCase();
  // The host field may hold the prefix alone (the page shows '.{fqdn}' after it) or the whole name.
  const prefix = text.toLowerCase().endsWith(suffix) ? text.slice(0, text.length - suffix.length) : text;
  const allowed = labelChar(idn);
  if (!everyChar(prefix, (ch) => ch === '.' || allowed(ch))) return message('NAME_SERVERS.INVALID_CHARS');
  // A dot left in the prefix means it is not of the form xxx.{fqdn}.
  if (prefix === '' || prefix.includes('.')) return message('NAME_SERVERS.INVALID_SYNTAX');
  if (/^-|-$|--/.test(prefix)) return message('NAME_SERVERS.INVALID_SYNTAX');
  if (charCount(prefix) > prefixMax) return message('LENGTH.MAX', { max: prefixMax });
  return null;
}

export function nameServerError(value: string, scope: NameServerScope): ValidationMessage | null {
  if (value === '') return null; // optional when empty
  if (scope.scope === 'host') return hostError(value, scope.idn, scope.fqdn, scope.prefixMax ?? HOST_PREFIX_MAX_LENGTH);
  const allowed = labelChar(scope.idn);
  if (!everyChar(value, (ch) => ch === '.' || allowed(ch))) return message('NAME_SERVERS.INVALID_CHARS');
  return nameServerSyntaxOk(value.normalize('NFC')) ? null : message('NAME_SERVERS.INVALID_SYNTAX');
}

export const nameServer = (scope: NameServerScope): Check => toCheck((v) => nameServerError(v, scope));

/** Non-empty nameservers against the item's registry_settings min/max (catalogue errors 32053/32052). */
export function nameServerCountError(values: readonly (string | undefined)[], limits: { min?: number; max?: number }): ValidationMessage | null {
  const count = values.filter((v) => v !== undefined && !isBlank(v)).length;
  if (limits.min !== undefined && count < limits.min) return { key: 'errors:nameserver_do_not_cover_lower_limit', params: { min: limits.min } };
  if (limits.max !== undefined && count > limits.max) return { key: 'errors:nameserver_exceed_upper_limit', params: { max: limits.max } };
  return null;
}

export function nameServerCount(limits: { min?: number; max?: number }): z.core.$ZodCheck<(string | undefined)[]> {
  return z.superRefine<(string | undefined)[]>((values, ctx) => {
    const m = nameServerCountError(values, limits);
    if (m) ctx.addIssue({ code: 'custom', message: encodeMessage(m), input: values });
  });
}

/** Server errors arrive as '{something}.{n}'; the 0-based n is the index of the nameserver field (shown as field n+1). */
export function serverErrorIndex(key: string): number | null {
  const match = /\.(\d+)$/.exec(key);
  return match ? Number(match[1]) : null;
}
