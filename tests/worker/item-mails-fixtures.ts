// For the item-done e-mail tests (issue #33 §1): a customer's queued messages (by template), what the
// sandbox provider received, and services whose mail provider fails every send.
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { createDb } from '../../db/client';
import { mailMessages, outbox } from '../../db/schema';
import { createAdapters, type Adapters } from '../../worker/adapters';
import type { MailPort } from '../../worker/adapters/mail/port';
import { configOf } from '../../worker/config';
import { createServices } from '../../worker/services';

const db = createDb(env.DB);

export const mailsOf = async (userId: number, template?: string) =>
  (await db.select().from(mailMessages).where(eq(mailMessages.userId, userId))).filter((m) => template === undefined || m.template === template);

export const sentTo = (email: string) => db.select().from(outbox).where(eq(outbox.to, email));

/** Services at `ms` with some ports replaced (a failing mail provider, a CA that issues at once). */
export function servicesWith(ms: number, ports: Partial<Adapters> = {}) {
  const adapters = createAdapters(configOf(env), db, 'http://localhost', env.FILES);
  return createServices({ db, env, now: new Date(ms), adapters: { ...adapters, ...ports } });
}

export const failingMail = (calls: { n: number }): MailPort => ({
  async send() {
    calls.n++;
    throw new Error('provider answered 503');
  },
});
