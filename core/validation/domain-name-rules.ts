// The domain name rules of spec §5 [DOMAIN.INVALID, DOMAIN.TOO_LONG] and the WHOIS search box [WHOIS.MIN].
import { charCount, type Check, everyChar, isDigit, isGreekLetter, isLatinLetter, toCheck } from './rule-kit';
import { message, type ValidationMessage } from './messages';
import { requiredText } from './required-rules';

/** Spec §9 DOMAIN_NAME_MAX_LEN: the longest label. */
export const DOMAIN_NAME_MAX_LEN = 63;

// ---------------------------------------------------------------------------------------------------
// Domain names [DOMAIN.INVALID, DOMAIN.TOO_LONG]
// ---------------------------------------------------------------------------------------------------

/** Spec §9. Read as the longest sub-domain part in front of the registrable name (decision 009). */
export const SUBDOMAIN_LENGTH = 18;

/**
 * Zones of more than one label that the shop sells, so that 'example.com.gr' is a name under com.gr and
 * not a sub-domain 'example' of com.gr. Callers with the catalogue pass its own list.
 */
export const DEFAULT_MULTI_LABEL_ZONES: readonly string[] = ['com.gr', 'net.gr', 'org.gr', 'edu.gr', 'gov.gr'];

export type DomainNameOptions = { zones?: readonly string[] };

/** The part in front of the registrable name ('shop.blog' in 'shop.blog.example.gr'), or '' when there is none. */
export function subdomainPart(domain: string, zones: readonly string[] = DEFAULT_MULTI_LABEL_ZONES): string {
  const labels = domain.normalize('NFC').toLowerCase().split('.');
  let zoneLabels = 1;
  for (const zone of zones) {
    const parts = zone.normalize('NFC').toLowerCase().replace(/^\./, '').split('.');
    if (parts.length > zoneLabels && parts.length < labels.length && labels.slice(-parts.length).join('.') === parts.join('.')) zoneLabels = parts.length;
  }
  const registrableStart = labels.length - zoneLabels - 1;
  return registrableStart > 0 ? domain.normalize('NFC').split('.').slice(0, registrableStart).join('.') : '';
}

export function domainNameError(value: string, options: DomainNameOptions = {}): ValidationMessage | null {
  if (value === '') return null;
  const text = value.normalize('NFC');
  if (text.includes('://')) return message('DOMAIN.INVALID');
  if (!everyChar(text, (ch) => isLatinLetter(ch) || isGreekLetter(ch) || isDigit(ch) || ch === '.' || ch === '-')) return message('DOMAIN.INVALID');
  if (/^[.-]|[.-]$|-\.|\.-|\.\.|--/.test(text)) return message('DOMAIN.INVALID');
  if (text.split('.').some((label) => charCount(label) > DOMAIN_NAME_MAX_LEN)) return message('DOMAIN.TOO_LONG', { max: DOMAIN_NAME_MAX_LEN });
  if (charCount(subdomainPart(text, options.zones)) > SUBDOMAIN_LENGTH) return message('DOMAIN.TOO_LONG', { max: SUBDOMAIN_LENGTH });
  return null;
}

export const domainName = (options: DomainNameOptions = {}): Check => toCheck((v) => domainNameError(v, options));

// ---------------------------------------------------------------------------------------------------
// WHOIS search [REQUIRED, WHOIS.MIN]
// ---------------------------------------------------------------------------------------------------

export const WHOIS_MIN_LENGTH = 3;

export function whoisQueryError(value: string, min = WHOIS_MIN_LENGTH): ValidationMessage | null {
  if (value.trim() === '') return message('REQUIRED');
  return charCount(value.trim()) < min ? message('WHOIS.MIN', { min }) : null;
}

export function whoisQuery(min = WHOIS_MIN_LENGTH) {
  return requiredText(toCheck((v) => whoisQueryError(v, min)));
}
