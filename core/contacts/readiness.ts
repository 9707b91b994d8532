// Contact readiness per registry family (spec §3 Contact profile '{registry}_ready', §5 Contacts and
// required_contact, issue #12 §4). A contact missing what a family needs is listed but cannot be
// chosen for that family's domains; the reasons say what to fix. Decision 034 lists the fields.
import { registryFamilies, type RegistryFamily } from '../catalog';
import { euEligibility } from '../domains/registry-rules';
import { hasGreek, individualNameMismatch } from './names';

export type ContactFields = {
  kind?: 'individual' | 'organisation';
  firstName: string;
  lastName: string;
  firstNameInt: string | null;
  lastNameInt: string | null;
  organisation: string | null;
  email: string;
  phone: string;
  address: string;
  city: string;
  postcode: string;
  countryIso2: string;
  vatNumber?: string | null;
  /** Spec §5 required_contact 'incomplete data': must be completed before any use. */
  incomplete?: boolean;
};

export type NotReadyReason = 'incomplete' | 'missing_fields' | 'vat_number' | 'not_in_eu' | 'latin_names' | 'name_mismatch';

export type Readiness = Record<`${RegistryFamily}_ready`, 0 | 1>;

const BASE_FIELDS = ['firstName', 'lastName', 'email', 'phone', 'address', 'city', 'postcode', 'countryIso2'] as const;
export type BaseField = (typeof BASE_FIELDS)[number] | 'organisation';

const blank = (v: string | null | undefined) => (v ?? '').trim() === '';

// A place written with no letter or digit ('-', '.', '?') is a placeholder someone typed to get past a
// form, not a city or a street: registries publish it (issue #20 §1), so it counts as missing.
const PLACE_FIELDS: ReadonlySet<string> = new Set(['address', 'city']);
const placeholder = (v: string | null | undefined) => !/[\p{L}\p{N}]/u.test(v ?? '');

/** The fields every registry needs that this contact lacks (an organisation also needs its name). */
export function missingFields(c: ContactFields): BaseField[] {
  const out: BaseField[] = BASE_FIELDS.filter((f) => blank(c[f]) || (PLACE_FIELDS.has(f) && placeholder(c[f])));
  if (c.kind === 'organisation' && blank(c.organisation)) out.push('organisation');
  return out;
}

/**
 * Spec §5 required_contact: 'incomplete data' is the stored flag (a contact made in a hurry or
 * brought by a transfer) or any required field left blank; either way it must be completed first.
 */
export function needsCompletion(c: ContactFields): boolean {
  return c.incomplete === true || missingFields(c).length > 0;
}

/** Names a registry can publish in Latin letters: already Latin, or both Latin forms given. */
function hasLatinNames(c: ContactFields): boolean {
  if (!hasGreek(c.firstName) && !hasGreek(c.lastName)) return true;
  return !blank(c.firstNameInt) && !blank(c.lastNameInt) && !hasGreek(c.firstNameInt) && !hasGreek(c.lastNameInt);
}

/**
 * Why a contact cannot serve a family (empty: ready).
 * - every family: not incomplete, the postal and contact fields (an organisation: its name);
 * - gr: an organisation's VAT number (ΑΦΜ), which the .gr registry records for companies;
 * - eurid: residence or establishment in the EEA (32104, EURid's eligibility rule);
 * - icm and generic: names in Latin letters (spec §5 'international'), for an individual the holder's
 *   own name (7530).
 */
export function notReadyReasons(c: ContactFields, family: RegistryFamily): NotReadyReason[] {
  if (c.incomplete) return ['incomplete'];
  const out: NotReadyReason[] = [];
  if (missingFields(c).length) out.push('missing_fields');
  if (family === 'gr' && c.kind === 'organisation' && blank(c.vatNumber)) out.push('vat_number');
  if (family === 'eurid' && !blank(c.countryIso2) && euEligibility({ countryIso2: c.countryIso2 }) !== null) out.push('not_in_eu');
  if (family === 'icm' || family === 'generic') {
    if (!hasLatinNames(c)) out.push('latin_names');
    else if (c.kind !== 'organisation' && individualNameMismatch(c).length) out.push('name_mismatch');
  }
  return out;
}

/** The spec's '{registry}_ready' flags: 1 when the contact may be chosen for that family's names. */
export function readiness(c: ContactFields): Readiness {
  return Object.fromEntries(registryFamilies.map((f) => [`${f}_ready`, notReadyReasons(c, f).length ? 0 : 1])) as Readiness;
}

/** Every family's reasons at once, for the list's badges and the picker's disabled options. */
export function readinessDetail(c: ContactFields): Record<RegistryFamily, NotReadyReason[]> {
  return Object.fromEntries(registryFamilies.map((f) => [f, notReadyReasons(c, f)])) as Record<RegistryFamily, NotReadyReason[]>;
}
