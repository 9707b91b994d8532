// Reading what the sandbox mail and SMS ports sent (development only: the routes check APP_ENV): each
// message's text and HTML parts and the attachments the sandbox kept in R2 (issue #33 §3).
import { desc, eq } from 'drizzle-orm';
import { outbox } from '../../../db/schema';
import type { ServiceDeps } from '../deps';

export type OutboxAttachment = { filename: string; contentType: string; size: number; key: string | null };

export type OutboxMessage = {
  id: number;
  channel: 'email' | 'sms';
  to: string;
  subject: string;
  body: string;
  /** The HTML part (mail sent through the queue has one; a plain message has none). */
  html: string | null;
  attachments: OutboxAttachment[];
  tag: string | null;
  headers: Record<string, string>;
  createdAt: string;
};

export function createOutboxService({ db, env }: ServiceDeps) {
  return {
    async list(filter: { to?: string; limit?: number } = {}): Promise<OutboxMessage[]> {
      const rows = await db
        .select()
        .from(outbox)
        .where(filter.to ? eq(outbox.to, filter.to.trim().toLowerCase()) : undefined)
        .orderBy(desc(outbox.id))
        .limit(Math.min(filter.limit ?? 100, 500));
      return rows.map((r) => ({
        id: r.id,
        channel: r.channel,
        to: r.to,
        subject: r.subject,
        body: r.body,
        html: r.html ?? null,
        attachments: r.attachments ?? [],
        tag: typeof r.meta.tag === 'string' ? r.meta.tag : null,
        headers: r.meta.headers && typeof r.meta.headers === 'object' ? (r.meta.headers as Record<string, string>) : {},
        createdAt: r.createdAt.toISOString(),
      }));
    },

    /** One attachment of one message, as the sandbox kept it in R2 (null: no such message, index or object). */
    async attachment(id: number, index: number): Promise<{ body: ReadableStream; filename: string; contentType: string; size: number } | null> {
      const [row] = await db.select({ attachments: outbox.attachments }).from(outbox).where(eq(outbox.id, id));
      const a = row?.attachments?.[index];
      if (!a?.key) return null;
      const object = await env.FILES.get(a.key);
      if (!object) return null;
      return { body: object.body, filename: a.filename, contentType: a.contentType, size: object.size };
    },
  };
}
