import { createExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../db/client';
import { api } from '../../worker/api';
import { createAdapters } from '../../worker/adapters';
import { configOf } from '../../worker/config';
import { FULL_PRODUCTION } from '../fixtures/production-settings';
import { createServices } from '../../worker/services';
import { mailTemplates } from '../../worker/services/mail';
import { Browser } from './helpers';

describe('sandbox mail and SMS, and the development mailbox', () => {
  it('stores what the ports send and shows it at /dev/mailbox and GET /api/dev/outbox', async () => {
    const { mail, sms } = createAdapters(configOf(env), createDb(env.DB));
    await mail.send({ to: 'maria@example.gr', subject: 'Κωδικός επαλήθευσης', text: 'Ο κωδικός σας είναι 482913', tag: 'otp' });
    await sms.send({ to: '+306912345678', text: 'Κωδικός: 771204', tag: 'otp' });
    const b = new Browser();
    const res = await b.fetch('/api/dev/outbox?to=maria@example.gr');
    const body = (await res.json()) as { data: { messages: { to: string; body: string; channel: string; tag: string }[] } };
    expect(body.data.messages).toHaveLength(1);
    expect(body.data.messages[0]).toMatchObject({ to: 'maria@example.gr', channel: 'email', tag: 'otp', body: 'Ο κωδικός σας είναι 482913' });
    const { html } = await b.open('/dev/mailbox');
    expect(html).toContain('482913');
    expect(html).toContain('771204');
  });

  it('refuses what a provider would refuse', async () => {
    const { mail, sms } = createAdapters(configOf(env), createDb(env.DB));
    await expect(mail.send({ to: 'not-an-address', subject: 's', text: 't', tag: 'x' })).rejects.toThrow();
    await expect(sms.send({ to: '6912345678', text: 't', tag: 'x' })).rejects.toThrow();
  });

  it('shows each e-mail’s HTML part in a sandboxed frame and offers its attachments from R2 (issue #33 §3)', async () => {
    const to = `${crypto.randomUUID().slice(0, 8)}@example.gr`;
    const key = `test-mail/${crypto.randomUUID()}.pdf`;
    const pdf = new TextEncoder().encode('%PDF-1.7\n% ΑΠΥ-9\n');
    await env.FILES.put(key, pdf);
    const services = createServices({ db: createDb(env.DB), env, now: new Date(), origin: 'http://localhost' });
    await services.mail.send({ template: 'password_changed', params: { at: new Date() }, to, lang: 'el', dedupeKey: `outbox-test:${to}`, attachments: [{ key, filename: 'ΑΠΥ-9.pdf', contentType: 'application/pdf' }] });
    const b = new Browser();
    const { html } = await b.open(`/dev/mailbox?to=${encodeURIComponent(to)}`);
    const frame = /<iframe[^>]*>/.exec(html)?.[0] ?? '';
    expect(frame).toContain('sandbox=""');
    expect(frame).toMatch(/srcdoc="&lt;!DOCTYPE html&gt;/i);
    const href = /href="(\/api\/dev\/outbox\/\d+\/attachments\/0)"/.exec(html)?.[1];
    expect(href).toBeDefined();
    // The text part stays the first <pre> of the message: the browser tests read codes and links there.
    expect(/<li[^>]*data-to="[^"]+"[^>]*>[\s\S]*?<pre[^>]*>([\s\S]*?)<\/pre>/.exec(html)?.[1]).toContain('Ο κωδικός πρόσβασής σας');
    const file = await b.fetch(href!);
    expect(file.status).toBe(200);
    expect(file.headers.get('Content-Type')).toBe('application/pdf');
    expect(file.headers.get('Content-Disposition')).toMatch(/^inline; /);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(pdf);
    expect((await b.fetch(href!.replace(/\/0$/, '/5'))).status).toBe(404);
    const api = (await (await b.fetch(`/api/dev/outbox?to=${encodeURIComponent(to)}`)).json()) as { data: { messages: { html: string | null; attachments: unknown[] }[] } };
    expect(api.data.messages[0]!.html).toContain('<html lang="el">');
    expect(api.data.messages[0]!.attachments).toHaveLength(1);
  });

  it('previews every template’s example in both languages at /dev/mailbox/templates', async () => {
    const b = new Browser();
    for (const lang of ['el', 'en'] as const) {
      const { res, html } = await b.open(`/dev/mailbox/templates?lang=${lang}`);
      expect(res.status).toBe(200);
      for (const key of Object.keys(mailTemplates)) expect(html, `${lang} ${key}`).toContain(`data-template="${key}"`);
      expect(html).toContain(lang === 'el' ? 'Ο κωδικός πρόσβασής σας άλλαξε' : 'Your password was changed');
      expect(html).toMatch(/<iframe[^>]*sandbox=""/);
    }
  });

  it('answers 404 outside development', async () => {
    const prod = { ...env, ...FULL_PRODUCTION } as Env;
    const res = await api.fetch(new Request('http://localhost/api/dev/outbox'), prod, createExecutionContext());
    expect(res.status).toBe(404);
    expect((await api.fetch(new Request('http://localhost/api/dev/outbox/1/attachments/0'), prod, createExecutionContext())).status).toBe(404);
    const send = await api.fetch(new Request('http://localhost/api/dev/mail', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"to":"a@example.gr"}' }), prod, createExecutionContext());
    expect(send.status).toBe(404);
  });
});
