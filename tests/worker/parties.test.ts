import { createScheduledController, createExecutionContext, SELF, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../db/client';
import { promotions } from '../../db/schema';
import { readLiveFrame } from '../../party/channels';
import worker from '../../worker';
import { createServices } from '../../worker/services';
import { createLiveService } from '../../worker/services/platform';

const GID = 'g-0123456789abcdef0123456789abcdef';

async function connect(path: string, headers: Record<string, string> = {}) {
  const res = await SELF.fetch(`http://localhost${path}`, { headers: { Upgrade: 'websocket', ...headers } });
  const ws = res.webSocket;
  if (!ws) return { res, ws: null, frames: [] as string[] };
  ws.accept();
  const frames: string[] = [];
  ws.addEventListener('message', (e) => frames.push(String(e.data)));
  return { res, ws, frames };
}

async function until(check: () => boolean, ms = 2000) {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
}

const notice = (uniqueId: string | null, text = 'Προγραμματισμένη συντήρηση απόψε') =>
  ({
    channel: 'global-notifications',
    event: 'GlobalNotificationWasCreated',
    unique_id: uniqueId,
    data: { notification_id: 7, display_on_screen: true, notification: { display: text, type: 3 } },
  }) as const;

describe('User party', () => {
  it('lets a visitor listen only to its own room', async () => {
    const own = await connect(`/parties/user/${GID}`, { Cookie: `gid=${GID}` });
    expect(own.res.status).toBe(101);
    own.ws?.close();
    const other = await connect(`/parties/user/g-ffffffffffffffffffffffffffffffff`, { Cookie: `gid=${GID}` });
    expect(other.res.status).toBe(403);
    const cross = await connect(`/parties/user/${GID}`, { Cookie: `gid=${GID}`, Origin: 'https://evil.example' });
    expect(cross.res.status).toBe(403);
  });

  it('delivers one publish to every tab, and only the sender tab sees it as its own echo', async () => {
    const tabA = await connect(`/parties/user/${GID}`, { Cookie: `gid=${GID}` });
    const tabB = await connect(`/parties/user/${GID}`, { Cookie: `gid=${GID}` });
    await until(() => tabA.frames.length > 0 && tabB.frames.length > 0); // hello frames
    const live = createLiveService(env);
    const result = await live.toUser(GID, {
      channel: 'cart',
      event: 'CartItemWasCreated',
      unique_id: 'page-A',
      data: { cart_item_id: 'ci_1' },
    });
    expect(result.delivered).toBe(2);
    await until(() => tabA.frames.length > 1 && tabB.frames.length > 1);
    const a = readLiveFrame(tabA.frames.at(-1), 'page-A');
    const b = readLiveFrame(tabB.frames.at(-1), 'page-B');
    expect(a).toMatchObject({ kind: 'event', own: true, message: { event: 'CartItemWasCreated' } });
    expect(b).toMatchObject({ kind: 'event', own: false, message: { event: 'CartItemWasCreated', data: { cart_item_id: 'ci_1' } } });
    tabA.ws?.close();
    tabB.ws?.close();
  });

  it('refuses to publish an event that is not in the protocol', async () => {
    const live = createLiveService(env);
    await expect(live.toUser(GID, { channel: 'cart', event: 'NoSuchEvent', unique_id: null, data: {} } as never)).rejects.toThrow();
  });

  it('replays what a reconnecting tab missed', async () => {
    const room = 'g-11111111111111111111111111111111';
    const live = createLiveService(env);
    const first = await connect(`/parties/user/${room}`, { Cookie: `gid=${room}` });
    await until(() => first.frames.length > 0);
    const hello = readLiveFrame(first.frames[0], 'x');
    expect(hello?.kind).toBe('hello');
    const seen = hello?.kind === 'hello' ? hello.seq : -1;
    first.ws?.close();
    // While the tab is away, two events happen.
    await live.toUser(room, { channel: 'account', event: 'EmailVerified', unique_id: null, data: { notification: { display: 'ok' }, saved: { display: 'a@b.gr' } } });
    await live.toUser(room, { channel: 'account', event: 'ArchiveReady', unique_id: null, data: {} });
    const back = await connect(`/parties/user/${room}?since=${seen}`, { Cookie: `gid=${room}` });
    await until(() => back.frames.length >= 3);
    const replayed = back.frames.map((f) => readLiveFrame(f, 'x')).flatMap((f) => (f?.kind === 'event' ? [f.message.event] : []));
    expect(replayed).toEqual(['EmailVerified', 'ArchiveReady']);
    back.ws?.close();
    // A tab that says it saw nothing (a fresh page renders fresh data) gets no replay.
    const fresh = await connect(`/parties/user/${room}`, { Cookie: `gid=${room}` });
    await until(() => fresh.frames.length > 0);
    await new Promise((r) => setTimeout(r, 50));
    expect(fresh.frames.map((f) => readLiveFrame(f, 'x')?.kind)).toEqual(['hello']);
    fresh.ws?.close();
  });
});

describe('Global party', () => {
  it('accepts only the main room', async () => {
    expect((await connect('/parties/global/other')).res.status).toBe(404);
  });

  it('broadcasts a global notification to every open page', async () => {
    const page1 = await connect('/parties/global/main');
    const page2 = await connect('/parties/global/main');
    await until(() => page1.frames.length > 0 && page2.frames.length > 0);
    await createLiveService(env).toEveryone(notice(null));
    await until(() => page1.frames.length > 1 && page2.frames.length > 1);
    for (const p of [page1, page2]) {
      expect(readLiveFrame(p.frames.at(-1), 'me')).toMatchObject({ kind: 'event', own: false, message: { data: { display_on_screen: true } } });
      p.ws?.close();
    }
  });
});

describe('promotion cron', () => {
  it('moves the soft end at its passing and tells every page (PromotionAutoRenew)', async () => {
    const db = createDb(env.DB);
    const [promo] = await db.select().from(promotions);
    expect(promo?.status).toBe('active');
    const page = await connect('/parties/global/main');
    await until(() => page.frames.length > 0);
    const at = new Date(promo!.softEndAt.getTime() + 60_000);
    const ctx = createExecutionContext();
    await worker.scheduled!(createScheduledController({ cron: '*/5 * * * *', scheduledTime: at }), env, ctx);
    await waitOnExecutionContext(ctx);
    const [after] = await db.select().from(promotions).where(eq(promotions.id, promo!.id));
    expect(after!.softEndAt.getTime()).toBeGreaterThan(at.getTime());
    expect(after!.softEndAt.getTime()).toBeLessThanOrEqual(promo!.hardEndAt!.getTime());
    // The same tick also announces the running promotion's OFFER notice (issue #24 §1) the first time.
    const renewFrame = () => page.frames.map((f) => readLiveFrame(f, 'me')).find((f) => f?.kind === 'event' && f.message.event === 'PromotionAutoRenew');
    await until(() => renewFrame() !== undefined);
    expect(renewFrame()).toMatchObject({ message: { event: 'PromotionAutoRenew', data: { promotion: { name: promo!.name, soft_end: { date: after!.softEndAt.toISOString() } } } } });
    page.ws?.close();
  });

  it('steps a promotion once when two cron runs overlap', async () => {
    const db = createDb(env.DB);
    const [promo] = await db.select().from(promotions);
    const at = new Date(promo!.softEndAt.getTime() + 1000);
    const services = () => createServices({ db: createDb(env.DB), env, now: at }).promotions;
    const [a, b] = await Promise.all([services().tick(), services().tick()]);
    expect(a.renewed + b.renewed).toBe(1);
  });

  it('removes the promotion at its hard end (PromotionAutoRemove) and its prices stop applying', async () => {
    const db = createDb(env.DB);
    const [promo] = await db.select().from(promotions);
    const at = new Date(promo!.hardEndAt!.getTime() + 1000);
    const ctx = createExecutionContext();
    await worker.scheduled!(createScheduledController({ cron: '*/5 * * * *', scheduledTime: at }), env, ctx);
    await waitOnExecutionContext(ctx);
    const [after] = await db.select().from(promotions).where(eq(promotions.id, promo!.id));
    expect(after!.status).toBe('ended');
    const res = await SELF.fetch('http://localhost/', { headers: { Cookie: 'showVat=no' } });
    const html = await res.text();
    expect(html).not.toContain('data-testid="promotion-countdown"');
    expect(html).toMatch(/data-tld="com">.*?data-price-net="1090"/);
  });
});
