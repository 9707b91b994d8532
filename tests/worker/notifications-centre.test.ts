// The notification centre (issue #24 §1, decision 073) inside workerd: a reader's list is their own
// notices and the running globals, newest first, 20 a page, filtered by type; the bell's count; mark
// read (one, all); delete one and delete all (spec §4: every notice and the counter), each reader's
// state of a global notice kept apart; 38001 with nothing lost when the change fails.
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../db/client';
import { notifications } from '../../db/schema';
import { createNotificationCentre, createNotifier, NotificationType } from '../../worker/services/notifications';
import { newCustomer } from './customers';

const db = createDb(env.DB);
const HOUR = 3_600_000;
// Each test its own hour far ahead, so one test's global notices are not running in another's.
let slot = 0;
const window = () => Date.UTC(2040, 0, 1) + slot++ * 10 * HOUR;

const centreAt = (ms: number) => createNotificationCentre({ db, env, now: new Date(ms) });
const notifierAt = (ms: number) => createNotifier({ db, env, now: new Date(ms) });

async function personal(userId: number, at: number, key: string, type: NotificationType = NotificationType.SYSTEM) {
  return (await notifierAt(at).notify({ userId, type, messageKey: 'documents.payment_received', params: { document: key }, dedupeKey: `test:${key}:${userId}` }))!;
}

async function global(at: number, key: string, opts: { startsAt?: number; endsAt?: number } = {}) {
  return (await centreAt(at).createGlobal({
    type: NotificationType.SYSTEM,
    tone: 'info',
    displayOnScreen: true,
    title: `Global ${key}`,
    body: null,
    startsAt: new Date(opts.startsAt ?? at),
    endsAt: new Date(opts.endsAt ?? at + HOUR),
    dedupeKey: `test-global:${key}`,
  }))!;
}

describe('notification centre', () => {
  it('lists own notices and running globals newest first, filters by type and pages by 20', async () => {
    const t = window();
    const a = await newCustomer('nc');
    const b = await newCustomer('nc');
    const g = await global(t, `list-${t}`);
    await global(t, `later-${t}`, { startsAt: t + 2 * HOUR, endsAt: t + 3 * HOUR });
    const ids: number[] = [];
    for (let i = 0; i < 24; i++) ids.push(await personal(a.id, t + 60_000 + i, `p${i}-${t}`, i === 0 ? NotificationType.DOMAIN_EXPIRATION : NotificationType.SYSTEM));
    await personal(b.id, t + 60_000, `other-${t}`);
    const at = t + 2 * 60_000;
    const first = await centreAt(at).list(a.id, 'el', { page: 1 });
    expect(first.total).toBe(25);
    expect(first.pages).toBe(2);
    expect(first.items).toHaveLength(20);
    expect(first.items[0]!.id).toBe(ids[23]);
    expect(first.items[0]!.text).toContain(`p23-${t}`);
    const second = await centreAt(at).list(a.id, 'el', { page: 2 });
    expect(second.items.map((i) => i.id)).toEqual([ids[3], ids[2], ids[1], ids[0], g]);
    expect(second.items.at(-1)).toMatchObject({ global: true, text: `Global list-${t}`, read: false });
    const expiring = await centreAt(at).list(a.id, 'el', { type: NotificationType.DOMAIN_EXPIRATION });
    expect(expiring.items.map((i) => i.id)).toEqual([ids[0]]);
    // A page past the end shows the last one.
    expect((await centreAt(at).list(a.id, 'el', { page: 9 })).page).toBe(2);
    expect(await centreAt(at).unreadCount(a.id)).toBe(25);
    expect(await centreAt(at).unreadCount(b.id)).toBe(2);
    // The later global runs later, and an ended one no more.
    expect(await centreAt(t + 2 * HOUR + 1).unreadCount(b.id)).toBe(2);
    expect(await centreAt(t + 4 * HOUR).unreadCount(b.id)).toBe(1);
  });

  it('marks one read, a global only for its reader, and all read', async () => {
    const t = window();
    const a = await newCustomer('nc');
    const b = await newCustomer('nc');
    const g = await global(t, `read-${t}`);
    const p1 = await personal(a.id, t, `r1-${t}`);
    await personal(a.id, t, `r2-${t}`);
    const c = centreAt(t + 1000);
    expect(await c.unreadCount(a.id)).toBe(3);
    expect(await c.markRead(a.id, p1)).toEqual({ ok: true });
    expect(await c.markRead(a.id, g)).toEqual({ ok: true });
    expect(await c.markRead(a.id, g)).toEqual({ ok: true });
    expect(await c.unreadCount(a.id)).toBe(1);
    expect(await c.unreadCount(b.id)).toBe(1);
    // Another's notice is not marked.
    expect(await c.markRead(b.id, p1)).toEqual({ ok: true });
    const list = await c.list(a.id, 'el');
    expect(list.items.filter((i) => i.read).map((i) => i.id).sort()).toEqual([g, p1].sort());
    expect(await c.markAllRead(a.id)).toEqual({ ok: true });
    expect(await c.unreadCount(a.id)).toBe(0);
    expect(await c.unreadCount(b.id)).toBe(1);
  });

  it('deletes one (kept as deleted: its event is never raised again), a global only for its reader, and refuses another’s with 38001', async () => {
    const t = window();
    const a = await newCustomer('nc');
    const b = await newCustomer('nc');
    const g = await global(t, `del-${t}`);
    const p = await personal(a.id, t, `d1-${t}`);
    const c = centreAt(t + 1000);
    expect(await c.remove(b.id, p)).toEqual({ ok: false, code: 38001, status: 404 });
    expect(await c.remove(a.id, 999_999)).toEqual({ ok: false, code: 38001, status: 404 });
    expect(await c.remove(a.id, p)).toEqual({ ok: true });
    expect(await c.remove(a.id, p)).toEqual({ ok: true });
    expect(await c.remove(a.id, g)).toEqual({ ok: true });
    expect((await c.list(a.id, 'el')).items).toEqual([]);
    expect(await c.unreadCount(a.id)).toBe(0);
    expect((await c.list(b.id, 'el')).items.map((i) => i.id)).toEqual([g]);
    // The same event raised again (a cron re-run) adds nothing.
    expect(await notifierAt(t + 2000).notify({ userId: a.id, type: 3, messageKey: 'documents.payment_received', params: { document: 'x' }, dedupeKey: `test:d1-${t}:${a.id}` })).toBeNull();
    const [row] = await db.select().from(notifications).where(eq(notifications.id, p));
    expect(row!.deletedAt).not.toBeNull();
  });

  it("'delete all' clears every notice and the counter, for this reader only", async () => {
    const t = window();
    const a = await newCustomer('nc');
    const b = await newCustomer('nc');
    await global(t, `all-${t}`);
    await personal(a.id, t, `a1-${t}`);
    await personal(a.id, t, `a2-${t}`);
    await personal(b.id, t, `b1-${t}`);
    const c = centreAt(t + 1000);
    expect(await c.unreadCount(a.id)).toBe(3);
    expect(await c.removeAll(a.id)).toEqual({ ok: true });
    expect(await c.unreadCount(a.id)).toBe(0);
    expect((await c.list(a.id, 'el')).total).toBe(0);
    expect(await c.unreadCount(b.id)).toBe(2);
    // A notice raised afterwards shows again.
    await personal(a.id, t + 2000, `a3-${t}`);
    expect(await centreAt(t + 3000).unreadCount(a.id)).toBe(1);
  });

  it('a failed change answers 38001 and loses nothing', async () => {
    const t = window();
    const a = await newCustomer('nc');
    await personal(a.id, t, `f1-${t}`);
    const p = await personal(a.id, t, `f2-${t}`);
    // D1 refusing the batch (it is one transaction: either all of it or none).
    const broken = new Proxy(db, {
      get(target, prop, receiver) {
        if (prop === '$client') return { ...target.$client, prepare: target.$client.prepare.bind(target.$client), batch: () => Promise.reject(new Error('D1 down')) };
        return Reflect.get(target, prop, receiver);
      },
    });
    const c = createNotificationCentre({ db: broken, env, now: new Date(t + 1000) });
    expect(await c.removeAll(a.id)).toEqual({ ok: false, code: 38001, status: 500 });
    expect(await c.remove(a.id, p)).toEqual({ ok: false, code: 38001, status: 500 });
    expect(await centreAt(t + 1000).unreadCount(a.id)).toBe(2);
    expect((await centreAt(t + 1000).list(a.id, 'el')).total).toBe(2);
  });
});
