import { createExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../db/client';
import { api } from '../../worker/api';
import { createAdapters } from '../../worker/adapters';
import { configOf } from '../../worker/config';
import { FULL_PRODUCTION } from '../fixtures/production-settings';
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

  it('answers 404 outside development', async () => {
    const prod = { ...env, ...FULL_PRODUCTION } as Env;
    const res = await api.fetch(new Request('http://localhost/api/dev/outbox'), prod, createExecutionContext());
    expect(res.status).toBe(404);
  });
});
