import type { Db } from '../../../db/client';
import { outbox } from '../../../db/schema';
import type { SmsMessage, SmsPort } from './port';

const E164 = /^\+[1-9]\d{7,14}$/;

export function createSandboxSms(db: Db, now: () => Date = () => new Date()): SmsPort {
  return {
    async send(message: SmsMessage) {
      // Providers refuse numbers that are not E.164 and texts over 3 concatenated parts.
      if (!E164.test(message.to)) throw new Error(`sms: invalid number ${message.to}`);
      if (message.text.length > 459) throw new Error('sms: text too long');
      const [row] = await db
        .insert(outbox)
        .values({ channel: 'sms', to: message.to, subject: '', body: message.text, meta: { tag: message.tag }, createdAt: now() })
        .returning({ id: outbox.id });
      return { id: `sandbox-${row!.id}` };
    },
  };
}
