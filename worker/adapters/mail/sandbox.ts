// Sandbox mail: every message lands in the outbox table, readable at /dev/mailbox in development; its
// attachments are kept in R2 (files never live in D1) so the mailbox can offer them for download.
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { outbox } from '../../../db/schema';
import type { MailMessage, MailPort } from './port';

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** What Postmark accepts in one message, attachments included: the sandbox refuses past it too. */
const MAX_TOTAL_BYTES = 10 * 1024 * 1024;

export const sandboxAttachmentKey = (outboxId: number, index: number) => `sandbox-mail/${outboxId}/${index}`;

export function createSandboxMail(db: Db, files?: R2Bucket, now: () => Date = () => new Date()): MailPort {
  return {
    async send(message: MailMessage) {
      // Same refusal a provider gives for an address it cannot deliver to.
      if (!EMAIL_RE.test(message.to)) throw new Error(`mail: invalid recipient ${message.to}`);
      // A header with a line break would inject headers of its own: a provider refuses it too.
      for (const [name, value] of Object.entries(message.headers ?? {})) {
        if (!/^[A-Za-z0-9-]+$/.test(name) || /[\r\n]/.test(value)) throw new Error(`mail: invalid header ${name}`);
      }
      const attachments = message.attachments ?? [];
      const total = attachments.reduce((n, a) => n + a.content.byteLength, message.text.length + (message.html?.length ?? 0));
      if (total > MAX_TOTAL_BYTES) throw new Error('mail: message larger than 10 MB');
      const [row] = await db
        .insert(outbox)
        .values({
          channel: 'email',
          to: message.to,
          subject: message.subject,
          body: message.text,
          html: message.html ?? null,
          meta: { tag: message.tag, ...message.meta, ...(message.headers ? { headers: message.headers } : {}) },
          createdAt: now(),
        })
        .returning({ id: outbox.id });
      if (attachments.length) {
        const kept = await Promise.all(
          attachments.map(async (a, i) => {
            const key = files ? sandboxAttachmentKey(row!.id, i) : null;
            if (files && key) await files.put(key, a.content, { httpMetadata: { contentType: a.contentType } });
            return { filename: a.filename, contentType: a.contentType, size: a.content.byteLength, key };
          }),
        );
        await db.update(outbox).set({ attachments: kept }).where(eq(outbox.id, row!.id));
      }
      return { id: `sandbox-${row!.id}` };
    },
  };
}
