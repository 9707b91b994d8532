// The staff e-mail log (issue #33 §3, decision 100): every message of the queue with its recipient,
// template, status and customer, searched by address and filtered by status and template, a page at a
// time; one message as it was sent, with its attempts, attachments and resends; "send again" (a new
// row that names the one it repeats and who asked, audited in the same batch); the failures the
// dashboard counts; and the provider's bounce reports, matched by the provider's message id.
import { and, count, desc, eq, inArray, like, type SQL } from 'drizzle-orm';
import { ErrorCode } from '../../../core/errors';
import { mailResendRefusal, MAIL_LOG_ATTENTION_STATUSES, type MailLogFilters } from '../../../core/staff/mail-log';
import { auditStatement, rawBatch } from '../../../db/raw-batch';
import { mailMessages, users, type MailAttachmentRef } from '../../../db/schema';
import type { ServiceDeps } from '../deps';
import type { Language } from '../../../i18n/config';
import { isSensitiveTemplate, mailTemplateKeys, previewTemplates, templateNames } from './gallery';
import { createMailService, MAX_ATTEMPTS } from './queue';
import { mailTemplates, type MailTemplateKey } from './templates';

export type MailLogRow = {
  id: number;
  toAddress: string;
  subject: string;
  template: string;
  status: (typeof mailMessages.$inferSelect)['status'];
  attempts: number;
  createdAt: number;
  sentAt: number | null;
  userId: number | null;
  resentOf: number | null;
  redacted: boolean;
};

export type MailLogMessage = MailLogRow & {
  lang: 'el' | 'en';
  html: string;
  text: string;
  attachments: MailAttachmentRef[];
  lastError: string | null;
  nextAttemptAt: number;
  providerId: string | null;
  sensitive: boolean;
  customer: { id: number; email: string } | null;
  resentBy: { id: number; email: string } | null;
  /** The queue's attempts before it gives up (the page says "2 of 6"). */
  maxAttempts: number;
  /** Later messages that repeat this one. */
  resends: { id: number; status: MailLogRow['status']; createdAt: number }[];
};

/** Who asked (the audit log's actor): the member of staff and the address they acted from. */
export type MailActor = { userId: number; ip: string | null };

export type ResendResult = { ok: true; id: number; status: MailLogRow['status'] } | { ok: false; code: number; status: number };

/** A bounce report as the provider sends it (Postmark's bounce webhook), the fields we keep. */
export type BounceReport = { providerId: string; type: string; email: string; description?: string; at?: Date };

const likeEscaped = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function conditions(f: MailLogFilters): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (f.statuses) parts.push(inArray(mailMessages.status, [...f.statuses]));
  if (f.template) parts.push(eq(mailMessages.template, f.template));
  if (f.userId) parts.push(eq(mailMessages.userId, f.userId));
  // Addresses are stored lower case (the queue normalises them).
  if (f.address) parts.push(like(mailMessages.toAddress, likeEscaped(f.address)));
  return and(...parts);
}

const rowOf = (m: typeof mailMessages.$inferSelect): MailLogRow => ({
  id: m.id,
  toAddress: m.toAddress,
  subject: m.subject,
  template: m.template,
  status: m.status,
  attempts: m.attempts,
  createdAt: m.createdAt.getTime(),
  sentAt: m.sentAt?.getTime() ?? null,
  userId: m.userId,
  resentOf: m.resentOf,
  redacted: m.redacted,
});

export function createStaffMailLog(deps: ServiceDeps) {
  const { db, now } = deps;

  return {
    /** Every template's key (the filter accepts only these). */
    templateKeys: (): readonly string[] => mailTemplateKeys,
    /** Every template's name in words, in `lang`. */
    templateNames: (lang: Language) => templateNames(deps.env, lang),
    /** Every template drawn with its example (the development mailbox's preview). */
    previews: (lang: Language) => previewTemplates(deps.env, lang),

    /** A template's own `example` to an address (development: the dev API's "send me one"). */
    sendExample(key: string, input: { to: string; lang: Language; dedupeKey: string }) {
      const template = mailTemplates[key as MailTemplateKey];
      if (!template) throw new Error(`mail: no template ${key}`);
      return createMailService(deps).send({ template: key as MailTemplateKey, params: template.example as never, ...input });
    },

    async list(input: { filters: MailLogFilters; perPage: number; offset: number }): Promise<{ rows: MailLogRow[]; total: number }> {
      const where = conditions(input.filters);
      const [rows, [total]] = await db.batch([
        db.select().from(mailMessages).where(where).orderBy(desc(mailMessages.id)).limit(input.perPage).offset(input.offset),
        db.select({ n: count() }).from(mailMessages).where(where),
      ]);
      return { rows: rows.map(rowOf), total: Number(total?.n ?? 0) };
    },

    /** A customer's latest messages, for their page in the back office. */
    async ofCustomer(userId: number, limit = 10): Promise<{ rows: MailLogRow[]; total: number }> {
      return this.list({ filters: { statuses: null, template: null, address: null, userId }, perPage: limit, offset: 0 });
    },

    async message(id: number): Promise<MailLogMessage | null> {
      const [m] = await db.select().from(mailMessages).where(eq(mailMessages.id, id));
      if (!m) return null;
      const ids = [m.userId, m.resentBy].filter((v): v is number => v !== null);
      const [people, resends] = await db.batch([
        db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, ids.length ? ids : [0])),
        db.select({ id: mailMessages.id, status: mailMessages.status, createdAt: mailMessages.createdAt }).from(mailMessages).where(eq(mailMessages.resentOf, id)).orderBy(desc(mailMessages.id)).limit(20),
      ]);
      const person = (pid: number | null) => (pid === null ? null : (people.find((p) => p.id === pid) ?? null));
      return {
        ...rowOf(m),
        lang: m.lang,
        html: m.html,
        text: m.text,
        attachments: m.attachments,
        lastError: m.lastError,
        nextAttemptAt: m.nextAttemptAt.getTime(),
        providerId: m.providerId,
        sensitive: isSensitiveTemplate(m.template),
        customer: person(m.userId),
        resentBy: person(m.resentBy),
        resends: resends.map((r) => ({ id: r.id, status: r.status, createdAt: r.createdAt.getTime() })),
        maxAttempts: MAX_ATTEMPTS,
      };
    },

    /**
     * The same message again, as it was rendered, to the same address: a new row (its own dedupe key,
     * `resent_of`, `resent_by`) and the audit row in one batch, then delivered like any other. Refused
     * for a secret (sensitive or redacted) and for an erased recipient.
     */
    async resend(actor: MailActor, id: number): Promise<ResendResult> {
      const [m] = await db.select().from(mailMessages).where(eq(mailMessages.id, id));
      if (!m) return { ok: false, code: ErrorCode.MAIL_MESSAGE_NOT_FOUND, status: 404 };
      const refusal = mailResendRefusal({ sensitive: isSensitiveTemplate(m.template), redacted: m.redacted, toAddress: m.toAddress });
      if (refusal !== null) return { ok: false, code: refusal, status: 409 };
      const key = `resend:${m.id}:${crypto.randomUUID()}`;
      const at = now.getTime();
      // The copy is taken from the row as it is in the same statement: a body cleared meanwhile is not copied.
      const [inserted] = await rawBatch(db, [
        {
          sql: `INSERT INTO mail_messages (dedupe_key, user_id, to_address, lang, template, subject, html, text, headers, attachments, status, attempts, next_attempt_at, redacted, resent_of, resent_by, created_at)
                SELECT ?, user_id, to_address, lang, template, subject, html, text, headers, attachments, 'queued', 0, ?, 0, id, ?, ? FROM mail_messages
                WHERE id = ? AND redacted = 0 AND to_address NOT LIKE '%@invalid' RETURNING id`,
          params: [key, at, actor.userId, at, m.id],
        },
        auditStatement(
          { actorUserId: actor.userId, ip: actor.ip, action: 'mail.resent', targetType: 'mail', targetId: m.id, detail: { template: m.template, dedupeKey: key }, at: now },
          { sql: 'EXISTS (SELECT 1 FROM mail_messages WHERE dedupe_key = ?)', params: [key] },
        ),
      ]);
      const newId = (inserted?.results?.[0] as { id?: number } | undefined)?.id;
      if (!newId) return { ok: false, code: ErrorCode.MAIL_RESEND_SENSITIVE, status: 409 };
      const went = await createMailService(deps)
        .deliver(newId)
        .catch((e: unknown) => {
          console.warn('mail resend delivery crashed', newId, e);
          return false;
        });
      return { ok: true, id: newId, status: went ? 'sent' : 'failed' };
    },

    /** One attachment of a message, streamed from R2 for staff (null: no such message, index or object). */
    async attachment(id: number, index: number): Promise<{ body: ReadableStream; filename: string; contentType: string; size: number } | null> {
      const [m] = await db.select({ attachments: mailMessages.attachments }).from(mailMessages).where(eq(mailMessages.id, id));
      const ref = m?.attachments[index];
      if (!ref) return null;
      const object = await deps.env.FILES.get(ref.key);
      if (!object) return null;
      return { body: object.body, filename: ref.filename, contentType: ref.contentType, size: object.size };
    },

    /** Messages that need a look: failed (still retried or given up) or bounced. */
    async attentionCount(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(mailMessages).where(inArray(mailMessages.status, [...MAIL_LOG_ATTENTION_STATUSES]));
      return Number(row?.n ?? 0);
    },

    /**
     * The provider could not deliver a message it had accepted: the row says bounced, with the kind of
     * bounce. Idempotent (a repeated report changes nothing); false when no message has that id.
     */
    async markBounced(report: BounceReport): Promise<{ found: boolean; changed: boolean }> {
      const why = `bounce: ${report.type}${report.description ? ` — ${report.description}` : ''}`.slice(0, 500);
      const changed = await db
        .update(mailMessages)
        .set({ status: 'bounced', lastError: why })
        .where(and(eq(mailMessages.providerId, report.providerId), inArray(mailMessages.status, ['sent', 'sending', 'failed', 'queued'])))
        .returning({ id: mailMessages.id });
      if (changed.length) return { found: true, changed: true };
      const [known] = await db.select({ id: mailMessages.id }).from(mailMessages).where(eq(mailMessages.providerId, report.providerId));
      return { found: Boolean(known), changed: false };
    },
  };
}

export type StaffMailLog = ReturnType<typeof createStaffMailLog>;
