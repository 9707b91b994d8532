import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../errors';
import type { OfferedLength } from './pricing';
import type { CartItem } from './types';
import { allowedMonths, heldNameAllows, lengthAllowed, productDomainError, updateRefusal, type UpdateContext } from './updates';

const len = (months: number): OfferedLength => ({ months, totalCents: months * 100, baseCents: months * 100, onPromo: false, setupFeeCents: 0 });
const item = (over: Partial<CartItem> = {}): CartItem => ({
  id: 'a', kind: 'hosting', sku: 'sha_wp_enterprise_m', action: null, name: '', asciiName: null, registry: null, lengthMonths: 12,
  parentId: null, relation: null, premiumYearCents: null, rgp: false, expired: false, config: {}, addedAt: 1, ...over,
});
const ctx = (over: Partial<UpdateContext> = {}): UpdateContext => ({ item: item(), parent: null, offered: [len(1), len(12), len(24)], options: [], ssl: null, ...over });
const option = (name: string, value: string) => ({ name, value, label: value, category: 'hardware', monthlyCents: 0, isDefault: false });

describe('cart updates (issue #10 §2)', () => {
  it('takes only a length the item offers', () => {
    expect(updateRefusal(ctx(), { lengthMonths: 24 })).toBeNull();
    expect(updateRefusal(ctx(), { lengthMonths: 9999 })).toEqual({ code: ErrorCode.VALIDATION_ERROR, field: 'length' });
    expect(updateRefusal(ctx(), { lengthMonths: Number.NaN })).toEqual({ code: ErrorCode.VALIDATION_ERROR, field: 'length' });
    fc.assert(fc.property(fc.integer({ min: -100, max: 10_000 }), (m) => {
      expect(updateRefusal(ctx(), { lengthMonths: m }) === null).toBe([1, 12, 24].includes(m));
    }));
  });
  it('a bundle has no length of its own; ID protect only its domain\'s; an RGP restore only its first', () => {
    expect(allowedMonths(ctx({ item: item({ relation: 'bundle', parentId: 'p' }) }))).toEqual([]);
    const domain = item({ id: 'd', kind: 'domain', sku: 'com', lengthMonths: 24 });
    expect(allowedMonths(ctx({ item: item({ sku: 'id_protect', kind: 'addon', parentId: 'd' }), parent: domain }))).toEqual([24]);
    expect(allowedMonths(ctx({ item: item({ kind: 'domain', sku: 'gr', rgp: true }) }))).toEqual([1]);
  });
  it('knows a stored length that is not allowed', () => {
    expect(lengthAllowed(ctx({ item: item({ lengthMonths: 9999 }) }))).toBe(false);
    expect(lengthAllowed(ctx())).toBe(true);
  });
  it('refuses options not offered (35006, per option), unknown attributes (35007), extensions of another registry (35024)', () => {
    const vps = ctx({ options: [option('ram', '4'), option('ram', '8')] });
    expect(updateRefusal(vps, { config: { options: { ram: '8' } } })).toBeNull();
    expect(updateRefusal(vps, { config: { options: { ram: '64' } } })).toEqual({ code: ErrorCode.CART_OPTION_ERROR, field: 'ram' });
    expect(updateRefusal(ctx(), { config: { options: { ram: '4' } } })).toEqual({ code: ErrorCode.CART_OPTION_ERROR, field: 'options' });
    expect(updateRefusal(ctx(), { config: { contacts: {} } as never })).toEqual({ code: ErrorCode.CART_ATTRIBUTE_ERROR, field: 'contacts' });
    expect(updateRefusal(ctx(), { config: { domain: 'no spaces allowed.gr' } })).toEqual({ code: ErrorCode.CART_ATTRIBUTE_ERROR, field: 'domain' });
    expect(updateRefusal(ctx(), { config: { domain: 'shop.gr' } })).toBeNull();
    const gr = ctx({ item: item({ kind: 'domain', sku: 'gr' }) });
    expect(updateRefusal(gr, { config: { xxx: { resolve: false } } })).toEqual({ code: ErrorCode.CART_EXTENSION_ERROR, field: 'xxx' });
    expect(updateRefusal(ctx({ item: item({ kind: 'domain', sku: 'xxx' }) }), { config: { xxx: { resolve: false } } })).toBeNull();
    expect(updateRefusal(gr, { config: { domain: 'x.gr' } })).toEqual({ code: ErrorCode.CART_ATTRIBUTE_ERROR, field: 'domain' });
    expect(updateRefusal(gr, { config: { agree: true, nameservers: { mode: 'none' } } })).toBeNull();
  });
  it('takes an SSL quantity only from the select\'s steps', () => {
    const ssl = ctx({ item: item({ kind: 'ssl', sku: 'ssl_dv_multi' }), ssl: { vendor_settings: { minimum: 0, maximum: 20, domains_per_pack: 5 } } });
    expect(updateRefusal(ssl, { config: { quantity: 10 } })).toBeNull();
    expect(updateRefusal(ssl, { config: { quantity: 7 } })).toEqual({ code: ErrorCode.VALIDATION_ERROR, field: 'quantity' });
    expect(updateRefusal(ssl, { config: { quantity: 25 } })).toEqual({ code: ErrorCode.VALIDATION_ERROR, field: 'quantity' });
    expect(updateRefusal(ctx(), { config: { quantity: 5 } })).toEqual({ code: ErrorCode.VALIDATION_ERROR, field: 'quantity' });
  });
  it('takes SSL extra domain names only within the paid count, real, not the main name again; only on a certificate (issue #20 §2)', () => {
    const settings = { vendor_settings: { minimum: 0, maximum: 20, domains_per_pack: 1 } };
    const ssl = ctx({ item: item({ kind: 'ssl', sku: 'ssl_dv_multi', config: { domain: 'example.gr', quantity: 2 } }), ssl: settings });
    expect(updateRefusal(ssl, { config: { sans: ['a.gr', 'b.gr'], approvers: { 'example.gr': 'admin@example.gr' } } })).toBeNull();
    expect(updateRefusal(ssl, { config: { sans: ['a.gr', 'b.gr', 'c.gr'] } })).toEqual({ code: ErrorCode.CART_ATTRIBUTE_ERROR, field: 'san_3' });
    expect(updateRefusal(ssl, { config: { sans: ['a.gr', 'Example.gr'] } })).toEqual({ code: ErrorCode.CART_ATTRIBUTE_ERROR, field: 'san_2' });
    expect(updateRefusal(ssl, { config: { sans: ['*.a.gr'] } })).toEqual({ code: ErrorCode.CART_ATTRIBUTE_ERROR, field: 'san_1' });
    expect(updateRefusal(ssl, { config: { sans: [''] } })).toEqual({ code: ErrorCode.CART_ATTRIBUTE_ERROR, field: 'san_1' });
    expect(updateRefusal(ssl, { config: { approvers: ['x'] as never } })).toEqual({ code: ErrorCode.CART_ATTRIBUTE_ERROR, field: 'approvers' });
    expect(updateRefusal(ctx(), { config: { sans: ['a.gr'] } })).toEqual({ code: ErrorCode.CART_ATTRIBUTE_ERROR, field: 'sans' });
    expect(updateRefusal(ctx(), { config: { approvers: {} } })).toEqual({ code: ErrorCode.CART_ATTRIBUTE_ERROR, field: 'approvers' });
  });
});

describe('cart updates at their edges (mutation testing, decision 058)', () => {
  const idProtect = (lengthMonths: number) => item({ sku: 'id_protect', kind: 'addon', parentId: 'd', lengthMonths });
  const domain = item({ id: 'd', kind: 'domain', sku: 'com', lengthMonths: 24 });
  const cert = (wildcard: boolean, config: CartItem['config'] = {}) =>
    ctx({ item: item({ kind: 'ssl', sku: wildcard ? 'ssl_dv_wildcard' : 'ssl_dv_multi', config }), ssl: { wildcard, vendor_settings: { minimum: 0, maximum: 20, domains_per_pack: 1 } } });

  it('checks an ID protect\'s stored length against its domain\'s, and does not fail without a parent', () => {
    expect(lengthAllowed(ctx({ item: idProtect(24), parent: domain }))).toBe(true);
    expect(lengthAllowed(ctx({ item: idProtect(12), parent: domain }))).toBe(false);
    expect(lengthAllowed(ctx({ item: idProtect(12), parent: null }))).toBe(true);
    expect(allowedMonths(ctx({ item: idProtect(12), parent: null }))).toEqual([1, 12, 24]);
  });

  it('takes a product\'s domain only as text', () => {
    expect(updateRefusal(ctx(), { config: { domain: 42 as never } })).toEqual({ code: ErrorCode.CART_ATTRIBUTE_ERROR, field: 'domain' });
  });

  it('takes a "*." domain only for a wildcard certificate, and a bare name for either', () => {
    expect(updateRefusal(cert(true), { config: { domain: '*.shop.gr' } })).toBeNull();
    expect(updateRefusal(cert(false), { config: { domain: '*.shop.gr' } })).toEqual({ code: ErrorCode.CART_ATTRIBUTE_ERROR, field: 'domain' });
    expect(updateRefusal(cert(true), { config: { domain: 'xy.com' } })).toBeNull();
    expect(productDomainError('xy.com', true)).toBe(false);
  });

  it('takes server options only on hosting, and only a value offered for that very option', () => {
    const options = [option('ram', '4'), option('disk', '8')];
    expect(updateRefusal(ctx({ item: item({ kind: 'ssl', sku: 'ssl_dv' }), options }), { config: { options: { ram: '4' } } })).toEqual({ code: ErrorCode.CART_OPTION_ERROR, field: 'options' });
    expect(updateRefusal(ctx({ options }), { config: { options: { ram: '8' } } })).toEqual({ code: ErrorCode.CART_OPTION_ERROR, field: 'ram' });
    expect(updateRefusal(ctx({ options }), { config: { options: { ram: '4', disk: '8' } } })).toBeNull();
  });

  it('takes no options on a renewal or plan change of a service the customer has (issue #32 §1)', () => {
    const options = [option('ram', '4'), option('disk', '8')];
    const renewal = item({ action: null, config: { renewsService: 7, options: { ram: '4' } } });
    const change = item({ config: { planChange: { serviceId: 7, fromSku: 'a', periodStartMs: 0, periodEndMs: 1, months: 12 } } });
    expect(updateRefusal(ctx({ item: renewal, options }), { config: { options: { ram: '4' } } })).toEqual({ code: ErrorCode.SERVICE_LINE_OPTIONS_FIXED, field: 'options' });
    expect(updateRefusal(ctx({ item: change, options }), { config: { options: {} } })).toEqual({ code: ErrorCode.SERVICE_LINE_OPTIONS_FIXED, field: 'options' });
    // Its length is still the customer's to choose.
    expect(updateRefusal(ctx({ item: renewal, options }), { lengthMonths: 24 })).toBeNull();
  });

  it('takes a quantity of 0 on anything, and more only on a certificate with steps', () => {
    expect(updateRefusal(ctx(), { config: { quantity: 0 } })).toBeNull();
    expect(updateRefusal(ctx({ item: item({ kind: 'ssl', sku: 'ssl_dv' }), ssl: null }), { config: { quantity: 0 } })).toBeNull();
    const steps = { vendor_settings: { minimum: 0, maximum: 20, domains_per_pack: 5 } };
    expect(updateRefusal(ctx({ ssl: steps }), { config: { quantity: 5 } })).toEqual({ code: ErrorCode.VALIDATION_ERROR, field: 'quantity' });
  });

  it('takes SAN names only as a list of text, only on a certificate with settings', () => {
    expect(updateRefusal(cert(false, { domain: 'example.gr', quantity: 2 }), { config: { sans: ['a.gr', 5 as never] } })).toEqual({ code: ErrorCode.CART_ATTRIBUTE_ERROR, field: 'sans' });
    expect(updateRefusal(ctx({ item: item({ kind: 'ssl', sku: 'ssl_dv_multi' }), ssl: null }), { config: { sans: ['a.gr'] } })).toEqual({ code: ErrorCode.CART_ATTRIBUTE_ERROR, field: 'sans' });
    expect(updateRefusal(ctx({ ssl: { vendor_settings: { maximum: 5 } } }), { config: { sans: ['a.gr'] } })).toEqual({ code: ErrorCode.CART_ATTRIBUTE_ERROR, field: 'sans' });
  });

  it('takes a wildcard SAN on a wildcard certificate only', () => {
    expect(updateRefusal(cert(true, { domain: 'example.gr', quantity: 1 }), { config: { sans: ['*.a.gr'] } })).toBeNull();
    expect(updateRefusal(cert(false, { domain: 'example.gr', quantity: 1 }), { config: { sans: ['*.a.gr'] } })).toEqual({ code: ErrorCode.CART_ATTRIBUTE_ERROR, field: 'san_1' });
  });

  it('takes approvers only as a map of names to addresses of at most 254 characters, only on a certificate', () => {
    const c = cert(false, { domain: 'example.gr' });
    const refused = { code: ErrorCode.CART_ATTRIBUTE_ERROR, field: 'approvers' };
    expect(updateRefusal(c, { config: { approvers: 'admin@example.gr' as never } })).toEqual(refused);
    expect(updateRefusal(c, { config: { approvers: null as never } })).toEqual(refused);
    expect(updateRefusal(c, { config: { approvers: { 'example.gr': 'admin@example.gr', 'a.gr': 5 as never } } })).toEqual(refused);
    expect(updateRefusal(c, { config: { approvers: { 'example.gr': ['admin@example.gr'] as never } } })).toEqual(refused);
    const at254 = `${'a'.repeat(243)}@example.gr`;
    expect(at254).toHaveLength(254);
    expect(updateRefusal(c, { config: { approvers: { 'example.gr': at254 } } })).toBeNull();
    expect(updateRefusal(c, { config: { approvers: { 'example.gr': `a${at254}` } } })).toEqual(refused);
  });
});

describe('heldNameAllows', () => {
  it('restores only a name in redemption, and never renews or trades one (the RGP fee would be skipped)', () => {
    expect(heldNameAllows('rgp_restore', 'redemption')).toBe(true);
    expect(heldNameAllows('renew', 'redemption')).toBe(false);
    expect(heldNameAllows('trade', 'redemption')).toBe(false);
    expect(heldNameAllows('rgp_restore', 'active')).toBe(false);
    expect(heldNameAllows('renew', 'active')).toBe(true);
    expect(heldNameAllows('renew', 'expired')).toBe(true);
    expect(heldNameAllows('renew', 'cancelled')).toBe(false);
  });
});
