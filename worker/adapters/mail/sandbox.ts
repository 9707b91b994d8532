// Sandbox mail: every message lands in the outbox table, readable at /dev/mailbox in development.
import type { Db } from '../../../db/client';
import { outbox } from '../../../db/schema';
import type { MailMessage, MailPort } from './port';

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function createSandboxMail(db: Db, now: () => Date = () => new Date()): MailPort {
  return {
    async send(message: MailMessage) {
      // Same refusal a provider gives for an address it cannot deliver to.
      if (!EMAIL_RE.test(message.to)) throw new Error(`mail: invalid recipient ${message.to}`);
      // A header with a line break would inject headers of its own: a provider refuses it too.
      for (const [name, value] of Object.entries(message.headers ?? {})) {
        if (!/^[A-Za-z0-9-]+$/.test(name) || /[\r\n]/.test(value)) throw new Error(`mail: invalid header ${name}`);
      }
      const [row] = await db
        .insert(outbox)
        .values({ channel: 'email', to: message.to, subject: message.subject, body: message.text, meta: { tag: message.tag, ...message.meta, ...(message.headers ? { headers: message.headers } : {}) }, createdAt: now() })
        .returning({ id: outbox.id });
      return { id: `sandbox-${row!.id}` };
    },
  };
}
