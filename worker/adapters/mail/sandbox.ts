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
      const [row] = await db
        .insert(outbox)
        .values({ channel: 'email', to: message.to, subject: message.subject, body: message.text, meta: { tag: message.tag, ...message.meta }, createdAt: now() })
        .returning({ id: outbox.id });
      return { id: `sandbox-${row!.id}` };
    },
  };
}
