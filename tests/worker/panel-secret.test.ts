// Issue #32 §3 (decision 091): the free-hosting panel password at rest. It was kept in plain text in
// hosting_services, carried by the live events (and so kept in the user's live-event log) and written
// to the personal-data archive. Now: sealed with AES-GCM under SECRETS_KEY, in no event, log or
// archive, shown only by the page's reveal action (opened on the server for that request), and a key
// that does not open it fails closed with 44170. Old plain rows are sealed by the cron's pass.
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { getServerByName } from 'partyserver';
import { unzipSync } from 'fflate/browser';
import { describe, expect, it, vi } from 'vitest';
import { ErrorCode } from '../../core/errors';
import { hostingPasswordError } from '../../core/validation/password-rules';
import { dataArchives, hostingServices } from '../../db/schema';
import { readLiveFrame } from '../../party/channels';
import type { User } from '../../party/user';
import { createAdapters } from '../../worker/adapters';
import { configOf } from '../../worker/config';
import { CRON_JOBS } from '../../worker/cron';
import { panelSecretsCron } from '../../worker/cron/panel-secrets';
import { createSecretBox } from '../../worker/security/secret-box';
import { createArchiveService } from '../../worker/services/archive';
import { createPanelSecrets, panelSecretWhere } from '../../worker/services/hosting';
import { DEV_SECRETS_KEY, DEV_SECRETS_KEY_VERSION } from '../../core/secrets-key';
import { DEFAULT_NAMESERVERS } from '../../worker/services/domains';
import { Browser, form, login } from './helpers';
import { customer, db, holding } from './portal-nameservers-fixtures';

vi.setConfig({ testTimeout: 60_000 });

async function loggedIn() {
  const c = await customer();
  const b = new Browser();
  expect((await login(b, c.email, 'Demo-Pelatis-2026')).status).toBe(303);
  return { c, b };
}

const pagePath = (ascii: string) => `/account/domains/${ascii}/hosting`;

async function post(b: Browser, ascii: string, fields: Record<string, string>) {
  const { token } = await b.open(pagePath(ascii));
  const res = await b.fetch(pagePath(ascii), form({ _token: token, ...fields }));
  return { res, html: await res.text() };
}

/** The reveal as the page's button posts it, without JavaScript: the password, or null. */
async function reveal(b: Browser, ascii: string) {
  const r = await post(b, ascii, { intent: 'reveal_password' });
  const m = /data-testid="free-hosting-password"[^>]*>([^<]+)<\/code>/.exec(r.html);
  return { ...r, password: m ? m[1]! : null };
}

async function listen(b: Browser, userId: number) {
  const res = await b.fetch(`/parties/user/u-${userId}`, { headers: { Upgrade: 'websocket' } });
  const ws = res.webSocket!;
  ws.accept();
  const frames: string[] = [];
  ws.addEventListener('message', (e) => frames.push(String(e.data)));
  const events = () => frames.map((f) => readLiveFrame(f, 'other-tab')).flatMap((f) => (f?.kind === 'event' && f.message.channel === 'hosting' ? [f.message] : []));
  const until = async (n: number) => {
    for (let i = 0; i < 200 && events().length < n; i++) await new Promise((r) => setTimeout(r, 10));
    return events();
  };
  return { ws, until, frames };
}

/** Every row of every table of D1 as text: where a secret would be found if it were kept anywhere. */
async function wholeDatabase(): Promise<string> {
  const tables = await env.DB.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name <> 'd1_migrations'`).all<{ name: string }>();
  let text = '';
  for (const { name } of tables.results) text += JSON.stringify((await env.DB.prepare(`SELECT * FROM "${name}"`).all()).results);
  return text;
}

async function enabled() {
  const { c, b } = await loggedIn();
  const d = await holding(c.id, 'gr', { nameservers: DEFAULT_NAMESERVERS });
  const tab = await listen(b, c.id);
  const on = await post(b, d.asciiFqdn, { intent: 'free_hosting', value: 'on', unique_id: 'page-1' });
  expect(on.res.status).toBe(200);
  const [row] = await db.select().from(hostingServices).where(eq(hostingServices.domain, d.asciiFqdn));
  return { c, b, d, tab, row: row!, onHtml: on.html };
}

describe('the free-hosting panel password at rest', () => {
  it('is sealed in D1, in no live event or live log, and shown only by the reveal', async () => {
    const { c, b, d, tab, row, onHtml } = await enabled();
    // The row as D1 holds it: no plain password column filled, the sealed one with its IV and key version.
    const raw = (await env.DB.prepare('SELECT * FROM hosting_services WHERE id = ?').bind(row.id).first<Record<string, unknown>>())!;
    expect(raw.panel_password).toBeNull();
    expect(raw).toMatchObject({ panel_secret: expect.any(String), panel_secret_iv: expect.any(String), panel_secret_key: 0 });
    expect(atob(raw.panel_secret_iv as string)).toHaveLength(12);

    // Neither the toggle's answer nor a later load of the page carries it.
    expect(onHtml).not.toContain('data-testid="free-hosting-password"');
    const page = await b.open(pagePath(d.asciiFqdn));
    expect(page.html).not.toContain('data-testid="free-hosting-password"');
    expect(page.html).toContain('data-testid="free-hosting-reveal"');

    const shown = await reveal(b, d.asciiFqdn);
    expect(shown.res.status).toBe(200);
    expect(shown.res.headers.get('Cache-Control')).toContain('no-store');
    expect(shown.password).not.toBeNull();
    expect(hostingPasswordError(shown.password!)).toBeNull();
    const password = shown.password!;

    // Nowhere in the database: not in hosting_services, the audit log, the outbox, the notifications …
    expect(await wholeDatabase()).not.toContain(password);

    // The live event other tabs follow, and the user's live-event log a reconnecting tab replays.
    const [event] = await tab.until(1);
    tab.ws.close();
    expect(event).toMatchObject({ event: 'FreeHostingWasCreated', data: { domain_id: d.id, customer: { passwd_set: true } } });
    expect((event!.data as { customer: Record<string, unknown> }).customer.passwd).toBeUndefined();
    expect(tab.frames.join('\n')).not.toContain(password);
    const stub = await getServerByName(env.User as unknown as DurableObjectNamespace<User>, `u-${c.id}`);
    const logged = JSON.stringify(await stub.recentEvents(0));
    expect(logged).toContain('FreeHostingWasCreated');
    expect(logged).not.toContain(password);
  });

  it('is not in the personal-data archive, which says where to see it', async () => {
    const { c, b, d, row } = await enabled();
    const s = createArchiveService({ db, env, now: new Date(), adapters: createAdapters(configOf(env), db, 'http://localhost') }, { publish: async () => undefined });
    const { archive } = await s.request(c.id);
    expect(await s.buildNow(archive.id)).toBe(true);
    const [a] = await db.select().from(dataArchives).where(eq(dataArchives.id, archive.id));
    const files = unzipSync(new Uint8Array(await (await env.FILES.get(a!.objectKey!))!.arrayBuffer()));
    const text = Object.values(files).map((bytes) => new TextDecoder().decode(bytes)).join('\n');
    const hosting = JSON.parse(new TextDecoder().decode(files['hosting.json']!)) as Record<string, unknown>[];
    const mine = hosting.find((h) => h.id === row.id)!;
    expect(mine.panelPassword).toEqual({ inArchive: false, seeAt: pagePath(d.asciiFqdn) });
    for (const key of Object.keys(mine)) expect(key).not.toMatch(/secret/i);
    const { password } = await reveal(b, d.asciiFqdn);
    expect(password).not.toBeNull();
    expect(text).not.toContain(password!);
  });

  it('fails closed with 44170 when the keys do not open the seal: nothing shown, nothing guessed', async () => {
    const { b, d, row } = await enabled();
    const rows = (panel_secret: string, iv: string, key: number) =>
      env.DB.prepare('UPDATE hosting_services SET panel_secret = ?, panel_secret_iv = ?, panel_secret_key = ? WHERE id = ?').bind(panel_secret, iv, key, row.id).run();
    // Sealed by a key that is not development's, under development's version number: a wrong key.
    const stranger = await createSecretBox({ current: { version: DEV_SECRETS_KEY_VERSION, key: btoa('x'.repeat(32)) }, old: [], development: false }).seal('Xenos-Kod1kos!', panelSecretWhere(row.id));
    await rows(stranger.ciphertext, stranger.iv, stranger.keyVersion);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const warnings = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const wrong = await reveal(b, d.asciiFqdn);
    expect(wrong.res.status).toBe(500);
    expect(wrong.html).toContain('data-code="44170"');
    expect(wrong.html).toContain('data-testid="free-hosting-reveal-failed"');
    expect(wrong.password).toBeNull();
    expect(wrong.html).not.toContain('Xenos-Kod1kos!');
    // A line says which row and why (the reason and the key version); no line holds the value.
    const warned = warnings.mock.calls.map((c) => c.join(' ')).join('\n');
    expect(warned).toContain(`"where":"${panelSecretWhere(row.id)}","reason":"wrong_key_or_tampered","keyVersion":0`);
    const logged = [...errors.mock.calls, ...warnings.mock.calls].map((c) => c.join(' ')).join('\n');
    expect(logged).not.toContain(stranger.ciphertext);
    expect(logged).not.toContain('Xenos-Kod1kos!');
    // A version the ring does not have at all.
    await rows(stranger.ciphertext, stranger.iv, 7);
    expect((await createPanelSecrets({ db, env }).reveal((await db.select().from(hostingServices).where(eq(hostingServices.id, row.id)))[0]!))).toMatchObject({ ok: false, code: ErrorCode.PANEL_PASSWORD_UNREADABLE });
    errors.mockRestore();
    warnings.mockRestore();
    // The pass leaves such a row as it is, counted (the next test expects a clean table: gone here).
    expect((await panelSecretsCron(env, new Date())).unreadable).toBeGreaterThanOrEqual(1);
    await env.DB.prepare('UPDATE hosting_services SET panel_secret = NULL, panel_secret_iv = NULL, panel_secret_key = NULL WHERE id = ?').bind(row.id).run();
  });

  it('the five-minute pass seals a row kept in plain text, and seals again under a new key after a rotation', async () => {
    expect(CRON_JOBS['*/5 * * * *']).toContain(panelSecretsCron);
    const { b, d, row } = await enabled();
    // A row as the code before decision 091 wrote it.
    await env.DB.prepare('UPDATE hosting_services SET panel_password = ?, panel_secret = NULL, panel_secret_iv = NULL, panel_secret_key = NULL WHERE id = ?').bind('Palios-Kod1kos!', row.id).run();
    expect((await reveal(b, d.asciiFqdn)).password).toBe('Palios-Kod1kos!');

    const first = await panelSecretsCron(env, new Date());
    expect(first.sealed).toBeGreaterThanOrEqual(1);
    const raw = () => env.DB.prepare('SELECT panel_password, panel_secret, panel_secret_iv, panel_secret_key FROM hosting_services WHERE id = ?').bind(row.id).first<Record<string, unknown>>();
    const sealed = (await raw())!;
    expect(sealed).toMatchObject({ panel_password: null, panel_secret: expect.any(String), panel_secret_key: DEV_SECRETS_KEY_VERSION });
    expect(await wholeDatabase()).not.toContain('Palios-Kod1kos!');
    expect((await reveal(b, d.asciiFqdn)).password).toBe('Palios-Kod1kos!');
    // Done once: the next pass finds nothing of this row (and nothing at all, the file's rows being sealed).
    expect(await panelSecretsCron(env, new Date())).toEqual({ sealed: 0, resealed: 0, unreadable: 0 });
    expect(await raw()).toEqual(sealed);

    // A rotation: version 3 is current, development's key kept as an old one.
    const rotated = createSecretBox({ current: { version: 3, key: btoa('r'.repeat(32)) }, old: [{ version: DEV_SECRETS_KEY_VERSION, key: DEV_SECRETS_KEY }], development: true });
    const pass = await createPanelSecrets({ db, env }, rotated).sealPending();
    expect(pass.resealed).toBeGreaterThanOrEqual(1);
    expect(pass.unreadable).toBe(0);
    const after = (await raw())!;
    expect(after.panel_secret_key).toBe(3);
    expect(after.panel_secret_iv).not.toBe(sealed.panel_secret_iv);
    const [now] = await db.select().from(hostingServices).where(eq(hostingServices.id, row.id));
    expect(await createPanelSecrets({ db, env }, rotated).reveal(now!)).toEqual({ ok: true, password: 'Palios-Kod1kos!' });
    // This Worker's ring (development's key only) does not have version 3: closed, not guessed.
    const quiet = [vi.spyOn(console, 'error').mockImplementation(() => {}), vi.spyOn(console, 'warn').mockImplementation(() => {})];
    expect((await reveal(b, d.asciiFqdn)).html).toContain('data-code="44170"');
    for (const q of quiet) q.mockRestore();
  });
});
