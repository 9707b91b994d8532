// The error catalogue of spec §8 as one table, put together from the areas' rows in the spec's order.
// The lookups, the ErrorCode constants and the i18n keys are all derived from it so they cannot drift apart.
import type { CatalogueEntry } from './catalogue-entry';
import { BILLING_CONTACT_ROWS, GDPR_ROWS, LOGIN_ROWS, OTP_ROWS, PROFILE_ROWS } from './codes-accounts';
import { CART_ROWS, CATALOG_ROWS, SALE_DOCUMENT_ROWS } from './codes-commerce';
import { DOMAIN_SEARCH_ROWS, NAMESERVER_CONTACT_ROWS, REGISTRY_WHOIS_ROWS } from './codes-domains';
import { GENERAL_ROWS } from './codes-general';
import { MAIL_ROWS } from './codes-mail';
import { RENEWAL_ORDER_ROWS } from './codes-renewal-orders';
import { HOSTING_ROWS, NOTIFICATION_ROWS, SERVER_PROVIDER_ROWS, SSL_ROWS } from './codes-services';

// The order is the spec's: entryByCode gives the first of a code's names (32100 has two).
const ROWS = [
  ...GENERAL_ROWS,
  ...PROFILE_ROWS,
  ...LOGIN_ROWS,
  ...BILLING_CONTACT_ROWS,
  ...CATALOG_ROWS,
  ...REGISTRY_WHOIS_ROWS,
  ...DOMAIN_SEARCH_ROWS,
  ...NAMESERVER_CONTACT_ROWS,
  ...HOSTING_ROWS,
  ...CART_ROWS,
  ...SALE_DOCUMENT_ROWS,
  ...NOTIFICATION_ROWS,
  ...SSL_ROWS,
  ...SERVER_PROVIDER_ROWS,
  ...GDPR_ROWS,
  ...OTP_ROWS,
  ...RENEWAL_ORDER_ROWS,
  ...MAIL_ROWS,
] as const;

type Rows = typeof ROWS;

export const CATALOGUE: readonly CatalogueEntry[] = Object.freeze(
  ROWS.map(([code, name, handling, httpStatus]) => Object.freeze({ code, name, key: name, handling, httpStatus })),
);

export const ErrorCode = Object.freeze(
  Object.fromEntries(ROWS.map(([code, name]) => [name.toUpperCase(), code])),
) as { readonly [R in Rows[number] as Uppercase<R[1]>]: R[0] };

export type ErrorCodeNumber = (typeof ErrorCode)[keyof typeof ErrorCode];

const byCode = new Map<number, CatalogueEntry[]>();
const byName = new Map<string, CatalogueEntry>();
for (const entry of CATALOGUE) {
  const list = byCode.get(entry.code);
  if (list) list.push(entry);
  else byCode.set(entry.code, [entry]);
  byName.set(entry.name, entry);
}

export function entriesByCode(code: number): CatalogueEntry[] {
  return [...(byCode.get(code) ?? [])];
}

export function entryByCode(code: number): CatalogueEntry | undefined {
  return byCode.get(code)?.[0];
}

export function entryByName(name: string): CatalogueEntry | undefined {
  return byName.get(name);
}

const UNDEFINED_CODE = entryByCode(50000) as CatalogueEntry;

/** Responses carry either the number or its name (spec §7); anything unrecognised is undefined_code. */
export function resolveCode(codeOrName: number | string): CatalogueEntry {
  if (typeof codeOrName === 'number') return entryByCode(codeOrName) ?? UNDEFINED_CODE;
  const text = codeOrName.trim();
  // Some backends send the number as a string; a name never starts with a digit.
  if (/^\d+$/.test(text)) return entryByCode(Number(text)) ?? UNDEFINED_CODE;
  return entryByName(text.toLowerCase()) ?? UNDEFINED_CODE;
}

/**
 * A code counts as success when its HTTP status is 2xx. Handling alone cannot decide it: a warning
 * is a success for 1005 no_change but not for 2004 two_factor_auth.
 */
export function isSuccessCode(codeOrName: number | string): boolean {
  const { httpStatus } = resolveCode(codeOrName);
  return httpStatus >= 200 && httpStatus < 300;
}
