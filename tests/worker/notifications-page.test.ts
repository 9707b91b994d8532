// /account/notifications (issue #24 §1, decision 073) through the Worker, as a browser without
// JavaScript uses it: the bell's count in the header and the side menus, the list with its type
// filter and pages, mark read, delete one, 'delete all' behind its confirmation page, 38001 for a
// notice that is not the reader's; every open tab of the user hears of a new notice and a deletion.
import { SELF } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../db/client';
import { readLiveFrame } from '../../party/channels';
import { createNotifier, NotificationType } from '../../worker/services/notifications';
import { newCustomer, servicesAt } from './customers';
import { Browser, form } from './helpers';

const db = createDb(env.DB);

async function loggedIn(prefix: string) {
  const c = await newCustomer(prefix);
  const b = new Browser();
  await b.open('/');
  const cookies = await servicesAt().auth.loginVerified(new Request('http://localhost/'), c.id, { ip: b.ip, userAgent: 'test', visitorId: b.cookies.get('gid') ?? 'g-test', uniqueId: null });
  b.absorb(new Response(null, { headers: cookies.map((v) => ['Set-Cookie', v] as [string, string]) }));
  return { ...c, b };
}

const raise = (userId: number, key: string, type: 1 | 2 | 3 = NotificationType.SYSTEM, displayOnScreen = false) =>
  createNotifier({ db, env, now: new Date() }).notify({ userId, type, messageKey: 'domains.transfer_completed', params: { name: `${key}.gr` }, link: '/account/domains', dedupeKey: `page-test:${key}:${userId}`, displayOnScreen });

const bell = (html: string) => Number(/data-testid="notification-bell" data-count="(\d+)"/.exec(html)?.[1] ?? -1);
const ids = (html: string) => [...html.matchAll(/data-testid="notification" data-id="(\d+)"/g)].map((m) => Number(m[1]));

async function post(b: Browser, fields: Record<string, string>, path = '/account/notifications') {
  const { token } = await b.open(path);
  return b.fetch(path, form({ _token: token, ...fields }));
}

async function connect(room: string, cookie: string) {
  const res = await SELF.fetch(`http://localhost/parties/user/${room}`, { headers: { Upgrade: 'websocket', Cookie: cookie } });
  const ws = res.webSocket!;
  ws.accept();
  const frames: string[] = [];
  ws.addEventListener('message', (e) => frames.push(String(e.data)));
  return { ws, frames };
}

async function until(check: () => boolean, ms = 3000) {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('/account/notifications', () => {
  it('shows the bell’s count, lists, filters by type, marks read and deletes without JavaScript', async () => {
    const { id, b } = await loggedIn('np');
    const guest = await new Browser().open('/');
    expect(guest.html).not.toContain('data-testid="notification-bell"');
    const home = await b.open('/');
    expect(bell(home.html)).toBe(0);
    const first = (await raise(id, 'one', NotificationType.DOMAIN_EXPIRATION))!;
    const second = (await raise(id, 'two'))!;
    const page = await b.open('/account/notifications');
    expect(page.res.status).toBe(200);
    expect(bell(page.html)).toBe(2);
    expect(page.html).toContain('data-testid="side-notifications"');
    expect(ids(page.html)).toEqual([second, first]);
    expect(page.html).toContain('Η μεταφορά του two.gr ολοκληρώθηκε.');
    expect(ids((await b.open('/account/notifications?type=1')).html)).toEqual([first]);

    const read = await post(b, { intent: 'read', id: String(first) });
    expect(read.status).toBe(200);
    const afterRead = await read.text();
    expect(afterRead).toContain('data-testid="notifications-outcome"');
    expect(bell(afterRead)).toBe(1);
    expect(afterRead).toMatch(new RegExp(`data-id="${first}" data-read="true"`));

    // Another's notice: 38001, and nothing changes.
    const other = await newCustomer('np-other');
    const foreign = (await raise(other.id, 'foreign'))!;
    const refused = await post(b, { intent: 'delete', id: String(foreign) });
    expect(refused.status).toBe(404);
    expect(await refused.text()).toContain('data-code="38001"');

    const deleted = await post(b, { intent: 'delete', id: String(second) });
    expect(deleted.status).toBe(200);
    const afterDelete = await deleted.text();
    expect(ids(afterDelete)).toEqual([first]);
    expect(bell(afterDelete)).toBe(0);

    await raise(id, 'three');
    await raise(id, 'four');
    expect(bell((await b.open('/')).html)).toBe(2);
    const all = await post(b, { intent: 'read_all' });
    expect(bell(await all.text())).toBe(0);
  });

  it("asks before 'delete all' on its own page without JavaScript, then clears every notice and the counter", async () => {
    const { id, b } = await loggedIn('np');
    for (let i = 0; i < 22; i++) await raise(id, `many${i}`);
    const list = await b.open('/account/notifications');
    expect(ids(list.html)).toHaveLength(20);
    expect(list.html).toContain('data-testid="notifications-pages"');
    expect(ids((await b.open('/account/notifications?page=2')).html)).toHaveLength(2);
    // The button is a GET to this page with the question on it.
    expect(list.html).toMatch(/name="confirm" value="all"/);
    const ask = await b.open('/account/notifications?confirm=all');
    expect(ask.html).toContain('data-testid="delete-all-page"');
    const done = await post(b, { intent: 'delete_all' }, '/account/notifications');
    expect(done.status).toBe(200);
    const html = await done.text();
    expect(ids(html)).toEqual([]);
    expect(html).toContain('data-testid="notifications-empty"');
    expect(bell(html)).toBe(0);
  });

  it('tells every open tab of the user: a new notice, a deletion of one and of all', async () => {
    const { id, b } = await loggedIn('np');
    const cookie = b.cookieHeader();
    const tabA = await connect(`u-${id}`, cookie);
    const tabB = await connect(`u-${id}`, cookie);
    await until(() => tabA.frames.length > 0 && tabB.frames.length > 0);
    const n = (await raise(id, 'live', NotificationType.SYSTEM, true))!;
    await until(() => tabA.frames.length > 1 && tabB.frames.length > 1);
    expect(readLiveFrame(tabB.frames.at(-1), 'page-B')).toMatchObject({ message: { event: 'PersonalNotificationWasCreated', data: { notification_id: n, display_on_screen: true } } });
    await post(b, { intent: 'delete', id: String(n), unique_id: 'page-A' });
    await until(() => tabB.frames.length > 2);
    expect(readLiveFrame(tabB.frames.at(-1), 'page-B')).toMatchObject({ own: false, message: { event: 'NotificationWasDeleted', data: { notification_id: n } } });
    // The deleting page knows its own event.
    expect(readLiveFrame(tabA.frames.at(-1), 'page-A')).toMatchObject({ own: true });
    await post(b, { intent: 'delete_all' });
    await until(() => tabB.frames.length > 3);
    expect(readLiveFrame(tabB.frames.at(-1), 'page-B')).toMatchObject({ message: { event: 'NotificationWasDeleted', data: { notification_id: 'all' } } });
    tabA.ws.close();
    tabB.ws.close();
  });
});
