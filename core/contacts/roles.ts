// Changing who holds a domain's role (spec §3 roles REGISTRANT/ADMIN/TECH/BILLING, §6 rules 7502,
// 32100, 32101; §8 32103, 32104; issue #12 §4). Pure: the service reads the rows and the registry's
// settings, asks here what is allowed, then talks to the registry and stores the answer.
import type { RegistryFamily } from '../catalog';
import { ErrorCode } from '../errors';
import { notReadyReasons, type ContactFields, type NotReadyReason } from './readiness';

export const CONTACT_ROLES = ['registrant', 'admin', 'tech', 'billing'] as const;
export type ContactRole = (typeof CONTACT_ROLES)[number];

export function isContactRole(value: unknown): value is ContactRole {
  return typeof value === 'string' && (CONTACT_ROLES as readonly string[]).includes(value);
}

/**
 * Where a registrant change is a trade the registry charges for (decision 034): the .gr registry
 * (ΕΕΤΤ's change of holder) and the gTLDs (ICANN's change of registrant) bill it, so the change goes
 * through the cart as a trade; EURid and ICM update the holder for free with a contact update.
 */
const CHARGEABLE_REGISTRANT: Record<RegistryFamily, boolean> = { gr: true, generic: true, eurid: false, icm: false };

export function registrantChangeIsTrade(family: RegistryFamily): boolean {
  return CHARGEABLE_REGISTRANT[family];
}

export type RoleChangeInput = {
  family: RegistryFamily;
  /** The registry's own roles (registry.settings().contactRoles). */
  registryRoles: readonly string[];
  role: string;
  currentContactId: number | null;
  /** null: the form left the role empty. */
  newContactId: number | null;
  /** The chosen contact's fields (the customer's own, looked up by the service); null when not found. */
  contact: (ContactFields & { id: number }) | null;
};

export type RoleChangeRefusal =
  | { code: typeof ErrorCode.CONTACT_UPDATE_NOT_ALLOWED_FOR_ROLE }
  | { code: typeof ErrorCode.CONTACT_ROLE_DELETION_NOT_ALLOWED }
  | { code: typeof ErrorCode.CONTACT_PROFILE_NOT_FOUND }
  | { code: typeof ErrorCode.CONTACT_NOT_IN_EU }
  /** required_contact: an incomplete contact must be completed first, or one not ready for this registry. */
  | { code: typeof ErrorCode.VALIDATION_ERROR; message: 'CONTACT_PROFILES.MISSING' | 'REQUIRED'; reasons: NotReadyReason[] }
  /** A registrant change the registry charges for: a trade in the cart (helper D's ownership page). */
  | { code: typeof ErrorCode.CONTACT_UPDATE_CHARGEABLE; link: string }
  | { code: typeof ErrorCode.NO_CHANGE };

/** null: the change may go to the registry. Checked in the order a person would want to hear them. */
export function roleChangeRefusal(input: RoleChangeInput, domainAscii: string): RoleChangeRefusal | null {
  if (!isContactRole(input.role) || !input.registryRoles.includes(input.role)) return { code: ErrorCode.CONTACT_UPDATE_NOT_ALLOWED_FOR_ROLE };
  if (input.newContactId === null) return { code: ErrorCode.CONTACT_ROLE_DELETION_NOT_ALLOWED };
  if (!input.contact || input.contact.id !== input.newContactId) return { code: ErrorCode.CONTACT_PROFILE_NOT_FOUND };
  if (input.newContactId === input.currentContactId) return { code: ErrorCode.NO_CHANGE };
  const reasons = notReadyReasons(input.contact, input.family);
  if (reasons.includes('not_in_eu')) return { code: ErrorCode.CONTACT_NOT_IN_EU };
  if (reasons.length) return { code: ErrorCode.VALIDATION_ERROR, message: reasons.includes('incomplete') || reasons.includes('missing_fields') ? 'CONTACT_PROFILES.MISSING' : 'REQUIRED', reasons };
  if (input.role === 'registrant' && registrantChangeIsTrade(input.family)) return { code: ErrorCode.CONTACT_UPDATE_CHARGEABLE, link: `/account/domains/${domainAscii}/ownership` };
  return null;
}

/** The roles a page shows for a domain: the registry's, in the spec's order. */
export function rolesOf(registryRoles: readonly string[]): ContactRole[] {
  return CONTACT_ROLES.filter((r) => registryRoles.includes(r));
}

type Identity = Pick<ContactFields, 'kind' | 'firstName' | 'lastName' | 'organisation'>;

/**
 * Editing the registrant's details (address, phone, e-mail) is a contact update; changing who the
 * holder is (an individual's name, an organisation's name, or individual ↔ organisation) is a change
 * of registrant, which the chargeable families bill as a trade (32100). Case and spacing do not count.
 */
export function holderIdentityChanged(before: Identity, after: Identity): boolean {
  const norm = (v: string | null | undefined) => (v ?? '').normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('el');
  if ((before.kind ?? 'individual') !== (after.kind ?? 'individual')) return true;
  if ((after.kind ?? 'individual') === 'organisation') return norm(before.organisation) !== norm(after.organisation);
  return norm(before.firstName) !== norm(after.firstName) || norm(before.lastName) !== norm(after.lastName);
}
