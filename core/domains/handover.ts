// Internal transfers between accounts (issue #12 §5; spec §4 "Internal transfer: passed inspection
// (ready to transfer), then completed"): the pure rules of the inspection a name passes when it is
// offered and again when the recipient accepts, the offer's lifetime, and the external transfer states
// the portal shows. Every refusal has a catalogue code and a reason the page explains in words.
import type { RegistryFamily } from '../catalog';
import { CONTACT_ROLES, type ContactRole } from '../contacts/roles';
import { notReadyReasons, type ContactFields } from '../contacts/readiness';
import { ErrorCode } from '../errors';
import { emailError } from '../validation/email-rules';
import { greeklishToGreek } from './greeklish';
import { labelScript } from './names';
import { authCodePolicy } from './portal';

/** An offer waits this long for the recipient (then it lapses and the holder may offer again). */
export const HANDOVER_OFFER_DAYS = 14;
const DAY_MS = 24 * 60 * 60_000;

export function offerExpiry(now: Date): Date {
  return new Date(now.getTime() + HANDOVER_OFFER_DAYS * DAY_MS);
}

/** Why a handover is refused; `transfers:refusal.<reason>` says it in words. */
export const HANDOVER_REASONS = [
  'not_held',
  'not_active',
  'expired',
  'pending_order',
  'locked',
  'already_offered',
  'self',
  'email_invalid',
  'offer_missing',
  'offer_expired',
  'offer_decided',
  'moved',
  'el_follows_gr',
  'registry_failed',
  // The recipient names their own contacts for the name's roles (the holder's never move).
  'registrant_required',
  'contact_not_ready',
  // A name whose handover carries a trade: the recipient accepts the registry's terms for it.
  'terms_required',
  // A registrant-receives-the-code family after a handover, until the trade has run at the registry.
  'registrant_change_pending',
] as const;
export type HandoverReason = (typeof HANDOVER_REASONS)[number];

export type HandoverRefusal = { code: number; reason: HandoverReason };

// Codes of the catalogue (spec §8). The catalogue has no code of its own for most of these states, so
// they share 151 action_not_allowed and the reason carries the exact explanation.
const CODES: Record<HandoverReason, number> = {
  not_held: ErrorCode.DOMAIN_DOES_NOT_EXIST,
  // Still being registered or transferred in, or cancelled: not a registered name of ours yet.
  not_active: ErrorCode.TRANSFER_NOT_ALLOWED_DOMAIN_NOT_REGISTERED,
  expired: ErrorCode.ACTION_NOT_ALLOWED,
  // An order item for the name is still being carried out (a renewal, a trade): "try again later".
  pending_order: ErrorCode.ORDER_ITEM_PENDING_PROCESS_AFTER,
  locked: ErrorCode.ACTION_NOT_ALLOWED,
  already_offered: ErrorCode.ACTION_NOT_ALLOWED,
  self: ErrorCode.ACTION_NOT_ALLOWED,
  email_invalid: ErrorCode.VALIDATION_ERROR,
  offer_missing: ErrorCode.ACTION_NOT_ALLOWED,
  offer_expired: ErrorCode.ACTION_NOT_ALLOWED,
  offer_decided: ErrorCode.ACTION_NOT_ALLOWED,
  moved: ErrorCode.ACTION_NOT_ALLOWED,
  // A .ελ is held only with its .gr (spec §5): it moves with the .gr, never alone.
  el_follows_gr: ErrorCode.ACTION_NOT_ALLOWED,
  // The registry could not give the name a new auth code; the answer carries the registry's own code.
  registry_failed: ErrorCode.SEND_AUTHORIZATION_CODE_FAILED,
  registrant_required: ErrorCode.VALIDATION_ERROR,
  // The catalogue's "contact profile not found or not ready" for a role (spec §8).
  contact_not_ready: ErrorCode.CART_ATTRIBUTE_ERROR,
  terms_required: ErrorCode.VALIDATION_ERROR,
  registrant_change_pending: ErrorCode.ACTION_NOT_ALLOWED,
};

export function refusal(reason: HandoverReason): HandoverRefusal {
  return { code: CODES[reason], reason };
}

export type InspectedDomain = { status: string; expiresAt: Date; locked: boolean; tld?: string };

/**
 * 'Ready to transfer': the name is held here and active, not past its expiry (grace or redemption),
 * not locked for transfer at our side, and no order item for it is still being carried out.
 * Checked when the offer is made and again, on fresh data, when the recipient accepts.
 */
export function inspectDomain(domain: InspectedDomain | null, input: { now: Date; pendingOrder: boolean }): HandoverRefusal | null {
  if (!domain) return refusal('not_held');
  if (domain.tld === 'ελ') return refusal('el_follows_gr');
  if (domain.status === 'expired' || domain.status === 'redemption') return refusal('expired');
  if (domain.status !== 'active') return refusal('not_active');
  if (domain.expiresAt.getTime() <= input.now.getTime()) return refusal('expired');
  if (input.pendingOrder) return refusal('pending_order');
  if (domain.locked) return refusal('locked');
  return null;
}

export function normaliseRecipientEmail(value: string): string {
  return value.trim().toLowerCase();
}

/** The offer itself: a valid address that is not the holder's own, and no other offer still open. */
export function inspectOffer(input: { holderEmail: string; recipientEmail: string; openOffer: boolean }): HandoverRefusal | null {
  const to = normaliseRecipientEmail(input.recipientEmail);
  if (to === '' || emailError(to) !== null) return refusal('email_invalid');
  if (to === normaliseRecipientEmail(input.holderEmail)) return refusal('self');
  if (input.openOffer) return refusal('already_offered');
  return null;
}

export type HandoverStatus = 'offered' | 'completed' | 'declined' | 'cancelled' | 'expired';

/** An open offer past its time reads as expired, whether or not a job has marked it yet. */
export function effectiveStatus(offer: { status: HandoverStatus; expiresAt: Date }, now: Date): HandoverStatus {
  return offer.status === 'offered' && offer.expiresAt.getTime() <= now.getTime() ? 'expired' : offer.status;
}

/** The recipient may decide only an open, unexpired offer. */
export function decisionRefusal(offer: { status: HandoverStatus; expiresAt: Date } | null, now: Date): HandoverRefusal | null {
  if (!offer) return refusal('offer_missing');
  const status = effectiveStatus(offer, now);
  if (status === 'expired') return refusal('offer_expired');
  if (status !== 'offered') return refusal('offer_decided');
  return null;
}

/**
 * What the portal says of a name's transfer (spec §4): an external transfer 'under process' until the
 * registry's poll message, then 'successfully transferred'; 'rejected' when the losing registrar or
 * the holder refused it; otherwise nothing to say.
 */
export type ExternalTransferState = 'under_process' | 'transferred' | 'rejected' | null;

export function externalTransferState(domain: { status: string; transferredAt: Date | null; transferRejected?: boolean }): ExternalTransferState {
  if (domain.status === 'transfer_pending') return 'under_process';
  if (domain.transferRejected) return 'rejected';
  if (domain.transferredAt) return 'transferred';
  return null;
}

/**
 * The .ελ that matches a .gr the customer holds (spec §5 '.ελ domains': the matching .gr must be in
 * the customer's account). Only a Greek-script .gr has a matching .ελ; a Latin one ('kafeneio.gr') is
 * told which Greek .gr it would need first (greeklish readings, most likely first). Second levels
 * (com.gr …) have none.
 */
export type ElOffer = { kind: 'el'; fqdn: string } | { kind: 'greek_gr_first'; candidates: string[] } | null;

export function matchingEl(fqdn: string): ElOffer {
  const lower = fqdn.normalize('NFC').toLowerCase();
  if (!lower.endsWith('.gr')) return null;
  const label = lower.slice(0, -'.gr'.length);
  if (label === '' || label.includes('.')) return null;
  const script = labelScript(label);
  if (script === 'greek') return { kind: 'el', fqdn: `${label}.ελ` };
  if (script === 'mixed') return null;
  const candidates = greeklishToGreek(label).map((g) => `${g}.gr`);
  return candidates.length ? { kind: 'greek_gr_first', candidates } : null;
}

// ---------------------------------------------------------------------------------------------------
// Issue #19 §1: who an offer is for
// ---------------------------------------------------------------------------------------------------

/**
 * An offer names an e-mail address; an account may see and decide it only once it has proved that
 * address (an account registered by SMS may have typed in anyone's). An offer fixed to an account
 * (`toUserId`) still needs that account to hold the offered address, proven.
 */
export function offerIsFor(account: { id: number; email: string; emailVerifiedAt: Date | null }, offer: { toEmail: string; toUserId: number | null }): boolean {
  if (!account.emailVerifiedAt) return false;
  if (offer.toUserId !== null && offer.toUserId !== account.id) return false;
  return normaliseRecipientEmail(account.email) === normaliseRecipientEmail(offer.toEmail);
}

// ---------------------------------------------------------------------------------------------------
// Issue #19 §2: the recipient's own contacts, and the registrant change where the registrant gets the code
// ---------------------------------------------------------------------------------------------------

/**
 * Where the registry sends the EPP code to the registrant itself (.gr and .ελ: core/domains/portal.ts
 * authCodePolicy), a handover must change the registrant at the registry too (a trade); until that has
 * run, a code request would reach the old holder, so none is sent to anyone (decision 043).
 */
export function handoverNeedsTrade(family: RegistryFamily): boolean {
  return authCodePolicy(family) === 'send_to_registrant';
}

/**
 * The EPP code is withheld while the last handover of the name is newer than the last trade that ran
 * for it at the registry (a family whose registrant receives the code only).
 */
export function codeWithheldAfterHandover(input: { family: RegistryFamily; lastHandoverAt: Date | null; lastTradeAt: Date | null }): boolean {
  if (!handoverNeedsTrade(input.family) || !input.lastHandoverAt) return false;
  // The same millisecond counts as not yet: withholding is the safe side.
  return !input.lastTradeAt || input.lastTradeAt.getTime() <= input.lastHandoverAt.getTime();
}

export type AcceptContact = ContactFields & { id: number };
export type AcceptRoles = Partial<Record<ContactRole, number>>;

/**
 * The recipient's choice of contacts for the roles the registry has: a registrant is required; a role
 * left empty is held by the registrant. Every contact must be the recipient's own (found in `mine`)
 * and ready for the registry. Returns the role → contact map, or the refusal.
 */
export function acceptRolesRefusal(
  input: { family: RegistryFamily; registryRoles: readonly string[]; chosen: AcceptRoles; mine: readonly AcceptContact[] },
): { ok: true; roles: Record<string, number> } | ({ ok: false; field: ContactRole } & HandoverRefusal) {
  const registrant = input.chosen.registrant;
  if (!registrant) return { ok: false, field: 'registrant', ...refusal('registrant_required') };
  const roles: Record<string, number> = {};
  for (const role of CONTACT_ROLES.filter((r) => r === 'registrant' || input.registryRoles.includes(r))) {
    const id = input.chosen[role] || registrant;
    const contact = input.mine.find((c) => c.id === id);
    if (!contact || notReadyReasons(contact, input.family).length) return { ok: false, field: role, ...refusal('contact_not_ready') };
    roles[role] = id;
  }
  return { ok: true, roles };
}
