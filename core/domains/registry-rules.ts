// Rules that come from the registry behind a TLD rather than from the name itself: which registry
// runs it, the lengths it sells, and who may hold a name (.ελ, .eu/.ευ, .xxx).
import type { RegistryFamily } from '../catalog';
import { ErrorCode } from '../errors';
import { GR_REGISTRATION_MONTHS } from '../lengths';
import { MESSAGES } from '../validation/messages';
import { normaliseGreekLabel, normaliseTld } from './names';

/**
 * The registry family of each TLD with rules of its own, by display form. .ελ is run by the .gr
 * registry (same rules, same lengths); .ευ by EURid like .eu; .xxx by ICM. Everything else is 'generic'.
 */
export const REGISTRY_OF: Readonly<Record<string, RegistryFamily>> = Object.freeze({
  gr: 'gr',
  'com.gr': 'gr',
  'net.gr': 'gr',
  'org.gr': 'gr',
  'edu.gr': 'gr',
  'gov.gr': 'gr',
  ελ: 'gr',
  eu: 'eurid',
  ευ: 'eurid',
  xxx: 'icm',
});

/** The family of a TLD in any spelling ('.GR', 'xn--qxam', 'ελ'). */
export function registryFamilyOf(tld: string): RegistryFamily {
  return REGISTRY_OF[normaliseTld(tld)] ?? 'generic';
}

/**
 * The registration lengths (months) that may be offered. The .gr registry registers for whole even
 * years only (2–10), so a .gr-family length outside GR_REGISTRATION_MONTHS is dropped even if the
 * catalogue lists it, and one the catalogue does not price is not invented; other registries take the
 * catalogue's lengths as given. Sorted, without repeats.
 */
export function allowedPeriods(family: RegistryFamily, catalogueLengths: readonly number[]): number[] {
  const lengths = family === 'gr' ? catalogueLengths.filter((m) => GR_REGISTRATION_MONTHS.includes(m)) : catalogueLengths;
  return [...new Set(lengths)].sort((a, b) => a - b);
}

/**
 * .ελ may only be registered by the holder of the matching .gr name, and that .gr must be in the
 * customer's account here: spec §5 ".ελ domains" — owners must first transfer their .gr to us.
 * "Matching" is by registry key, so 'καφές.ελ' matches 'καφες.gr' and 'ΚΑΦΕΣ.gr'.
 * `ownedGrRegistryKeys` are the labels (or their keys) of the customer's names under 'gr' itself;
 * a full name ending in '.gr' is read as its label. Second levels such as com.gr do not count.
 * @returns null, or 30019 invalid_domain_cant_be_registered.
 */
export function elRequirement(label: string, ownedGrRegistryKeys: readonly string[]): typeof ErrorCode.INVALID_DOMAIN_CANT_BE_REGISTERED | null {
  const key = normaliseGreekLabel(label);
  const owned = new Set(ownedGrRegistryKeys.map((k) => normaliseGreekLabel(k.trim().replace(/\.gr\.?$/i, ''))));
  return owned.has(key) ? null : ErrorCode.INVALID_DOMAIN_CANT_BE_REGISTERED;
}

/** The 27 member states of the European Union (ISO 3166-1 alpha-2). */
export const EU_COUNTRIES: readonly string[] = Object.freeze([
  'AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU',
  'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK',
]);

/** The European Economic Area: the EU plus Iceland, Liechtenstein and Norway. */
export const EEA_COUNTRIES: readonly string[] = Object.freeze([...EU_COUNTRIES, 'IS', 'LI', 'NO']);

/** Upper case, and 'EL' (the EU's own code for Greece, as VIES writes it) read as GR. */
function iso2(code: string | undefined): string {
  const c = (code ?? '').trim().toUpperCase();
  return c === 'EL' ? 'GR' : c;
}

/**
 * Who may hold a .eu/.ευ name (EURid): a person resident in, or an organisation established in, the
 * EEA; or, since October 2019, an EU citizen wherever they live. Citizenship of IS, LI or NO counts
 * only with residence, because the 2019 extension is for EU citizens only.
 * @returns null, or 32104 contact_not_in_eu.
 */
export function euEligibility(contact: { countryIso2: string; citizenshipIso2?: string }): typeof ErrorCode.CONTACT_NOT_IN_EU | null {
  if (EEA_COUNTRIES.includes(iso2(contact.countryIso2))) return null;
  if (EU_COUNTRIES.includes(iso2(contact.citizenshipIso2))) return null;
  return ErrorCode.CONTACT_NOT_IN_EU;
}

export const MEMBERSHIP_TOKEN_MAX_LENGTH = 64;
const MEMBERSHIP_TOKEN = /^[A-Za-z0-9-]+$/;

export type XxxFieldError = {
  field: 'membership_token';
  key: typeof MESSAGES.REQUIRED | (typeof MESSAGES)['ILLEGAL.CHARS'];
};

/**
 * .xxx (ICM): a name that should resolve needs the Member Authorization Token of the sponsored
 * community (spec §5 "Cart"). A name that does not resolve needs none, and then a token is not
 * looked at, since it is not sent. The token is trimmed, then must be 1–64 letters, digits or hyphens.
 */
export function xxxRequirement(input: { resolve: boolean; membershipToken?: string }): XxxFieldError | null {
  if (!input.resolve) return null;
  const token = (input.membershipToken ?? '').trim();
  if (token === '') return { field: 'membership_token', key: MESSAGES.REQUIRED };
  if (token.length > MEMBERSHIP_TOKEN_MAX_LENGTH || !MEMBERSHIP_TOKEN.test(token)) return { field: 'membership_token', key: MESSAGES['ILLEGAL.CHARS'] };
  return null;
}

/**
 * Whether a registry has a transfer lock that the registrar sets for its customer (EPP
 * clientTransferProhibited, RFC 5731): while it is on, the registry refuses any transfer away, whatever
 * the code. Our registry port sets it for every family (the sandbox and the EPP client alike, decision
 * 020) and the .gr sandbox refuses a locked name's transfer as the others do, so each family has one
 * here; a registry found to have none is switched off in this table alone, and then new names get no
 * lock and the domain page says the registry has none (decision 078).
 */
export const TRANSFER_LOCK: Readonly<Record<RegistryFamily, boolean>> = Object.freeze({
  gr: true,
  eurid: true,
  icm: true,
  generic: true,
});

export function hasTransferLock(family: RegistryFamily): boolean {
  return TRANSFER_LOCK[family] === true;
}

/** Issue #25 §1: a new name is registered with the transfer lock on, where its registry has one. */
export function lockNewName(family: RegistryFamily): boolean {
  return hasTransferLock(family);
}
