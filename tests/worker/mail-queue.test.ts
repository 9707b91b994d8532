// The mail queue (issue #33 §2, decision 096): one message per event, rendered in the recipient's
// language, delivered at once when the provider answers and retried by the cron when it does not,
// never failing the action that caused it; attachments read from R2 at delivery; a sensitive body
// cleared once sent.
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../db/client';
import { mailMessages, outbox, users } from '../../db/schema';
import { createAdapters } from '../../worker/adapters';
import type { MailPort } from '../../worker/adapters/mail/port';
import { MailRefused } from '../../worker/adapters/mail/http';
import { configOf } from '../../worker/config';
import { runScheduled } from '../../worker/cron';
import { createServices } from '../../worker/services';
import { MAX_ATTEMPTS, MailParamsError } from '../../worker/services/mail';
import { newCustomer, uniqueName } from './customers';

const db = createDb(env.DB);

/** Services whose mail port is the sandbox, or `port` when given (a provider that fails). */
function servicesWith(now: Date, port?: MailPort) {
  const adapters = createAdapters(configOf(env), db, 'http://localhost', env.FILES);
  return createServices({ db, env, now, adapters: port ? { ...adapters, mail: port } : adapters });
}

const down = (calls: { n: number }): MailPort => ({
  async send() {
    calls.n++;
    throw new Error('provider answered 503');
  },
});

describe('the mail queue', () => {
  it('sends a template once per event, in the customer’s language, with an HTML and a text part', async () => {
    const c = await newCustomer('mq-lang');
    await db.update(users).set({ locale: 'en' }).where(eq(users.id, c.id));
    const s = servicesWith(new Date('2026-12-02T10:00:00Z'));
    const key = `test-password:${c.id}`;
    const first = await s.mail.sendToUser({ template: 'password_changed', params: { at: new Date('2026-12-02T10:00:00Z') }, userId: c.id, dedupeKey: key });
    const again = await s.mail.sendToUser({ template: 'password_changed', params: { at: new Date('2026-12-02T10:00:00Z') }, userId: c.id, dedupeKey: key });
    expect(first).toMatchObject({ created: true, status: 'sent' });
    expect(again).toMatchObject({ created: false, id: first!.id });
    const sent = await db.select().from(outbox).where(eq(outbox.to, c.email));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toBe('Your password was changed');
    expect(sent[0]!.html).toContain('<html lang="en">');
    // Athens time: 12:00 on 2 December (UTC+2).
    expect(sent[0]!.body).toContain('2 December 2026 at 12:00');
    expect(sent[0]!.html).toContain('2 December 2026 at 12:00');
    const [row] = await db.select().from(mailMessages).where(eq(mailMessages.id, first!.id));
    expect(row).toMatchObject({ status: 'sent', attempts: 1, userId: c.id, lang: 'en', template: 'password_changed' });
  });

  it('refuses a template with a missing parameter before anything is written', async () => {
    const c = await newCustomer('mq-params');
    const s = servicesWith(new Date());
    await expect(s.mail.send({ template: 'password_changed', params: {} as never, to: c.email, lang: 'el', dedupeKey: `bad:${c.id}` })).rejects.toBeInstanceOf(MailParamsError);
    expect(await db.select().from(mailMessages).where(eq(mailMessages.dedupeKey, `bad:${c.id}`))).toHaveLength(0);
  });

  it('keeps a message the provider could not take, and the cron sends it when its wait is over', async () => {
    const c = await newCustomer('mq-retry');
    const calls = { n: 0 };
    const t0 = new Date('2026-12-02T10:00:00Z');
    const queued = await servicesWith(t0, down(calls)).mail.send({ template: 'password_changed', params: { at: t0 }, to: c.email, lang: 'el', dedupeKey: uniqueName('retry') });
    // The action that caused it goes on: nothing was thrown.
    expect(queued).toMatchObject({ created: true, status: 'failed' });
    expect(calls.n).toBe(1);
    let [row] = await db.select().from(mailMessages).where(eq(mailMessages.id, queued.id));
    expect(row).toMatchObject({ status: 'failed', attempts: 1, lastError: 'provider answered 503' });
    // Thirty seconds later its wait (one minute) is not over: not tried.
    await servicesWith(new Date(t0.getTime() + 30_000), down(calls)).mail.deliver(queued.id);
    expect(calls.n).toBe(1);
    // Two minutes later the real cron takes it (through the sandbox, which answers).
    await runScheduled('*/5 * * * *', env, new Date(t0.getTime() + 120_000));
    [row] = await db.select().from(mailMessages).where(eq(mailMessages.id, queued.id));
    expect(row).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    expect(await db.select().from(outbox).where(eq(outbox.to, c.email))).toHaveLength(1);
  });

  it('stops after its attempts, and at once when the provider refuses the message itself', async () => {
    const c = await newCustomer('mq-stop');
    const calls = { n: 0 };
    let at = new Date('2026-12-03T10:00:00Z').getTime();
    const q = await servicesWith(new Date(at), down(calls)).mail.send({ template: 'password_changed', params: { at: new Date(at) }, to: c.email, lang: 'el', dedupeKey: uniqueName('stop') });
    for (let i = 0; i < MAX_ATTEMPTS + 3; i++) {
      at += 7 * 3600_000;
      await servicesWith(new Date(at), down(calls)).mail.deliver(q.id);
    }
    expect(calls.n).toBe(MAX_ATTEMPTS);
    const refusing: MailPort = {
      async send() {
        calls.n++;
        throw new MailRefused(422, 'mail provider answered 422 (406 Inactive recipient)');
      },
    };
    const before = calls.n;
    const r = await servicesWith(new Date(at), refusing).mail.send({ template: 'password_changed', params: { at: new Date(at) }, to: c.email, lang: 'el', dedupeKey: uniqueName('refused') });
    await servicesWith(new Date(at + 24 * 3600_000), refusing).mail.deliver(r.id);
    expect(calls.n - before).toBe(1);
    const [row] = await db.select().from(mailMessages).where(eq(mailMessages.id, r.id));
    expect(row).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
    expect(row!.lastError).toContain('Inactive recipient');
  });

  it('is delivered once when two runs take the same message at the same moment', async () => {
    const c = await newCustomer('mq-race');
    const calls = { n: 0 };
    const t0 = new Date('2026-12-04T10:00:00Z');
    const q = await servicesWith(t0, down(calls)).mail.send({ template: 'password_changed', params: { at: t0 }, to: c.email, lang: 'el', dedupeKey: uniqueName('race') });
    const later = new Date(t0.getTime() + 10 * 60_000);
    const results = await Promise.all(Array.from({ length: 5 }, () => servicesWith(later).mail.deliver(q.id)));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await db.select().from(outbox).where(eq(outbox.to, c.email))).toHaveLength(1);
  });

  it('attaches a file from R2 at delivery; the sandbox keeps its bytes for the mailbox', async () => {
    const c = await newCustomer('mq-attach');
    const key = `test-mail/${uniqueName('doc')}.pdf`;
    const pdf = new TextEncoder().encode('%PDF-1.7\n% ΑΠΥ-7\n');
    await env.FILES.put(key, pdf);
    const q = await servicesWith(new Date()).mail.send({ template: 'password_changed', params: { at: new Date() }, to: c.email, lang: 'el', dedupeKey: uniqueName('attach'), attachments: [{ key, filename: 'ΑΠΥ-7.pdf', contentType: 'application/pdf' }] });
    expect(q.status).toBe('sent');
    const [sent] = await db.select().from(outbox).where(eq(outbox.to, c.email));
    expect(sent!.attachments).toEqual([{ filename: 'ΑΠΥ-7.pdf', contentType: 'application/pdf', size: pdf.byteLength, key: expect.stringMatching(/^sandbox-mail\//) }]);
    const kept = await env.FILES.get(sent!.attachments[0]!.key!);
    expect(new Uint8Array(await kept!.arrayBuffer())).toEqual(pdf);
    // An attachment gone from R2 fails that message (and says why), not the caller.
    const gone = await servicesWith(new Date()).mail.send({ template: 'password_changed', params: { at: new Date() }, to: c.email, lang: 'el', dedupeKey: uniqueName('gone'), attachments: [{ key: 'test-mail/none.pdf', filename: 'x.pdf', contentType: 'application/pdf' }] });
    const [row] = await db.select().from(mailMessages).where(eq(mailMessages.id, gone.id));
    expect(row).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
    expect(row!.lastError).toContain('missing');
  });

  it('a changed password is told by e-mail from the template, in Greek by default', async () => {
    const c = await newCustomer('mq-pw');
    const s = servicesWith(new Date('2026-12-02T10:00:00Z'));
    const [u] = await db.select().from(users).where(eq(users.id, c.id));
    expect(u!.locale).toBe('el');
    await s.mail.sendToUser({ template: 'password_changed', params: { at: new Date('2026-12-02T10:00:00Z') }, userId: c.id, dedupeKey: uniqueName('pw') });
    const [sent] = await db.select().from(outbox).where(eq(outbox.to, c.email));
    expect(sent!.subject).toBe('Ο κωδικός πρόσβασής σας άλλαξε');
    expect(sent!.body).toContain('2 Δεκεμβρίου 2026');
    expect(sent!.html).toContain('ΑΦΜ');
  });
});
