// The staff e-mail log (issue #33 §3, decision 100): the list (search by address, filters by status,
// kind and customer, kinds and statuses in words), one message as sent with its attachments, "send
// again" (a new row, audited; refused for a secret or an erased account), support reading but not
// resending, failures on the dashboard, and the provider's bounce webhook.
import { createExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../db/client';
import { auditLog, mailMessages, outbox } from '../../db/schema';
import { createAdapters } from '../../worker/adapters';
import type { MailPort } from '../../worker/adapters/mail/port';
import { api } from '../../worker/api';
import { configOf } from '../../worker/config';
import { createServices } from '../../worker/services';
import recorded from '../fixtures/mail/postmark-bounce.json';
import { newCustomer, uniqueName } from './customers';
import { form } from './helpers';
import { ADMIN, staffBrowser } from './staff';

const db = createDb(env.DB);

function servicesWith(port?: MailPort) {
  const adapters = createAdapters(configOf(env), db, 'http://localhost', env.FILES);
  return createServices({ db, env, now: new Date(), adapters: port ? { ...adapters, mail: port } : adapters });
}

const down: MailPort = {
  async send() {
    throw new Error('provider answered 503');
  },
};

async function sentTo(email: string, port?: MailPort, attachments?: { key: string; filename: string; contentType: string }[], userId?: number) {
  return servicesWith(port).mail.send({ template: 'password_changed', params: { at: new Date('2026-12-02T10:00:00Z') }, to: email, lang: 'el', dedupeKey: uniqueName('log'), userId: userId ?? null, attachments });
}

const rowIds = (html: string) => [...html.matchAll(/data-testid="mail-row" data-id="(\d+)"/g)].map((m) => Number(m[1]));

describe('the staff e-mail log', () => {
  it('lists every message with its kind and status in words, searched by address and filtered by status, kind and customer', async () => {
    const c = await newCustomer('mlog');
    const sent = await sentTo(c.email, undefined, undefined, c.id);
    const failed = await sentTo(c.email, down, undefined, c.id);
    const other = await sentTo(`${uniqueName('other')}@example.net`);
    const { b } = await staffBrowser('admin');

    const all = await b.open(`${ADMIN}/admin/mail`);
    expect(all.res.status).toBe(200);
    expect(rowIds(all.html)).toEqual(expect.arrayContaining([sent.id, failed.id, other.id]));
    // Words, not keys: the kind's name and the status, in Greek by default.
    expect(all.html).toContain('Ειδοποίηση αλλαγής κωδικού');
    expect(all.html).toContain('data-status="failed">Απέτυχε<');
    expect(all.html).toContain('data-status="sent">Στάλθηκε<');
    expect(all.html).toContain(`href="/admin/customers/${c.id}"`);

    const byAddress = await b.open(`${ADMIN}/admin/mail?q=${encodeURIComponent(c.email.toUpperCase())}`);
    expect(rowIds(byAddress.html).sort()).toEqual([sent.id, failed.id].sort());
    const attention = await b.open(`${ADMIN}/admin/mail?status=attention&q=${encodeURIComponent(c.email)}`);
    expect(rowIds(attention.html)).toEqual([failed.id]);
    const sentOnly = await b.open(`${ADMIN}/admin/mail?status=sent&template=password_changed&user=${c.id}`);
    expect(rowIds(sentOnly.html)).toEqual([sent.id]);
    // An unknown filter value is no filter, and never an error.
    expect((await b.open(`${ADMIN}/admin/mail?status=lost&template=%3Cscript%3E&user=x`)).res.status).toBe(200);
    // English: the same words translated.
    b.cookies.set('lng', 'en');
    const en = await b.open(`${ADMIN}/admin/mail?q=${encodeURIComponent(c.email)}`);
    expect(en.html).toContain('Password changed notice');
    expect(en.html).toContain('data-status="failed">Failed<');
  });

  it('shows one message as it was sent, in a sandboxed frame, with its delivery and its attachment to download', async () => {
    const c = await newCustomer('mdetail');
    const key = `test-mail/${uniqueName('doc')}.pdf`;
    const pdf = new TextEncoder().encode('%PDF-1.7\n% ΤΙΜ-12\n');
    await env.FILES.put(key, pdf);
    const q = await sentTo(c.email, undefined, [{ key, filename: 'ΤΙΜ-12.pdf', contentType: 'application/pdf' }], c.id);
    const { b } = await staffBrowser('admin');
    const page = await b.open(`${ADMIN}/admin/mail/${q.id}`);
    expect(page.res.status).toBe(200);
    const frame = /<iframe[^>]*data-testid="mail-html"[^>]*>/.exec(page.html)?.[0] ?? '';
    expect(frame).toContain('sandbox=""');
    // The stored HTML is the frame's document (escaped into the attribute), with a CSP of its own first.
    expect(frame).toMatch(/srcdoc="&lt;!DOCTYPE html&gt;/i);
    expect(frame).toContain('Content-Security-Policy');
    expect(page.html).toContain('data-testid="mail-text"');
    expect(page.html).toContain('1 από 6');
    expect(page.html).toContain(`href="/admin/mail/${q.id}/attachments/0"`);
    const file = await b.fetch(`${ADMIN}/admin/mail/${q.id}/attachments/0`);
    expect(file.status).toBe(200);
    expect(file.headers.get('Content-Type')).toBe('application/pdf');
    expect(file.headers.get('Content-Disposition')).toMatch(/^inline; /);
    expect(file.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(pdf);
    expect((await b.fetch(`${ADMIN}/admin/mail/${q.id}/attachments/1`)).status).toBe(404);
    expect((await b.fetch(`${ADMIN}/admin/mail/999999999`)).status).toBe(404);
    expect((await b.fetch(`${ADMIN}/admin/mail/abc`)).status).toBe(404);
  });

  it('sends a message again as a new row that names the one it repeats and who asked, audited; refuses secrets and erased accounts', async () => {
    const c = await newCustomer('mresend');
    const q = await sentTo(c.email, undefined, undefined, c.id);
    const { b, staff } = await staffBrowser('admin');
    const page = await b.open(`${ADMIN}/admin/mail/${q.id}`);
    expect(page.html).toContain('data-testid="mail-resend"');
    const res = await b.fetch(`${ADMIN}/admin/mail/${q.id}`, form({ _token: page.token, intent: 'resend' }));
    expect(res.status).toBe(303);
    const newId = Number(/\/admin\/mail\/(\d+)\?done=resent/.exec(res.headers.get('Location') ?? '')?.[1]);
    const [original] = await db.select().from(mailMessages).where(eq(mailMessages.id, q.id));
    const [again] = await db.select().from(mailMessages).where(eq(mailMessages.id, newId));
    expect(again).toMatchObject({ resentOf: q.id, resentBy: staff.id, toAddress: c.email, template: 'password_changed', subject: original!.subject, html: original!.html, status: 'sent', userId: c.id });
    expect(again!.dedupeKey).not.toBe(original!.dedupeKey);
    expect(await db.select().from(outbox).where(eq(outbox.to, c.email))).toHaveLength(2);
    const audit = await db.select().from(auditLog).where(and(eq(auditLog.action, 'mail.resent'), eq(auditLog.targetId, String(q.id))));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorUserId: staff.id, targetType: 'mail' });
    const shown = await b.open(`${ADMIN}/admin/mail/${newId}?done=resent`);
    expect(shown.html).toContain('data-testid="mail-resent"');
    expect(shown.html).toContain(`href="/admin/mail/${q.id}"`);

    // A message whose body was cleared (a code, a link) is never repeated; nor one to an erased account.
    await db.update(mailMessages).set({ redacted: true, html: '', text: '' }).where(eq(mailMessages.id, q.id));
    const secret = await b.fetch(`${ADMIN}/admin/mail/${q.id}`, form({ _token: page.token, intent: 'resend' }));
    expect(secret.status).toBe(409);
    expect(await secret.text()).toContain('data-code="44331"');
    const erased = await sentTo(c.email);
    await db.update(mailMessages).set({ toAddress: `erased-${c.id}@invalid` }).where(eq(mailMessages.id, erased.id));
    const gone = await b.fetch(`${ADMIN}/admin/mail/${erased.id}`, form({ _token: page.token, intent: 'resend' }));
    expect(gone.status).toBe(409);
    expect(await gone.text()).toContain('data-code="44332"');
    expect(await db.select().from(auditLog).where(and(eq(auditLog.action, 'mail.resent'), eq(auditLog.targetId, String(erased.id))))).toHaveLength(0);
    expect((await b.open(`${ADMIN}/admin/mail/${q.id}`)).html).toContain('data-testid="mail-redacted"');
  });

  it('lets support read the log and a message, but not send it again', async () => {
    const c = await newCustomer('msupport');
    const q = await sentTo(c.email, undefined, undefined, c.id);
    const { b } = await staffBrowser('support');
    const menu = await b.open(`${ADMIN}/admin`);
    expect(menu.html).toContain('data-testid="staff-menu-mail"');
    expect((await b.open(`${ADMIN}/admin/mail`)).res.status).toBe(200);
    const page = await b.open(`${ADMIN}/admin/mail/${q.id}`);
    expect(page.res.status).toBe(200);
    expect(page.html).toContain('data-testid="mail-read-only"');
    expect(page.html).not.toContain('data-testid="mail-resend"');
    const res = await b.fetch(`${ADMIN}/admin/mail/${q.id}`, form({ _token: page.token, intent: 'resend' }));
    expect(res.status).toBe(403);
    expect(await db.select().from(mailMessages).where(eq(mailMessages.resentOf, q.id))).toHaveLength(0);
  });

  it('counts failed and bounced messages on the dashboard, linked to the log', async () => {
    const c = await newCustomer('mdash');
    await sentTo(c.email, down);
    const { b } = await staffBrowser('admin');
    const html = (await b.open(`${ADMIN}/admin`)).html;
    expect(Number(/data-testid="queue-mail" data-count="(\d+)"/.exec(html)?.[1])).toBeGreaterThanOrEqual(1);
    expect(/<a[^>]*data-testid="queue-mail"[^>]*>/.exec(html)?.[0]).toContain('href="/admin/mail?status=attention"');
  });
});

describe('the bounce webhook', () => {
  const SECRET = 'b'.repeat(40);
  const call = (body: unknown, headers: Record<string, string> = {}, secret: string | null = SECRET) =>
    api.fetch(
      new Request('http://localhost/api/webhooks/mail', { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) }),
      { ...env, ...(secret ? { MAIL_WEBHOOK_SECRET: secret } : {}) } as Env,
      createExecutionContext(),
    );
  const basic = `Basic ${btoa(`postmark:${SECRET}`)}`;

  it('marks the message with that provider id bounced, once, for the caller with the secret only', async () => {
    const c = await newCustomer('mbounce');
    const q = await sentTo(c.email, undefined, undefined, c.id);
    const [row] = await db.select().from(mailMessages).where(eq(mailMessages.id, q.id));
    const report = { ...recorded, MessageID: row!.providerId, Email: c.email };

    expect((await call(report)).status).toBe(401);
    expect((await call(report, { Authorization: `Basic ${btoa('postmark:wrong')}` })).status).toBe(401);
    // No secret configured (sandbox mail): the door is shut whatever is sent.
    expect((await call(report, { 'X-Webhook-Token': '' }, null)).status).toBe(401);
    expect((await db.select().from(mailMessages).where(eq(mailMessages.id, q.id)))[0]!.status).toBe('sent');

    const first = await call(report, { Authorization: basic });
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ code: 1000, data: { handled: true, changed: true } });
    const [bounced] = await db.select().from(mailMessages).where(eq(mailMessages.id, q.id));
    expect(bounced).toMatchObject({ status: 'bounced' });
    expect(bounced!.lastError).toContain('HardBounce');
    // The provider retries: the same report again changes nothing, and is still answered 200.
    const again = await call(report, { 'X-Webhook-Token': SECRET });
    expect(await again.json()).toMatchObject({ data: { handled: true, changed: false } });

    // A message we never sent, a report of another kind: 200 (nothing to retry); a body we cannot read: 400.
    expect(await (await call({ ...report, MessageID: crypto.randomUUID() }, { Authorization: basic })).json()).toMatchObject({ data: { handled: false } });
    expect(await (await call({ RecordType: 'Delivery', MessageID: row!.providerId }, { Authorization: basic })).json()).toMatchObject({ data: { handled: false } });
    expect((await call('not json', { Authorization: basic })).status).toBe(400);
    expect((await call({ RecordType: 'Bounce' }, { Authorization: basic })).status).toBe(400);

    // The log shows it, in words.
    const { b } = await staffBrowser('admin');
    const page = await b.open(`${ADMIN}/admin/mail/${q.id}`);
    expect(page.html).toContain('data-status="bounced">Επιστράφηκε<');
  });
});
