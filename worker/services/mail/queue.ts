// The mail queue (issue #33 §2, decision 096). `send` renders a template in the recipient's language
// and writes the message in the action that caused it, once per event (the dedupe key is unique), then
// tries to deliver it at once; a delivery that fails never fails the action: the row stays and the
// 5-minute cron retries it with a growing wait, MAX_ATTEMPTS times, and staff see what failed.
// Each attempt claims the row with one conditional update first, so two runs never send it twice.
import { and, asc, eq, inArray, lt, lte, sql } from 'drizzle-orm';
import { mailMessages, users, type MailAttachmentRef } from '../../../db/schema';
import type { Language } from '../../../i18n/config';
import type { MailAttachment } from '../../adapters/mail/port';
import { MailRefused } from '../../adapters/mail/http';
import { configOf } from '../../config';
import type { ServiceDeps } from '../deps';
import { compose, mailContext } from './compose';
import { mailTemplates, type MailTemplateKey } from './templates';
import type { z } from 'zod';

export const MAX_ATTEMPTS = 6;
/** Wait after the n-th failed attempt: 1 min, 5 min, 30 min, 2 h, 6 h. */
const BACKOFF_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3600_000, 6 * 3600_000];
/** A 'sending' claim older than this was a run that died mid-way: the cron may take it again. */
const CLAIM_MS = 2 * 60_000;
const FALLBACK_ORIGIN = 'http://localhost:8787';

export type ParamsOf<K extends MailTemplateKey> = z.input<(typeof mailTemplates)[K]['params']>;

export type SendInput<K extends MailTemplateKey> = {
  template: K;
  params: ParamsOf<K>;
  to: string;
  lang: Language;
  /** Unique per event: 'order-received:<id>'. A second send with the same key queues nothing. */
  dedupeKey: string;
  userId?: number | null;
  attachments?: MailAttachmentRef[];
  headers?: Record<string, string>;
  /** For what one may unsubscribe from: shown at the message's foot. */
  unsubscribeUrl?: string;
  /** The outbox tag (the dev mailbox, tests); the template's key when not given. */
  tag?: string;
  /**
   * The site the message's links point to, when the caller has it from the request (the admin host of
   * a staff invitation; development without PUBLIC_ORIGIN): the configured public origin otherwise.
   */
  origin?: string;
};

export type SendToUserInput<K extends MailTemplateKey> = Omit<SendInput<K>, 'to' | 'lang' | 'userId'> & { userId: number };

export type Queued = { id: number; created: boolean; status: (typeof mailMessages.$inferSelect)['status'] };

export function createMailService(deps: ServiceDeps) {
  const { db, env, now } = deps;
  const config = configOf(env);
  const origin = config.publicOrigin ?? FALLBACK_ORIGIN;

  async function attachmentsOf(refs: MailAttachmentRef[]): Promise<MailAttachment[]> {
    return Promise.all(
      refs.map(async (ref) => {
        const object = await env.FILES.get(ref.key);
        if (!object) throw new MailRefused(404, `attachment ${ref.key} is missing`);
        return { filename: ref.filename, contentType: ref.contentType, content: new Uint8Array(await object.arrayBuffer()) };
      }),
    );
  }

  /** One attempt at one message, if it is due and nobody else holds it. True when it went. */
  async function deliver(id: number): Promise<boolean> {
    const at = now.getTime();
    const [row] = await db
      .update(mailMessages)
      .set({ status: 'sending', attempts: sql`${mailMessages.attempts} + 1`, nextAttemptAt: new Date(at + CLAIM_MS) })
      .where(and(eq(mailMessages.id, id), inArray(mailMessages.status, ['queued', 'failed', 'sending']), lte(mailMessages.nextAttemptAt, now), lt(mailMessages.attempts, MAX_ATTEMPTS)))
      .returning();
    if (!row) return false;
    const template = mailTemplates[row.template as MailTemplateKey];
    try {
      const sent = await deps.adapters.mail.send({
        to: row.toAddress,
        subject: row.subject,
        text: row.text,
        html: row.html,
        tag: (row.headers['X-Tag'] as string | undefined) ?? row.template,
        headers: Object.fromEntries(Object.entries(row.headers).filter(([k]) => k !== 'X-Tag')),
        attachments: await attachmentsOf(row.attachments),
        meta: { mail_id: row.id, template: row.template },
      });
      await db
        .update(mailMessages)
        .set({ status: 'sent', providerId: sent.id, sentAt: now, lastError: null, ...(template?.sensitive ? { html: '', text: '', redacted: true } : {}) })
        .where(eq(mailMessages.id, row.id));
      return true;
    } catch (e) {
      const refused = e instanceof MailRefused;
      const attempts = refused ? MAX_ATTEMPTS : row.attempts;
      const wait = BACKOFF_MS[Math.min(row.attempts - 1, BACKOFF_MS.length - 1)]!;
      const gaveUp = attempts >= MAX_ATTEMPTS;
      await db
        .update(mailMessages)
        .set({ status: 'failed', attempts, nextAttemptAt: new Date(at + wait), lastError: String(e instanceof Error ? e.message : e).slice(0, 500), ...(gaveUp && template?.sensitive ? { html: '', text: '', redacted: true } : {}) })
        .where(eq(mailMessages.id, row.id));
      console.warn('mail delivery failed', row.id, row.template, e);
      return false;
    }
  }

  async function send<K extends MailTemplateKey>(input: SendInput<K>): Promise<Queued> {
    const template = mailTemplates[input.template];
    const composed = compose(input.template, template, input.params, mailContext(input.lang, config.seller, (input.origin ?? origin).replace(/\/+$/, '')), input.unsubscribeUrl);
    const [row] = await db
      .insert(mailMessages)
      .values({
        dedupeKey: input.dedupeKey,
        userId: input.userId ?? null,
        toAddress: input.to.trim().toLowerCase(),
        lang: input.lang,
        template: input.template,
        subject: composed.subject,
        html: composed.html,
        text: composed.text,
        headers: { ...(input.headers ?? {}), ...(input.tag ? { 'X-Tag': input.tag } : {}) },
        attachments: input.attachments ?? [],
        nextAttemptAt: now,
        createdAt: now,
      })
      .onConflictDoNothing({ target: mailMessages.dedupeKey })
      .returning({ id: mailMessages.id });
    if (!row) {
      const [existing] = await db.select({ id: mailMessages.id, status: mailMessages.status }).from(mailMessages).where(eq(mailMessages.dedupeKey, input.dedupeKey));
      return { id: existing?.id ?? 0, created: false, status: existing?.status ?? 'queued' };
    }
    // Delivery's own failures are kept on the row; nothing here may fail the caller's action.
    const went = await deliver(row.id).catch((e: unknown) => {
      console.warn('mail delivery crashed', row.id, e);
      return false;
    });
    return { id: row.id, created: true, status: went ? 'sent' : 'failed' };
  }

  return {
    send,
    deliver,

    /** The customer's address and language (none for an erased account: nothing to send). */
    async sendToUser<K extends MailTemplateKey>(input: SendToUserInput<K>): Promise<Queued | null> {
      const [u] = await db.select({ email: users.email, locale: users.locale }).from(users).where(eq(users.id, input.userId));
      // An erased account's address is `erased-<id>@invalid`: there is nobody to write to.
      if (!u || u.email.endsWith('@invalid')) return null;
      return send({ ...input, to: u.email, lang: u.locale === 'en' ? 'en' : 'el' } as SendInput<K>);
    },

    /** The cron's part: every message due for a (first or further) attempt, oldest first. */
    async deliverDue(limit = 50): Promise<{ tried: number; sent: number }> {
      const due = await db
        .select({ id: mailMessages.id })
        .from(mailMessages)
        .where(and(inArray(mailMessages.status, ['queued', 'failed', 'sending']), lte(mailMessages.nextAttemptAt, now), lt(mailMessages.attempts, MAX_ATTEMPTS)))
        .orderBy(asc(mailMessages.nextAttemptAt))
        .limit(limit);
      let sent = 0;
      for (const { id } of due) if (await deliver(id)) sent++;
      return { tried: due.length, sent };
    },
  };
}

export type MailService = ReturnType<typeof createMailService>;
