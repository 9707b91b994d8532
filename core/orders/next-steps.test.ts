import { describe, expect, it } from 'vitest';
import { nextStepOf, type NextStepItem } from './next-steps';

const base: NextStepItem = { kind: 'domain', action: 'register', status: 'completed', name: 'παράδειγμα.gr', asciiName: 'xn--hxajbheg2az3al.gr', parentPosition: null, result: { status: 'active' } };

describe('what comes next for an order item (issue #25 §6)', () => {
  it('a registered, transferred or renewed name: manage it on its own page, by its ASCII name', () => {
    expect(nextStepOf(base)).toEqual({ key: 'manage_domain', href: '/account/domains/xn--hxajbheg2az3al.gr' });
    expect(nextStepOf({ ...base, action: 'renew', asciiName: null, name: 'shop.gr' })).toEqual({ key: 'manage_domain', href: '/account/domains/shop.gr' });
    expect(nextStepOf({ ...base, action: 'transfer', result: { status: 'transfer_pending' } })).toEqual({ key: 'transfer_pending', href: '/account/domains/xn--hxajbheg2az3al.gr' });
  });

  it('a hosting plan: set it up on its service page, or the services list while its id is unknown', () => {
    expect(nextStepOf({ ...base, kind: 'hosting', name: 'Linux Basic', serviceId: 7 })).toEqual({ key: 'setup_hosting', href: '/account/hosting/7' });
    expect(nextStepOf({ ...base, kind: 'hosting', name: 'Linux Basic' })).toEqual({ key: 'setup_hosting', href: '/account/hosting' });
  });

  it('a certificate: approve its enrolment from the approver e-mail; the page of the name it protects', () => {
    expect(nextStepOf({ ...base, kind: 'ssl', name: 'PositiveSSL', asciiName: null, sslDomain: 'shop.gr' })).toEqual({ key: 'enrol_certificate', href: '/account/domains/shop.gr' });
    expect(nextStepOf({ ...base, kind: 'ssl', name: 'PositiveSSL', asciiName: null })).toEqual({ key: 'enrol_certificate', href: '/ssl' });
  });

  it('nothing yet for an item not carried out (its state says why), nor for an add-on under its parent', () => {
    for (const status of ['pending', 'processing', 'failed', 'refunded']) expect(nextStepOf({ ...base, status })).toBeNull();
    expect(nextStepOf({ ...base, parentPosition: 1, kind: 'addon' })).toBeNull();
  });
});
