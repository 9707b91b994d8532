// The personal-data archive (issue #24 §3, decision 076) with a fixed `now`: the request's answers
// (43000 → 43001 → 43002), the job that builds each pending request once however many runs race,
// ArchiveReady and the e-mail when ready, the download after the password (43002 when wrong), the
// attempts limit under 30 parallel guesses, the seven days (download refused, the R2 object deleted),
// and what the ZIP holds: the orders JSON and the receipt's PDF.
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { unzipSync } from 'fflate/browser';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../core/errors';
import { createDb } from '../../db/client';
import { creditNoteStatements, rawBatch } from '../../db/raw-batch';
import { dataArchives, saleDocuments, users } from '../../db/schema';
import { DEMO_USERS } from '../../db/seed/demo-users';
import { createAdapters } from '../../worker/adapters';
import { configOf } from '../../worker/config';
import { CRON_JOBS, runScheduled } from '../../worker/cron';
import { archivesCron } from '../../worker/cron/archives';
import { ARCHIVE_MAX_ATTEMPTS, ARCHIVE_TTL_MS, createArchiveService, createZipSink, PART_BYTES } from '../../worker/services/archive';
import { verifyPassword } from '../../worker/security/password-hash';
import { addReadyDomain, newCustomer, servicesAt } from './customers';
import { Browser, form, login } from './helpers';

const db = createDb(env.DB);
const T0 = Date.UTC(2026, 10, 27, 10, 0, 0);
const PASSWORD = DEMO_USERS[0].password;

const depsAt = (ms: number) => ({ db, env, now: new Date(ms), adapters: createAdapters(configOf(env), db, 'http://localhost') });

/** The archive service at `ms`, recording ArchiveReady and counting password checks. */
function archivesAt(ms: number) {
  const published: { userId: number; archiveId: number }[] = [];
  let checks = 0;
  const s = createArchiveService(depsAt(ms), {
    publish: async (userId, archiveId) => published.push({ userId, archiveId }),
    verify: async (p, h) => {
      checks++;
      return verifyPassword(p, h);
    },
  });
  return { s, published, checks: () => checks };
}

/** A customer with the demo password and a paid order (credit paid it at once) with its receipt. */
async function customerWithOrder(prefix: string) {
  const c = await newCustomer(prefix);
  await db.update(users).set({ passwordHash: DEMO_USERS[0].passwordHash }).where(eq(users.id, c.id));
  await addReadyDomain(c.id, c.owner);
  const s = servicesAt();
  const profile = await s.orders.createBillingProfile(c.id, { type: 'REC', name: 'Άννα Κ', address: 'Οδός 1', city: 'Αθήνα', postcode: '10431', countryIso2: 'GR' });
  if (!profile.ok) throw new Error('profile');
  await rawBatch(db, creditNoteStatements({ userId: c.id, amountCents: 100_000, vatCents: 0, reason: 'grant', orderId: null, orderItemId: null, note: 'test', dedupeKey: `test:archive:${c.id}`, at: new Date() }));
  const placed = await s.orders.placeOrder(c.owner, { profileId: profile.id, method: 'card', idempotencyKey: crypto.randomUUID(), lang: 'el', uniqueId: null, useCredit: true });
  if (!placed.ok) throw new Error(`place ${placed.code}`);
  const docs = await db.select().from(saleDocuments).where(eq(saleDocuments.orderId, placed.orderId));
  return { ...c, orderId: placed.orderId, receipt: docs.find((d) => d.kind === 'receipt')! };
}

async function rowOf(userId: number) {
  const [row] = await db.select().from(dataArchives).where(eq(dataArchives.userId, userId));
  return row!;
}

describe('GDPR archive: request and the job', () => {
  it('43000 then 43001 while pending, 43002 once ready: one archive at a time', async () => {
    const c = await newCustomer('arcone');
    const a = archivesAt(T0).s;
    const first = await a.request(c.id);
    expect(first).toMatchObject({ code: ErrorCode.CREATE_INFO_ARCHIVE_REQUEST_RECEIVED, created: true, archive: { status: 'pending' } });
    // Parallel second requests all find the first.
    const again = await Promise.all(Array.from({ length: 5 }, () => archivesAt(T0 + 1000).s.request(c.id)));
    for (const r of again) expect(r).toMatchObject({ code: ErrorCode.ARCHIVED_INFO_PENDING_CREATE, created: false, archive: { id: first.archive.id } });
    expect(await db.select().from(dataArchives).where(eq(dataArchives.userId, c.id))).toHaveLength(1);
    expect(await a.buildNow(first.archive.id)).toBe(true);
    expect(await archivesAt(T0 + 2000).s.request(c.id)).toMatchObject({ code: ErrorCode.ARCHIVED_INFO_PENDING_DOWNLOAD, created: false, archive: { id: first.archive.id, status: 'ready' } });
  });

  it("development's reset closes the live archive (ready or pending), so the next request is a new one; other accounts keep theirs", async () => {
    const c = await newCustomer('arcreset');
    const bystander = await newCustomer('arckeep');
    const a = archivesAt(T0).s;
    const first = await a.request(c.id);
    await a.buildNow(first.archive.id);
    const kept = await a.request(bystander.id);
    await a.buildNow(kept.archive.id);
    expect(await archivesAt(T0 + 1000).s.expireLive(c.email.toUpperCase())).toBe(1);
    expect((await rowOf(c.id)).status).toBe('expired');
    const second = await archivesAt(T0 + 2000).s.request(c.id);
    expect(second).toMatchObject({ code: ErrorCode.CREATE_INFO_ARCHIVE_REQUEST_RECEIVED, created: true, archive: { status: 'pending' } });
    expect(second.archive.id).not.toBe(first.archive.id);
    // A pending one is closed too (and no pending row is left for the job tests below); the bystander's
    // ready one stays; an unknown address is no account.
    expect(await archivesAt(T0 + 3000).s.expireLive(c.email)).toBe(1);
    expect(await archivesAt(T0 + 3000).s.current(bystander.id)).toMatchObject({ id: kept.archive.id, status: 'ready' });
    expect(await archivesAt(T0 + 3000).s.expireLive('nobody@example.gr')).toBeNull();
  });

  it('two concurrent runs build a pending request once; ArchiveReady and the e-mail go out once', async () => {
    const c = await newCustomer('arcrace');
    await archivesAt(T0).s.request(c.id);
    const runs = [archivesAt(T0 + 60_000), archivesAt(T0 + 60_000)];
    const results = await Promise.all(runs.map((r) => r.s.run()));
    expect(results.reduce((n, r) => n + r.built, 0)).toBe(1);
    const row = await rowOf(c.id);
    expect(row).toMatchObject({ status: 'ready', buildRuns: 1 });
    expect(row.expiresAt!.getTime()).toBe(T0 + 60_000 + ARCHIVE_TTL_MS);
    expect(await env.FILES.head(row.objectKey!)).not.toBeNull();
    expect([...runs[0]!.published, ...runs[1]!.published]).toEqual([{ userId: c.id, archiveId: row.id }]);
    const mails = (await servicesAt().outbox.list({ to: c.email })).filter((m) => m.tag === 'archive_ready');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).toContain('/account/privacy');
    // A later run finds nothing to build.
    expect(await archivesAt(T0 + 360_000).s.run()).toMatchObject({ built: 0 });
    expect((await rowOf(c.id)).buildRuns).toBe(1);
  });

  it('the ZIP holds the README, the orders JSON with the order, and the receipt as a PDF', async () => {
    const c = await customerWithOrder('arczip');
    const a = archivesAt(T0);
    const { archive } = await a.s.request(c.id);
    await a.s.buildNow(archive.id);
    const got = await archivesAt(T0 + 1000).s.download(c.id, PASSWORD);
    if (!got.ok) throw new Error(`download ${got.code}`);
    expect(got.response.headers.get('Content-Type')).toBe('application/zip');
    expect(got.response.headers.get('Content-Disposition')).toMatch(/^attachment; filename="registrar-data-\d{4}-\d\d-\d\d\.zip"/);
    const files = unzipSync(new Uint8Array(await got.response.arrayBuffer()));
    const names = Object.keys(files);
    expect(names).toEqual(expect.arrayContaining(['README.txt', 'profile.json', 'consents.json', 'contacts.json', 'domains.json', 'orders.json', 'documents.json', 'payments.json', 'credit.json', 'sessions.json', 'notifications.json', 'audit.json', 'manifest.json']));
    const text = (name: string) => new TextDecoder().decode(files[name]);
    const ordersJson = JSON.parse(text('orders.json')) as { id: number; items: unknown[] }[];
    expect(ordersJson.map((o) => o.id)).toContain(c.orderId);
    expect(ordersJson.find((o) => o.id === c.orderId)!.items.length).toBeGreaterThan(0);
    const pdfName = names.find((n) => n.startsWith(`documents/${c.receipt.id}-`) && n.endsWith('.pdf'));
    expect(pdfName).toBeDefined();
    expect(new TextDecoder().decode(files[pdfName!]!.subarray(0, 5))).toBe('%PDF-');
    // No secret leaves: the profile has no password hash or two-factor secret.
    const profile = JSON.parse(text('profile.json')) as { account: Record<string, unknown> };
    expect(profile.account.email).toBe(c.email);
    expect(profile.account).not.toHaveProperty('passwordHash');
    expect(profile.account).not.toHaveProperty('totpSecret');
    expect(JSON.parse(text('manifest.json'))).toMatchObject({ rows: { orders: 1, pdfs: expect.any(Number) } });
  });
});

describe('GDPR archive: the schedule', () => {
  it('the */5 cron runs the archive job: a pending request is ready after it', async () => {
    expect(CRON_JOBS['*/5 * * * *']).toContain(archivesCron);
    const c = await newCustomer('arccron');
    await archivesAt(T0).s.request(c.id);
    await runScheduled('*/5 * * * *', env, new Date(T0 + 300_000));
    expect(await rowOf(c.id)).toMatchObject({ status: 'ready', readyAt: new Date(T0 + 300_000) });
  });
});

describe('GDPR archive: the download', () => {
  it('43002 for a wrong password, the ZIP for the right one', async () => {
    const c = await customerWithOrder('arcpw');
    const a = archivesAt(T0);
    await a.s.buildNow((await a.s.request(c.id)).archive.id);
    const wrong = await archivesAt(T0 + 1000).s.download(c.id, 'not-the-password');
    expect(wrong).toMatchObject({ ok: false, code: ErrorCode.ARCHIVED_INFO_PENDING_DOWNLOAD, reason: 'wrong_password', attemptsLeft: ARCHIVE_MAX_ATTEMPTS - 1 });
    const right = await archivesAt(T0 + 2000).s.download(c.id, PASSWORD);
    expect(right.ok).toBe(true);
  });

  it(`30 parallel wrong passwords: at most ${ARCHIVE_MAX_ATTEMPTS} are checked, the archive is spent and the job deletes it`, async () => {
    const c = await newCustomer('arcpar');
    await db.update(users).set({ passwordHash: DEMO_USERS[0].passwordHash }).where(eq(users.id, c.id));
    const a = archivesAt(T0);
    await a.s.buildNow((await a.s.request(c.id)).archive.id);
    const key = (await rowOf(c.id)).objectKey!;
    const guesser = archivesAt(T0 + 1000);
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => guesser.s.download(c.id, `guess-${i}`)));
    expect(guesser.checks()).toBeLessThanOrEqual(ARCHIVE_MAX_ATTEMPTS);
    // Each is refused: a wrong password (43002), the archive spent, or the login's per-address delay (429).
    expect(answers.every((r) => !r.ok && (r.code === ErrorCode.ARCHIVED_INFO_PENDING_DOWNLOAD || (r.code === 429 && r.reason === 'throttled')))).toBe(true);
    expect(answers.filter((r) => !r.ok && r.reason === 'wrong_password')).toHaveLength(ARCHIVE_MAX_ATTEMPTS - 1);
    expect((await rowOf(c.id)).status).toBe('spent');
    // Even the right password no longer opens it; a new request may be made.
    expect(await archivesAt(T0 + 2000).s.download(c.id, PASSWORD)).toMatchObject({ ok: false });
    await archivesAt(T0 + 300_000).s.run();
    expect(await env.FILES.head(key)).toBeNull();
    const renewed = await archivesAt(T0 + 301_000).s.request(c.id);
    expect(renewed).toMatchObject({ code: ErrorCode.CREATE_INFO_ARCHIVE_REQUEST_RECEIVED, created: true });
    // A new archive brings no fresh guesses: the login's per-address delay (decision 022) carries on.
    await archivesAt(T0 + 301_000).s.buildNow(renewed.archive.id);
    expect(await archivesAt(T0 + 301_100).s.download(c.id, 'guess-again')).toMatchObject({ ok: false, reason: 'wrong_password' });
    const delayed = archivesAt(T0 + 301_200);
    expect(await delayed.s.download(c.id, 'and-again')).toMatchObject({ ok: false, code: 429, reason: 'throttled' });
    expect(delayed.checks()).toBe(0);
  });

  it('after seven days the download is refused and the job deletes the R2 object', async () => {
    const c = await newCustomer('arcexp');
    await db.update(users).set({ passwordHash: DEMO_USERS[0].passwordHash }).where(eq(users.id, c.id));
    const a = archivesAt(T0);
    await a.s.buildNow((await a.s.request(c.id)).archive.id);
    const key = (await rowOf(c.id)).objectKey!;
    // The last millisecond of the seventh day still downloads; the next one does not.
    expect((await archivesAt(T0 + ARCHIVE_TTL_MS - 1).s.download(c.id, PASSWORD)).ok).toBe(true);
    const late = archivesAt(T0 + ARCHIVE_TTL_MS);
    expect(await late.s.download(c.id, PASSWORD)).toMatchObject({ ok: false, reason: 'none' });
    expect(late.checks()).toBe(0);
    expect(await late.s.current(c.id)).toMatchObject({ status: 'expired' });
    expect(await env.FILES.head(key)).not.toBeNull();
    expect(await late.s.run()).toMatchObject({ deleted: expect.any(Number) });
    expect(await env.FILES.head(key)).toBeNull();
    expect(await rowOf(c.id)).toMatchObject({ status: 'expired', objectKey: null });
  });
});

describe('GDPR archive: the privacy page and the download route', () => {
  it('the request intent answers 43000 and builds it right after; a wrong password goes back with 43002, the right one gets the ZIP', async () => {
    const c = await customerWithOrder('arcpage');
    const b = new Browser();
    expect((await login(b, c.email, PASSWORD)).status).toBe(303);
    const page = await b.open('/account/privacy');
    expect(page.res.status).toBe(200);
    expect(page.html).toContain('data-step="request"');
    const requested = await b.fetch('/account/privacy', form({ _token: page.token, intent: 'archive_request' }));
    expect(requested.status).toBe(200);
    expect(await requested.text()).toContain(`data-code="${ErrorCode.CREATE_INFO_ARCHIVE_REQUEST_RECEIVED}"`);
    // Built in the request's waitUntil: ready within moments, no cron needed.
    const start = Date.now();
    while ((await rowOf(c.id)).status !== 'ready' && Date.now() - start < 10_000) await new Promise((r) => setTimeout(r, 50));
    const ready = await b.open('/account/privacy');
    expect(ready.html).toContain('data-step="download"');
    const again = await b.fetch('/account/privacy', form({ _token: ready.token, intent: 'archive_request' }));
    expect(await again.text()).toContain(`data-code="${ErrorCode.ARCHIVED_INFO_PENDING_DOWNLOAD}"`);

    const wrong = await b.fetch('/account/privacy/archive', form({ _token: ready.token, password: 'nope-nope-nope' }));
    expect(wrong.status).toBe(303);
    expect(wrong.headers.get('Location')).toBe('/account/privacy?archive=wrong_password#archive');
    const told = await b.open('/account/privacy?archive=wrong_password');
    expect(told.html).toContain(`data-code="${ErrorCode.ARCHIVED_INFO_PENDING_DOWNLOAD}"`);
    // Without the CSRF token nothing is checked.
    expect((await b.fetch('/account/privacy/archive', form({ password: PASSWORD }))).status).toBeGreaterThanOrEqual(400);
    const got = await b.fetch('/account/privacy/archive', form({ _token: ready.token, password: PASSWORD }));
    expect(got.status).toBe(200);
    expect(got.headers.get('Content-Disposition')).toMatch(/^attachment; /);
    const files = unzipSync(new Uint8Array(await got.arrayBuffer()));
    expect(Object.keys(files)).toContain('orders.json');
  });
});

describe('GDPR archive: every step renders in both languages', () => {
  it('request, being prepared, download and the wrong-password notice, in el and en, without a missing key', async () => {
    const c = await newCustomer('arci18n');
    await db.update(users).set({ passwordHash: DEMO_USERS[0].passwordHash }).where(eq(users.id, c.id));
    const b = new Browser();
    expect((await login(b, c.email, PASSWORD)).status).toBe(303);
    const a = archivesAt(Date.now());
    const steps: [string, string, () => Promise<unknown>][] = [
      ['/account/privacy', 'request', async () => undefined],
      ['/account/privacy', 'wait', () => a.s.request(c.id)],
      ['/account/privacy?archive=wrong_password', 'download', async () => a.s.buildNow((await rowOf(c.id)).id)],
    ];
    for (const [path, step, before] of steps) {
      await before();
      for (const lng of ['el', 'en']) {
        b.cookies.set('lng', lng);
        const res = await b.fetch(path);
        const html = await res.text();
        expect(res.status, `${lng} ${step}`).toBe(200);
        expect(html, `${lng} ${step}`).toContain(`data-step="${step}"`);
        expect(res.headers.get('X-I18n-Missing'), `${lng} ${step}`).toBeNull();
      }
    }
  });
});

describe('GDPR archive: the ZIP goes to R2 in parts', () => {
  it('12 MiB of stored data go up as a multipart upload while holding less than a part and a chunk, and unzip whole', async () => {
    const key = `archives/test/${crypto.randomUUID()}.zip`;
    const zip = createZipSink(env.FILES, key, { mtime: new Date(T0) });
    const CHUNK = 64 * 1024;
    const chunks = 12 * 16;
    // Random bytes do not compress: the ZIP is as large as the data, so it needs three parts.
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === chunks) return controller.close();
        const c = new Uint8Array(CHUNK);
        crypto.getRandomValues(c);
        c[0] = sent++ % 256;
        controller.enqueue(c);
      },
    });
    await zip.text('README.txt', 'hello');
    expect(await zip.stream('big.bin', body)).toBe(chunks * CHUNK);
    const size = await zip.finish();
    expect(zip.stats.parts).toBe(3);
    expect(zip.stats.peakBufferedBytes).toBeLessThan(PART_BYTES + 2 * CHUNK);
    const object = await env.FILES.get(key);
    expect(object!.size).toBe(size);
    const files = unzipSync(new Uint8Array(await object!.arrayBuffer()));
    expect(files['big.bin']!.length).toBe(chunks * CHUNK);
    expect(files['big.bin']![CHUNK * 5]).toBe(5);
    expect(new TextDecoder().decode(files['README.txt'])).toBe('hello');
    await env.FILES.delete(key);
  });
});
