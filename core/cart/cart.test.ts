import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../errors';
import { checkParent, duplicateOf, mergeCarts, removalSet, summaryOrder, visibleCount } from './composition';
import { crossSellDomain, crossSellsFor, DOMAIN_CROSS_SELLS } from './cross-sells';
import { configSections, domainConfigStatus } from './domain-config';
import { allowedLengths, cartTotals, priceLine, type OfferedLength } from './pricing';
import type { CartItem } from './types';

let seq = 0;
function item(over: Partial<CartItem> = {}): CartItem {
  seq += 1;
  return {
    id: `i${seq}`,
    kind: 'domain',
    sku: 'gr',
    action: 'register',
    name: `name${seq}.gr`,
    asciiName: `name${seq}.gr`,
    registry: 'gr',
    lengthMonths: 24,
    parentId: null,
    relation: null,
    premiumYearCents: null,
    rgp: false,
    expired: false,
    config: {},
    addedAt: seq,
    ...over,
  };
}

const len = (months: number, totalCents: number, over: Partial<OfferedLength> = {}): OfferedLength => ({ months, totalCents, baseCents: totalCents, onPromo: false, setupFeeCents: 0, ...over });
const GR = [len(24, 1600), len(48, 3200), len(72, 4800)];

describe('cart pricing', () => {
  it('prices the chosen length, or the first allowed one when the chosen is not offered', () => {
    expect(priceLine(item({ lengthMonths: 48 }), GR)!.totalCents).toBe(3200);
    expect(priceLine(item({ lengthMonths: 12 }), GR)!.selected.months).toBe(24);
  });

  it('shows each length per interval, promo and base', () => {
    const p = priceLine(item(), [len(24, 1200, { baseCents: 1600, onPromo: true }), len(48, 3200)])!;
    expect(p.lengths[0]).toMatchObject({ perIntervalCents: 600, basePerIntervalCents: 800, onPromo: true });
    expect(p.promotion).toEqual({ exists: true, active: true });
  });

  it('restores an RGP domain for its first length only, with the RGP setup fee', () => {
    const p = priceLine(item({ rgp: true, action: 'rgp_restore', lengthMonths: 48 }), [len(24, 1600, { setupFeeCents: 2500 }), len(48, 3200, { setupFeeCents: 2500 })])!;
    expect(p.lengths).toHaveLength(1);
    expect(p.totalCents).toBe(1600 + 2500);
  });

  it('fixes ID protect to its domain length and sha_*_pro to one month', () => {
    const offered = [len(12, 600), len(24, 1200), len(36, 1800)];
    expect(allowedLengths({ sku: 'id_protect', rgp: false, premiumYearCents: null, kind: 'addon' }, offered, 24).map((l) => l.months)).toEqual([24]);
    expect(allowedLengths({ sku: 'sha_lin_pro', rgp: false, premiumYearCents: null, kind: 'hosting' }, [len(1, 599), len(12, 5000)]).map((l) => l.months)).toEqual([1]);
  });

  it('keeps every length of a child that is not ID protect, even when its parent\'s length is known', () => {
    const offered = [len(12, 600), len(24, 1200)];
    // The cart view passes the parent's length for every child (an SSL installation under its certificate).
    expect(allowedLengths({ sku: 'ssl_install_basic', rgp: false, premiumYearCents: null, kind: 'addon' }, offered, 24).map((l) => l.months)).toEqual([12, 24]);
    // ID protect with no parent known is not cut to nothing.
    expect(allowedLengths({ sku: 'id_protect', rgp: false, premiumYearCents: null, kind: 'addon' }, offered).map((l) => l.months)).toEqual([12, 24]);
  });

  it('has no price for an item with no allowed length', () => {
    expect(priceLine(item(), [])).toBeNull();
    expect(priceLine(item({ sku: 'sha_win_pro', kind: 'hosting' }), [len(12, 5000)])).toBeNull();
  });

  it('never shows a premium name as on promotion, and applies a premium quote to domains only', () => {
    const p = priceLine(item({ sku: 'com', premiumYearCents: 250_000, lengthMonths: 12 }), [len(12, 990, { baseCents: 1090, onPromo: true })])!;
    expect(p.selected).toMatchObject({ totalCents: 250_000, baseCents: 250_000, onPromo: false });
    expect(p.promotion.active).toBe(false);
    const hosting = priceLine(item({ kind: 'hosting', sku: 'web_basic', premiumYearCents: 250_000, lengthMonths: 12 }), [len(12, 4800)])!;
    expect(hosting.totalCents).toBe(4800);
  });

  it('prices a premium name at the registry quote per year', () => {
    const p = priceLine(item({ sku: 'com', premiumYearCents: 250_000, lengthMonths: 24 }), [len(12, 1090), len(24, 2180)])!;
    expect(p.totalCents).toBe(500_000);
  });

  it('computes VAT per line (the totals are sums of the lines), and none for reverse charge', () => {
    expect(cartTotals([1000, 1595], 2400)).toEqual({ subTotalCents: 2595, discountCents: 0, vatCents: 623, grandTotalCents: 3218, vatRateBp: 2400, lineGrossCents: [1240, 1978] });
    expect(cartTotals([990, 299], 2400)).toMatchObject({ vatCents: 310, grandTotalCents: 1599, lineGrossCents: [1228, 371] });
    expect(cartTotals([1000], 2400, true)).toEqual({ subTotalCents: 1000, discountCents: 0, vatCents: 0, grandTotalCents: 1000, vatRateBp: 0, lineGrossCents: [1000] });
  });

  it('never prices below zero and always picks an allowed length (property)', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 120 }), { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 1, max: 120 }),
        fc.integer({ min: 0, max: 100_000 }),
        (months, wanted, cents) => {
          const offered = months.map((m) => len(m, cents * m));
          const p = priceLine(item({ kind: 'hosting', sku: 'x', lengthMonths: wanted }), offered)!;
          expect(months).toContain(p.selected.months);
          expect(p.totalCents).toBeGreaterThanOrEqual(0);
          if (months.includes(wanted)) expect(p.selected.months).toBe(wanted);
        },
      ),
    );
  });

  it('grand total = sub total + VAT, VAT never negative (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 1_000_000 }), { maxLength: 30 }), fc.integer({ min: 0, max: 2700 }), (lines, rate) => {
        const t = cartTotals(lines, rate);
        expect(t.grandTotalCents).toBe(t.subTotalCents + t.vatCents);
        expect(t.vatCents).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});

describe('cart composition', () => {
  it('refuses the same domain twice (35008) and the same child twice under a parent (35004)', () => {
    const d = item({ asciiName: 'kafe.gr' });
    const idp = item({ kind: 'addon', sku: 'id_protect', parentId: d.id, asciiName: null });
    expect(duplicateOf([d], { ...item({ asciiName: 'kafe.gr', action: 'transfer' }) })?.code).toBe(ErrorCode.DOMAIN_ALREADY_IN_CART);
    expect(duplicateOf([d, idp], { ...idp })?.code).toBe(ErrorCode.ITEM_ALREADY_IN_CART);
    expect(duplicateOf([d], item({ asciiName: 'kafe.com' }))).toBeNull();
  });

  it('checks parents: missing (35009), grandchildren and ID protect for expired domains (35010)', () => {
    const d = item();
    const child = item({ kind: 'addon', sku: 'id_protect', parentId: d.id });
    expect(checkParent([d], item({ parentId: 'gone' }))).toBe(ErrorCode.PARENT_CHILD_DOES_NOT_EXIST);
    expect(checkParent([d, child], item({ kind: 'addon', sku: 'x', parentId: child.id }))).toBe(ErrorCode.ITEM_CANT_BE_CHILD);
    expect(checkParent([item({ id: 'old', expired: true })], item({ kind: 'addon', sku: 'id_protect', parentId: 'old' }))).toBe(ErrorCode.ITEM_CANT_BE_CHILD);
    expect(checkParent([d], child)).toBeNull();
  });

  it('takes maintenance away with the installation it maintains, not with another item', () => {
    const cert = item({ id: 'cert', kind: 'ssl', sku: 'ssl_dv_basic', action: null });
    const install = item({ id: 'inst', kind: 'ssl_installation', sku: 'ssl_install_basic', action: null, parentId: 'cert' });
    const care = item({ id: 'care', kind: 'addon', sku: 'ssl_maintenance_basic', action: null, parentId: 'cert' });
    expect(removalSet([cert, install, care], 'inst').sort()).toEqual(['care', 'inst']);
    expect(removalSet([cert, install, care], 'care')).toEqual(['care']);
    expect(removalSet([cert, install, care], 'cert').sort()).toEqual(['care', 'cert', 'inst']);
  });

  it('accepts a cross-sell only under a name being registered or transferred, and only one it offers', () => {
    const d = item({ id: 'reg' });
    const renew = item({ id: 'ren', action: 'renew' });
    const hosting = item({ id: 'host', kind: 'hosting', sku: 'sha_lin_start', action: null, registry: null });
    const cross = (parentId: string, sku = 'ssl_dv_basic') => item({ kind: 'ssl', sku, action: null, parentId, relation: 'cross_sell' });
    expect(checkParent([d], cross('reg'))).toBeNull();
    expect(checkParent([d], cross('reg', 'sha_lin_start'))).toBeNull();
    expect(checkParent([d], cross('reg', 'ssl_ev'))).toBe(ErrorCode.ITEM_CANT_BE_CHILD);
    expect(checkParent([renew], cross('ren'))).toBe(ErrorCode.ITEM_CANT_BE_CHILD);
    expect(checkParent([hosting], cross('host'))).toBe(ErrorCode.ITEM_CANT_BE_CHILD);
    expect(crossSellsFor(item({ action: 'transfer' }))).toEqual(DOMAIN_CROSS_SELLS);
    expect(crossSellsFor(item({ expired: true }))).toEqual([]);
    expect(crossSellDomain(item({ name: 'καφενείο.gr', asciiName: 'xn--mxahbxey0c.gr' }))).toBe('xn--mxahbxey0c.gr');
  });

  it('removes children with their parent, and only them (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(5), { minLength: 1, maxLength: 12 }), (shape) => {
        const items: CartItem[] = [];
        shape.forEach((p, i) => items.push(item({ id: `n${i}`, parentId: i > 0 && p < i && !items[p]!.parentId ? `n${p}` : null })));
        const target = items[0]!.id;
        const gone = new Set(removalSet(items, target));
        expect(gone.has(target)).toBe(true);
        for (const i of items) {
          if (i.parentId === target) expect(gone.has(i.id)).toBe(true);
          if (i.id !== target && i.parentId !== target) expect(gone.has(i.id)).toBe(false);
        }
      }),
    );
  });

  it('orders the summary domains → hosting → ssl → installation, children under parents', () => {
    const h = item({ kind: 'hosting', sku: 'sha_lin_start', addedAt: 1 });
    const d = item({ addedAt: 2 });
    const idp = item({ kind: 'addon', sku: 'id_protect', parentId: d.id, addedAt: 3 });
    const s = item({ kind: 'ssl', sku: 'ssl_dv', addedAt: 0 });
    expect(summaryOrder([h, s, idp, d]).map((i) => i.id)).toEqual([d.id, idp.id, h.id, s.id]);
    expect(visibleCount([h, d, idp, item({ relation: 'bundle', parentId: h.id })])).toBe(3);
  });

  it('merges a guest cart without duplicates; a child of a duplicate moves to the user item', () => {
    const mine = item({ asciiName: 'kafe.gr' });
    const guestSame = item({ asciiName: 'kafe.gr' });
    const guestIdp = item({ kind: 'addon', sku: 'id_protect', parentId: guestSame.id, asciiName: null });
    const guestNew = item({ asciiName: 'new.gr' });
    const { add, skipped } = mergeCarts([mine], [guestSame, guestIdp, guestNew]);
    expect(skipped.map((s) => s.id)).toEqual([guestSame.id]);
    expect(add.map((a) => a.id).sort()).toEqual([guestIdp.id, guestNew.id].sort());
    expect(add.find((a) => a.id === guestIdp.id)!.parentId).toBe(mine.id);
    // Merging twice adds nothing the second time.
    expect(mergeCarts([mine, ...add], [guestSame, guestIdp, guestNew]).add).toEqual([]);
  });
});

describe('domain configuration', () => {
  const rules = { requiredRoles: ['registrant', 'admin', 'tech'], nameserversMin: 2, nameserversMax: 4 };

  it('drops sections per action (spec §4)', () => {
    expect(configSections({ action: 'renew', sku: 'gr' })).toMatchObject({ contacts: false, nameservers: false });
    expect(configSections({ action: 'trade', sku: 'gr' })).toMatchObject({ contacts: false, nameservers: false });
    expect(configSections({ action: 'transfer', sku: 'eu' })).toMatchObject({ contacts: true, nameservers: false });
    expect(configSections({ action: 'transfer_renew', sku: 'gr' })).toMatchObject({ nameservers: false });
    expect(configSections({ action: 'register', sku: 'xxx' })).toMatchObject({ contacts: true, nameservers: true, xxx: true });
  });

  it('is ready when every required role has a contact, nameservers are valid, terms agreed', () => {
    const base = item();
    expect(domainConfigStatus(base, rules)).toMatchObject({ ready: false, contacts: 'missing', missingRoles: ['registrant', 'admin', 'tech'], nameservers: 'missing', agree: false });
    const done = item({ config: { contacts: { registrant: 1, admin: 1, tech: 2 }, nameservers: { mode: 'custom', list: ['ns1.example.gr', 'ns2.example.gr'] }, agree: true } });
    expect(domainConfigStatus(done, rules).ready).toBe(true);
    const few = item({ config: { ...done.config, nameservers: { mode: 'custom', list: ['ns1.example.gr'] } } });
    expect(domainConfigStatus(few, rules).nameservers).toBe('invalid');
    expect(domainConfigStatus(item({ config: { ...done.config, nameservers: { mode: 'none' } } }), rules).ready).toBe(true);
  });

  it('a trade (no contacts section) is ready only with its new registrant and the terms', () => {
    expect(domainConfigStatus(item({ action: 'trade', config: { agree: true } }), rules)).toMatchObject({ ready: false, contacts: 'missing', missingRoles: ['registrant'] });
    expect(domainConfigStatus(item({ action: 'trade', config: { contacts: { registrant: 7 }, agree: true } }), rules).ready).toBe(true);
  });

  it('needs the .xxx token only when the name resolves', () => {
    const x = (xxx: { resolve: boolean; token?: string }) =>
      domainConfigStatus(item({ sku: 'xxx', config: { contacts: { registrant: 1, admin: 1, tech: 1 }, nameservers: { mode: 'none' }, agree: true, xxx } }), rules);
    expect(x({ resolve: true }).xxx).toBe('missing');
    expect(x({ resolve: true, token: 'ABC-123' }).ready).toBe(true);
    expect(x({ resolve: false }).ready).toBe(true);
  });
});
