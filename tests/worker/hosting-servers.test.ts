// A customer's VPS through the sandbox panel (issue #23 §1): the power actions and their states, the
// reinstall, the refusals (151 busy or suspended, 40501 unknown to the provider, 40505 provider
// unreachable) that change nothing, and the server page's confirmation step without JavaScript.
import { env } from 'cloudflare:workers';
import { and, eq, like } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../core/errors';
import { createDb } from '../../db/client';
import { RATE_LIMITS } from '../../core/rate-limits';
import { hostingServices, notifications, sandboxSwitches, users } from '../../db/schema';
import { readLiveFrame } from '../../party/channels';
import { createPanelApiProvisioner } from '../../worker/adapters/provisioner/panel-api';
import type { ProvisionerPort } from '../../worker/adapters/provisioner/port';
import { createSandboxProvisioner, PROVISIONER_SYSTEM, PROVISIONING_DELAY_MS } from '../../worker/adapters/provisioner/sandbox';
import { REBOOT_DELAY_MS, REINSTALL_DELAY_MS } from '../../worker/adapters/provisioner/sandbox-servers';
import { createServiceRecords } from '../../worker/services/hosting';
import { newCustomer, uniqueName } from './customers';
import { ownVps, servicesWith } from './hosting-fixtures';
import { Browser, form, login } from './helpers';

const db = createDb(env.DB);

afterEach(async () => {
  await db.delete(sandboxSwitches).where(eq(sandboxSwitches.system, PROVISIONER_SYSTEM));
});

describe('a VPS page: specs, address and power state', () => {
  it('lists the chosen options by category without management, the OS list of its set, and the machine as the panel sees it', async () => {
    const { c, id, at } = await ownVps();
    const view = (await servicesWith(at).hostingServers.view(c.id, id, 'en'))!;
    expect(view.specs.map((g) => g.category)).toEqual(['hardware', 'software', 'network']);
    expect(view.specs.flatMap((g) => g.items.map((i) => i.name))).not.toContain('support');
    expect(view.specs.find((g) => g.category === 'software')!.items.find((i) => i.name === 'os')!.label).toBe('Debian 12');
    expect(view.osChoices.map((o) => o.value)).toEqual(['debian-12', 'ubuntu-24.04', 'almalinux-9', 'rocky-9']);
    expect(view.state).toMatchObject({ power: 'running', status: 'active', hostname: 'vps.example.gr', os: 'debian-12' });
    expect(view.state!.ip).toMatch(/^192\.0\.2\.\d+$/);
  });

  it('is nobody else\'s, and no page for shared hosting', async () => {
    const { id, at } = await ownVps();
    const other = await newCustomer('other');
    expect(await servicesWith(at).hostingServers.view(other.id, id, 'el')).toBeNull();
    const shared = await newCustomer('shared');
    const account = await createSandboxProvisioner(db).createAccount({ reference: uniqueName('oi-sh'), sku: 'sha_lin_start', productType: 'hosting-shared-linux', domain: `${uniqueName('s')}.gr`, lengthMonths: 12, options: {}, contactEmail: shared.email });
    const sid = await createServiceRecords({ db, now: new Date() }).recordProvisioned({ userId: shared.id, orderItemId: null, productType: 'hosting-shared-linux', lengthMonths: 12, options: {}, account });
    expect(await servicesWith(Date.now()).hostingServers.view(shared.id, sid, 'el')).toBeNull();
    expect(await servicesWith(Date.now()).hostingServers.power(shared.id, sid, 'reboot')).toMatchObject({ ok: false, status: 404 });
  });
});

describe('power actions and their states', () => {
  it('stop, start, and a reboot that lasts its time and refuses other actions meanwhile', async () => {
    const { c, id, at } = await ownVps();
    const s = servicesWith(at).hostingServers;
    expect(await s.power(c.id, id, 'stop')).toMatchObject({ ok: true, state: { power: 'stopped' } });
    // A stopped machine cannot reboot; asking to stop again is answered as done.
    expect(await s.power(c.id, id, 'reboot')).toMatchObject({ ok: false, code: ErrorCode.ACTION_NOT_ALLOWED });
    expect(await s.power(c.id, id, 'stop')).toMatchObject({ ok: true, state: { power: 'stopped' } });
    expect(await s.power(c.id, id, 'start')).toMatchObject({ ok: true, state: { power: 'running' } });
    expect(await s.power(c.id, id, 'reboot')).toMatchObject({ ok: true, state: { power: 'rebooting' } });
    const during = servicesWith(at + REBOOT_DELAY_MS - 1).hostingServers;
    expect((await during.view(c.id, id, 'el'))!.state!.power).toBe('rebooting');
    for (const a of ['start', 'stop', 'reboot'] as const) expect(await during.power(c.id, id, a)).toMatchObject({ ok: false, code: ErrorCode.ACTION_NOT_ALLOWED });
    expect(await during.reinstall(c.id, id, 'ubuntu-24.04', 'el')).toMatchObject({ ok: false, code: ErrorCode.ACTION_NOT_ALLOWED });
    expect((await servicesWith(at + REBOOT_DELAY_MS).hostingServers.view(c.id, id, 'el'))!.state!.power).toBe('running');
  });

  it('two reboots at once: one is done, the other refused with 151', async () => {
    const { c, id, at } = await ownVps();
    const results = await Promise.all(Array.from({ length: 5 }, () => servicesWith(at).hostingServers.power(c.id, id, 'reboot')));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok && r.code === ErrorCode.ACTION_NOT_ALLOWED)).toHaveLength(4);
  });

  it('a server still being built is provisioning, and refuses actions with 151', async () => {
    const { c, id, at } = await ownVps({ daysAgo: 0 });
    const s = servicesWith(at).hostingServers;
    expect((await s.view(c.id, id, 'el'))!.state!.power).toBe('provisioning');
    expect(await s.power(c.id, id, 'reboot')).toMatchObject({ ok: false, code: ErrorCode.ACTION_NOT_ALLOWED });
    // Once built, our record follows the panel.
    const later = servicesWith(at + PROVISIONING_DELAY_MS).hostingServers;
    expect((await later.view(c.id, id, 'el'))!.service.status).toBe('active');
  });

  it('a server suspended at the panel refuses with 151, and one suspended on our side is not even asked', async () => {
    const { c, id, accountId, at } = await ownVps();
    await createSandboxProvisioner(db, { now: () => new Date(at) }).suspend(accountId, 'unpaid');
    expect(await servicesWith(at).hostingServers.power(c.id, id, 'stop')).toMatchObject({ ok: false, code: ErrorCode.ACTION_NOT_ALLOWED });
    await db.update(hostingServices).set({ status: 'suspended' }).where(eq(hostingServices.id, id));
    let asked = 0;
    const counting = { ...createSandboxProvisioner(db), power: async () => { asked++; throw new Error('not to be asked'); } } as ProvisionerPort;
    expect(await servicesWith(at, counting).hostingServers.power(c.id, id, 'start')).toMatchObject({ ok: false, code: ErrorCode.ACTION_NOT_ALLOWED });
    expect(asked).toBe(0);
  });
});

describe('reinstall', () => {
  it('installs an image of its set, takes its time, and refuses one outside the list before asking the panel', async () => {
    const { c, id, at } = await ownVps();
    const s = servicesWith(at).hostingServers;
    expect(await s.reinstall(c.id, id, 'windows-server-2022', 'el')).toMatchObject({ ok: false, code: ErrorCode.VALIDATION_ERROR, field: 'os' });
    expect(await s.reinstall(c.id, id, 'rocky-9', 'el')).toMatchObject({ ok: true, state: { power: 'reinstalling', os: 'rocky-9' } });
    expect(await servicesWith(at + REINSTALL_DELAY_MS - 1).hostingServers.power(c.id, id, 'reboot')).toMatchObject({ ok: false, code: ErrorCode.ACTION_NOT_ALLOWED });
    const after = (await servicesWith(at + REINSTALL_DELAY_MS).hostingServers.view(c.id, id, 'en'))!;
    expect(after.state).toMatchObject({ power: 'running', os: 'rocky-9' });
    expect(after.specs.find((g) => g.category === 'software')!.items.find((i) => i.name === 'os')!.label).toBe('Rocky Linux 9');
  });

  it('the provider lacks an image: 40501 at the panel', async () => {
    const { accountId, at } = await ownVps();
    const panel = createSandboxProvisioner(db, { now: () => new Date(at) });
    await expect(panel.reinstall(accountId, 'windows-server-2022')).rejects.toMatchObject({ code: ErrorCode.SERVER_PROVIDER_PRODUCT_NOT_FOUND });
    expect((await panel.powerState(accountId)).power).toBe('running');
  });
});

describe('failures change nothing', () => {
  it('40501: a server the provider no longer knows; 40505: a provider that cannot be reached; 49997 in maintenance', async () => {
    const { c, id, accountId, at } = await ownVps();
    await db.update(hostingServices).set({ accountId: `${accountId}-gone` }).where(eq(hostingServices.id, id));
    const gone = servicesWith(at).hostingServers;
    expect(await gone.power(c.id, id, 'reboot')).toMatchObject({ ok: false, code: ErrorCode.SERVER_PROVIDER_PRODUCT_NOT_FOUND });
    expect((await gone.view(c.id, id, 'el'))!).toMatchObject({ state: null, stateCode: ErrorCode.SERVER_PROVIDER_PRODUCT_NOT_FOUND });
    await db.update(hostingServices).set({ accountId }).where(eq(hostingServices.id, id));

    const unreachable = createPanelApiProvisioner({ apiUrl: 'https://panel.invalid', apiToken: 't', fetch: (async () => { throw new TypeError('getaddrinfo ENOTFOUND panel.invalid'); }) as typeof fetch });
    const cut = servicesWith(at, unreachable).hostingServers;
    expect(await cut.power(c.id, id, 'stop')).toMatchObject({ ok: false, code: ErrorCode.SERVER_PROVIDER_HOST_NOT_RESOLVED });
    expect(await cut.reinstall(c.id, id, 'ubuntu-24.04', 'el')).toMatchObject({ ok: false, code: ErrorCode.SERVER_PROVIDER_HOST_NOT_RESOLVED });
    expect((await cut.view(c.id, id, 'el'))!.stateCode).toBe(ErrorCode.SERVER_PROVIDER_HOST_NOT_RESOLVED);
    // Neither the machine nor our record moved; the same action works once the provider answers.
    const [row] = await db.select().from(hostingServices).where(eq(hostingServices.id, id));
    expect(row!.options.os).toBe('debian-12');
    await db.insert(sandboxSwitches).values({ system: PROVISIONER_SYSTEM, maintenance: true });
    expect(await servicesWith(at).hostingServers.power(c.id, id, 'stop')).toMatchObject({ ok: false, code: ErrorCode.NETWORK_CONNECTION_ERROR });
    await db.delete(sandboxSwitches).where(eq(sandboxSwitches.system, PROVISIONER_SYSTEM));
    expect((await createSandboxProvisioner(db, { now: () => new Date(at) }).powerState(accountId)).power).toBe('running');
    expect(await servicesWith(at).hostingServers.power(c.id, id, 'stop')).toMatchObject({ ok: true, state: { power: 'stopped' } });
  });
});

describe('our own limits on power actions and reinstalls (issue #32 §3.3)', () => {
  const PER_SERVICE = RATE_LIMITS['server_action:service'].limit;
  const PER_ACCOUNT = RATE_LIMITS['server_action:account'].limit;

  it('30 parallel posts of the page: the per-service limit holds, no 5xx, the rest refused with a translated message; each done action is told live and noted', async () => {
    const v = await ownVps();
    const password = 'Kal1m3ra!Kal1m3ra';
    const { hashPassword } = await import('../../worker/security/password-hash');
    await db.update(users).set({ passwordHash: await hashPassword(password) }).where(eq(users.id, v.c.id));
    const b = new Browser();
    expect((await login(b, v.c.email, password)).status).toBe(303);
    const socket = (await b.fetch(`/parties/user/u-${v.c.id}`, { headers: { Upgrade: 'websocket' } })).webSocket!;
    socket.accept();
    const frames: string[] = [];
    socket.addEventListener('message', (e) => frames.push(String(e.data)));
    const { token } = await b.open(`/account/hosting/${v.id}/server?confirm=stop`);

    const answers = await Promise.all(
      Array.from({ length: 30 }, async () => {
        const res = await b.fetch(`/account/hosting/${v.id}/server`, form({ _token: token, intent: 'stop', confirmed: 'yes' }));
        return { status: res.status, html: await res.text(), retryAfter: res.headers.get('Retry-After') };
      }),
    );
    expect(answers.filter((a) => a.status >= 500)).toEqual([]);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(30 - PER_SERVICE);
    expect(refused[0]!.html).toContain('data-code="44160"');
    expect(refused[0]!.html).toContain('Ζητήσατε πάρα πολλές ενέργειες για τον διακομιστή');
    expect(Number(refused[0]!.retryAfter)).toBeGreaterThan(0);
    // Past the limit the panel is not asked: the others reached it (done, or 151 when two raced).
    const done = answers.filter((a) => a.status === 303);
    expect(done.length).toBeGreaterThanOrEqual(1);
    expect(done.length + answers.filter((a) => a.status === 409).length).toBe(PER_SERVICE);

    const noted = await db.select().from(notifications).where(and(eq(notifications.userId, v.c.id), like(notifications.dedupeKey, `server-action:${v.id}:%`)));
    expect(noted).toHaveLength(done.length);
    expect(noted[0]).toMatchObject({ messageKey: 'hosting.server_stop' });
    for (let i = 0; i < 200 && frames.length < done.length; i++) await new Promise((r) => setTimeout(r, 10));
    const events = frames.map((f) => readLiveFrame(f, 'other-tab')).flatMap((f) => (f?.kind === 'event' && f.message.event === 'HostingServiceWasUpdated' ? [f.message] : []));
    socket.close();
    expect(events.length).toBeGreaterThanOrEqual(done.length);
    expect(events[0]).toMatchObject({ channel: 'hosting', data: { service_id: v.id, fields: ['power'] } });
  }, 120_000);

  it('the per-account limit holds across the customer’s servers, reinstalls counted too', async () => {
    const first = await ownVps();
    const servers = [first, ...(await Promise.all(Array.from({ length: Math.ceil(PER_ACCOUNT / PER_SERVICE) }, () => ownVps({ customer: first.c, at: first.at }))))];
    const s = servicesWith(first.at).hostingServers;
    let taken = 0;
    for (const v of servers) {
      for (let i = 0; i < PER_SERVICE && taken < PER_ACCOUNT; i++, taken++) {
        const r = i === 0 ? await s.reinstall(v.c.id, v.id, 'ubuntu-24.04', 'el') : await s.power(v.c.id, v.id, 'stop');
        expect(r).not.toMatchObject({ code: 44160 });
      }
    }
    const spare = servers.at(-1)!;
    expect(await s.power(spare.c.id, spare.id, 'start')).toMatchObject({ ok: false, code: 44160, status: 429 });
    // Another customer's servers are not limited by this one's.
    const other = await ownVps({ at: first.at });
    expect(await s.power(other.c.id, other.id, 'stop')).toMatchObject({ ok: true });
  });
});
