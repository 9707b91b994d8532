import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../errors';
import {
  actionRefusal, authCodePolicy, bulkNames, BULK_MAX, daysLeft, idProtectPaid, idProtectPolicy, likePattern, listSearch, pageWindow, previewsOf,
  readListQuery, renewalAction, expiryStanding, defaultSort,
} from './portal';

const now = new Date('2026-11-24T12:00:00Z');
const day = 24 * 60 * 60_000;
const at = (days: number) => new Date(now.getTime() + days * day);

describe('the list query', () => {
  it('reads the GET form and falls back to the defaults for anything unknown', () => {
    expect(readListQuery(new URLSearchParams('q= Kafe &view=expiring&sort=expiry&dir=desc&page=3'))).toEqual({ q: 'kafe', view: 'expiring', sort: 'expiry', dir: 'desc', page: 3 });
    expect(readListQuery(new URLSearchParams('view=bogus&sort=price&dir=up&page=-2'))).toEqual({ q: '', view: 'all', sort: 'name', dir: 'asc', page: 1 });
    expect(readListQuery(new URLSearchParams('page=abc')).page).toBe(1);
  });

  it('opens the expiring and expired previews soonest first, the others by name', () => {
    expect(readListQuery(new URLSearchParams('view=expiring')).sort).toBe('expiry');
    expect(readListQuery(new URLSearchParams('view=expired')).sort).toBe('expiry');
    expect(readListQuery(new URLSearchParams('view=registered')).sort).toBe('name');
    // A sort the visitor chose still wins, and a link keeps it.
    const byName = readListQuery(new URLSearchParams('view=expiring&sort=name'));
    expect(byName.sort).toBe('name');
    expect(listSearch(byName)).toBe('?view=expiring&sort=name');
    expect(listSearch(readListQuery(new URLSearchParams('view=expiring')))).toBe('?view=expiring');
    expect(defaultSort('all')).toBe('name');
  });

  it('writes links without the defaults', () => {
    const q = readListQuery(new URLSearchParams('q=kafe&sort=expiry'));
    expect(listSearch(q, { page: 2 })).toBe('?q=kafe&sort=expiry&page=2');
    expect(listSearch(readListQuery(new URLSearchParams()))).toBe('');
  });

  it('pages by 50 and shows the last page for a page past the end', () => {
    expect(pageWindow(1, 2000)).toEqual({ page: 1, limit: 50, offset: 0 });
    expect(pageWindow(40, 2000)).toEqual({ page: 40, limit: 50, offset: 1950 });
    expect(pageWindow(99, 2000).page).toBe(40);
    expect(pageWindow(5, 0)).toEqual({ page: 1, limit: 50, offset: 0 });
  });

  it("escapes the customer's LIKE wildcards", () => {
    expect(likePattern('a_b%c')).toBe('%a\\_b\\%c%');
  });
});

describe('previews', () => {
  it('puts a name in registered, expiring soon (≤ 30 days) or expired (grace or redemption)', () => {
    expect(previewsOf({ status: 'active', expiresAt: at(200) }, now)).toEqual(['all', 'registered']);
    expect(previewsOf({ status: 'active', expiresAt: at(30) }, now)).toEqual(['all', 'registered', 'expiring']);
    expect(previewsOf({ status: 'active', expiresAt: at(31) }, now)).toEqual(['all', 'registered']);
    expect(previewsOf({ status: 'expired', expiresAt: at(-10) }, now)).toEqual(['all', 'expired']);
    expect(previewsOf({ status: 'redemption', expiresAt: at(-50) }, now)).toEqual(['all', 'expired']);
    expect(previewsOf({ status: 'transfer_pending', expiresAt: at(100) }, now)).toEqual(['all']);
  });

  it('counts days left, negative once past', () => {
    expect(daysLeft(at(30), now)).toBe(30);
    expect(daysLeft(at(-3), now)).toBe(-3);
  });
});

describe('registry family policies', () => {
  it('sells ID protect for gTLDs and .xxx and calls it not applicable for .gr and .eu', () => {
    expect(idProtectPolicy('generic').kind).toBe('paid_addon');
    expect(idProtectPolicy('icm').kind).toBe('paid_addon');
    expect(idProtectPolicy('gr')).toEqual({ kind: 'not_applicable', reason: 'registry_hides_individuals' });
    expect(idProtectPolicy('eurid').kind).toBe('not_applicable');
  });

  it('counts ID protect as paid only until its date', () => {
    expect(idProtectPaid(null, now)).toBe(false);
    expect(idProtectPaid(at(-1), now)).toBe(false);
    expect(idProtectPaid(at(1), now)).toBe(true);
  });

  it('has the .gr registry e-mail the code and the others show it', () => {
    expect(authCodePolicy('gr')).toBe('send_to_registrant');
    expect(authCodePolicy('generic')).toBe('show');
    expect(authCodePolicy('eurid')).toBe('show');
  });
});

describe('what a name can take', () => {
  const com = { status: 'active' as const, registry: 'generic' as const, locked: false, idProtect: false, idProtectUntil: null };

  it('renews active and grace names, restores redemption ones, refuses the rest', () => {
    expect(actionRefusal('renew', com, now)).toBeNull();
    expect(actionRefusal('renew', { ...com, status: 'redemption' }, now)).toBeNull();
    expect(actionRefusal('renew', { ...com, status: 'transfer_pending' }, now)?.code).toBe(ErrorCode.ACTION_NOT_ALLOWED);
    expect(renewalAction('redemption')).toBe('rgp_restore');
    expect(renewalAction('expired')).toBe('renew');
  });

  it('locks only a name in force, and answers no change when it is already so', () => {
    expect(actionRefusal('lock', com, now)).toBeNull();
    expect(actionRefusal('lock', { ...com, status: 'redemption' }, now)).toEqual({ code: ErrorCode.ACTION_NOT_ALLOWED, reason: 'status_redemption' });
    expect(actionRefusal('lock', { ...com, locked: true }, now)?.code).toBe(ErrorCode.NO_CHANGE);
    expect(actionRefusal('unlock', com, now)?.code).toBe(ErrorCode.NO_CHANGE);
  });

  it('keeps auto-renew for names that can still be renewed', () => {
    expect(actionRefusal('auto_renew_off', { ...com, status: 'expired' }, now)).toBeNull();
    expect(actionRefusal('auto_renew_on', { ...com, status: 'redemption' }, now)?.reason).toBe('status_redemption');
  });

  it('shows a code only with the lock off; .gr sends it whatever the lock', () => {
    expect(actionRefusal('auth_code', { ...com, locked: true }, now)?.reason).toBe('locked');
    expect(actionRefusal('auth_code', com, now)).toBeNull();
    expect(actionRefusal('auth_code', { ...com, registry: 'gr', locked: true }, now)).toBeNull();
  });

  it('turns ID protect on only when paid, offers to buy it when not, and never for .gr', () => {
    expect(actionRefusal('id_protect_on', com, now)?.reason).toBe('not_paid');
    expect(actionRefusal('buy_id_protect', com, now)).toBeNull();
    const paid = { ...com, idProtectUntil: at(100) };
    expect(actionRefusal('id_protect_on', paid, now)).toBeNull();
    expect(actionRefusal('buy_id_protect', paid, now)?.code).toBe(ErrorCode.NO_CHANGE);
    expect(actionRefusal('id_protect_off', { ...paid, idProtect: true }, now)).toBeNull();
    expect(actionRefusal('id_protect_on', { ...paid, registry: 'gr' }, now)?.reason).toBe('not_applicable');
    expect(actionRefusal('buy_id_protect', { ...com, registry: 'eurid' }, now)?.reason).toBe('not_applicable');
  });
});

describe('bulk requests', () => {
  it('takes each name once and refuses an empty or oversized list', () => {
    expect(bulkNames([' A.gr', 'a.gr', 'b.com', ''])).toEqual({ ok: true, names: ['a.gr', 'b.com'] });
    expect(bulkNames([])).toEqual({ ok: false, code: ErrorCode.VALIDATION_ERROR });
    expect(bulkNames(Array.from({ length: BULK_MAX + 1 }, (_, i) => `n${i}.gr`)).ok).toBe(false);
  });
});

describe('where a name stands against its expiry', () => {
  it('marks the redemption, the grace and the names expiring within 30 days', () => {
    expect(expiryStanding({ status: 'redemption', expiresAt: at(-40) }, now)).toBe('redemption');
    expect(expiryStanding({ status: 'expired', expiresAt: at(-3) }, now)).toBe('grace');
    // An active row past its date: the registry's grace has begun before our row caught up.
    expect(expiryStanding({ status: 'active', expiresAt: at(-1) }, now)).toBe('grace');
    expect(expiryStanding({ status: 'active', expiresAt: now }, now)).toBe('grace');
    expect(expiryStanding({ status: 'active', expiresAt: at(1) }, now)).toBe('soon');
    expect(expiryStanding({ status: 'active', expiresAt: at(30) }, now)).toBe('soon');
    expect(expiryStanding({ status: 'active', expiresAt: new Date(at(30).getTime() + 1) }, now)).toBe('ok');
  });

  it('has no marker while a registration or a transfer runs, or for a cancelled name', () => {
    for (const status of ['pending', 'transfer_pending', 'cancelled'] as const) expect(expiryStanding({ status, expiresAt: at(5) }, now)).toBeNull();
  });
});
