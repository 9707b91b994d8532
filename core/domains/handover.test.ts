import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../errors';
import { decisionRefusal, matchingEl, effectiveStatus, externalTransferState, HANDOVER_OFFER_DAYS, inspectDomain, inspectOffer, offerExpiry } from './handover';

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
