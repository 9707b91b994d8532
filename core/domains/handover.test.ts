import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../errors';
import { acceptRolesRefusal, codeWithheldAfterHandover, decisionRefusal, handoverNeedsTrade, matchingEl, offerIsFor, effectiveStatus, externalTransferState, HANDOVER_OFFER_DAYS, inspectDomain, inspectOffer, offerExpiry } from './handover';

const now = new Date('2026-11-24T10:00:00Z');
const later = new Date('2027-06-01T00:00:00Z');
const ready = { status: 'active', expiresAt: later, locked: false };

describe('inspection: ready to transfer', () => {
  it('passes an active, unlocked name with no order in progress', () => {
    expect(inspectDomain(ready, { now, pendingOrder: false })).toBeNull();
  });

  it('refuses a name the customer does not hold (30014)', () => {
    expect(inspectDomain(null, { now, pendingOrder: false })).toEqual({ code: ErrorCode.DOMAIN_DOES_NOT_EXIST, reason: 'not_held' });
  });

  it('refuses a name still being registered or transferred in (26050)', () => {
    for (const status of ['pending', 'transfer_pending', 'cancelled']) {
      expect(inspectDomain({ ...ready, status }, { now, pendingOrder: false })).toEqual({ code: ErrorCode.TRANSFER_NOT_ALLOWED_DOMAIN_NOT_REGISTERED, reason: 'not_active' });
    }
  });

  it('refuses an expired name, in grace or redemption, or past its date before the job marks it (151)', () => {
    expect(inspectDomain({ ...ready, status: 'expired' }, { now, pendingOrder: false })?.reason).toBe('expired');
    expect(inspectDomain({ ...ready, status: 'redemption' }, { now, pendingOrder: false })?.reason).toBe('expired');
    expect(inspectDomain({ ...ready, expiresAt: now }, { now, pendingOrder: false })).toEqual({ code: ErrorCode.ACTION_NOT_ALLOWED, reason: 'expired' });
  });

  it('refuses a .ελ on its own: it moves with its .gr', () => {
    expect(inspectDomain({ ...ready, tld: 'ελ' }, { now, pendingOrder: false })).toEqual({ code: ErrorCode.ACTION_NOT_ALLOWED, reason: 'el_follows_gr' });
    expect(inspectDomain({ ...ready, tld: 'gr' }, { now, pendingOrder: false })).toBeNull();
  });

  it('refuses while an order for the name is carried out (35602), and a name locked at our side (151)', () => {
    expect(inspectDomain(ready, { now, pendingOrder: true })).toEqual({ code: ErrorCode.ORDER_ITEM_PENDING_PROCESS_AFTER, reason: 'pending_order' });
    expect(inspectDomain({ ...ready, locked: true }, { now, pendingOrder: false })).toEqual({ code: ErrorCode.ACTION_NOT_ALLOWED, reason: 'locked' });
  });
});

describe('the offer', () => {
  it('needs a valid address other than the holder’s, and no other open offer', () => {
    expect(inspectOffer({ holderEmail: 'a@example.gr', recipientEmail: ' B@Example.gr ', openOffer: false })).toBeNull();
    expect(inspectOffer({ holderEmail: 'a@example.gr', recipientEmail: 'not-an-address', openOffer: false })).toEqual({ code: ErrorCode.VALIDATION_ERROR, reason: 'email_invalid' });
    expect(inspectOffer({ holderEmail: 'a@example.gr', recipientEmail: '', openOffer: false })?.reason).toBe('email_invalid');
    expect(inspectOffer({ holderEmail: 'A@example.gr', recipientEmail: 'a@EXAMPLE.gr', openOffer: false })).toEqual({ code: ErrorCode.ACTION_NOT_ALLOWED, reason: 'self' });
    expect(inspectOffer({ holderEmail: 'a@example.gr', recipientEmail: 'b@example.gr', openOffer: true })?.reason).toBe('already_offered');
  });

  it(`lapses after ${HANDOVER_OFFER_DAYS} days`, () => {
    const expiresAt = offerExpiry(now);
    expect(expiresAt.getTime() - now.getTime()).toBe(HANDOVER_OFFER_DAYS * 24 * 60 * 60_000);
    const offer = { status: 'offered' as const, expiresAt };
    expect(effectiveStatus(offer, new Date(expiresAt.getTime() - 1))).toBe('offered');
    expect(effectiveStatus(offer, expiresAt)).toBe('expired');
    expect(decisionRefusal(offer, now)).toBeNull();
    expect(decisionRefusal(offer, expiresAt)?.reason).toBe('offer_expired');
  });

  it('can be decided once only', () => {
    const expiresAt = offerExpiry(now);
    for (const status of ['completed', 'declined', 'cancelled'] as const) expect(decisionRefusal({ status, expiresAt }, now)?.reason).toBe('offer_decided');
    expect(decisionRefusal(null, now)?.reason).toBe('offer_missing');
  });
});

describe('external transfer states', () => {
  it('under process, then successfully transferred, or rejected', () => {
    expect(externalTransferState({ status: 'transfer_pending', transferredAt: null })).toBe('under_process');
    expect(externalTransferState({ status: 'active', transferredAt: now })).toBe('transferred');
    expect(externalTransferState({ status: 'cancelled', transferredAt: null, transferRejected: true })).toBe('rejected');
    expect(externalTransferState({ status: 'active', transferredAt: null })).toBeNull();
  });
});

describe('the matching .ελ', () => {
  it('offers the .ελ of a Greek .gr, and names the Greek .gr a Latin one would need first', () => {
    expect(matchingEl('καφενείο.gr')).toEqual({ kind: 'el', fqdn: 'καφενείο.ελ' });
    expect(matchingEl('kafeneio.gr')).toMatchObject({ kind: 'greek_gr_first', candidates: expect.arrayContaining(['καφενειο.gr']) });
    expect(matchingEl('kafeneio.com.gr')).toBeNull();
    expect(matchingEl('kafeneio.com')).toBeNull();
  });
});

describe('who an offer is for (issue #19 §1)', () => {
  const offer = { toEmail: 'maria@example.gr', toUserId: null };
  const account = { id: 7, email: 'Maria@Example.gr', emailVerifiedAt: now };

  it('an account that proved the offered address', () => {
    expect(offerIsFor(account, offer)).toBe(true);
    expect(offerIsFor(account, { ...offer, toUserId: 7 })).toBe(true);
  });

  it('never an account whose address is not proven, even if it is the same address', () => {
    expect(offerIsFor({ ...account, emailVerifiedAt: null }, offer)).toBe(false);
    expect(offerIsFor({ ...account, emailVerifiedAt: null }, { ...offer, toUserId: 7 })).toBe(false);
  });

  it('never another address, nor another account the offer was fixed to', () => {
    expect(offerIsFor({ ...account, email: 'other@example.gr' }, offer)).toBe(false);
    expect(offerIsFor(account, { ...offer, toUserId: 8 })).toBe(false);
    // An account fixed to the offer that changed its address no longer matches it.
    expect(offerIsFor({ ...account, email: 'new@example.gr' }, { ...offer, toUserId: 7 })).toBe(false);
  });
});

describe('the registrant change a handover carries (issue #19 §2)', () => {
  it('only where the registry sends the EPP code to the registrant (.gr, .ελ)', () => {
    expect(handoverNeedsTrade('gr')).toBe(true);
    for (const f of ['eurid', 'icm', 'generic'] as const) expect(handoverNeedsTrade(f)).toBe(false);
  });

  it('withholds the code from a handover until a later trade has run', () => {
    const t1 = new Date('2026-11-20T00:00:00Z');
    const t2 = new Date('2026-11-21T00:00:00Z');
    expect(codeWithheldAfterHandover({ family: 'gr', lastHandoverAt: null, lastTradeAt: null })).toBe(false);
    expect(codeWithheldAfterHandover({ family: 'gr', lastHandoverAt: t1, lastTradeAt: null })).toBe(true);
    expect(codeWithheldAfterHandover({ family: 'gr', lastHandoverAt: t2, lastTradeAt: t1 })).toBe(true);
    expect(codeWithheldAfterHandover({ family: 'gr', lastHandoverAt: t1, lastTradeAt: t2 })).toBe(false);
    expect(codeWithheldAfterHandover({ family: 'gr', lastHandoverAt: t1, lastTradeAt: t1 })).toBe(true);
    expect(codeWithheldAfterHandover({ family: 'generic', lastHandoverAt: t1, lastTradeAt: null })).toBe(false);
  });
});

describe("the recipient's contacts for the roles", () => {
  const base = { kind: 'individual' as const, firstName: 'Άννα', lastName: 'Κ', firstNameInt: null, lastNameInt: null, organisation: null, email: 'a@example.gr', phone: '+30.2101234567', address: 'Οδός 1', city: 'Αθήνα', postcode: '10431', countryIso2: 'GR' };
  const mine = [{ ...base, id: 1 }, { ...base, id: 2 }, { ...base, id: 3, address: '' }];
  const roles = ['registrant', 'admin', 'tech', 'billing'];

  it('needs a registrant; an empty role goes to the registrant', () => {
    expect(acceptRolesRefusal({ family: 'gr', registryRoles: roles, chosen: {}, mine })).toMatchObject({ ok: false, field: 'registrant', reason: 'registrant_required', code: ErrorCode.VALIDATION_ERROR });
    expect(acceptRolesRefusal({ family: 'gr', registryRoles: roles, chosen: { registrant: 1, tech: 2 }, mine })).toEqual({ ok: true, roles: { registrant: 1, admin: 1, tech: 2, billing: 1 } });
  });

  it("only the registry's roles", () => {
    expect(acceptRolesRefusal({ family: 'eurid', registryRoles: ['registrant', 'tech'], chosen: { registrant: 1, admin: 2 }, mine })).toEqual({ ok: true, roles: { registrant: 1, tech: 1 } });
  });

  it("refuses another account's contact and one not ready for the registry", () => {
    expect(acceptRolesRefusal({ family: 'gr', registryRoles: roles, chosen: { registrant: 99 }, mine })).toMatchObject({ ok: false, field: 'registrant', reason: 'contact_not_ready', code: ErrorCode.CART_ATTRIBUTE_ERROR });
    expect(acceptRolesRefusal({ family: 'gr', registryRoles: roles, chosen: { registrant: 1, admin: 3 }, mine })).toMatchObject({ ok: false, field: 'admin', reason: 'contact_not_ready' });
  });
});
