// Sandbox captcha: "how much is 3 + 4?", stored in D1 so any isolate can check it. Like a Turnstile
// token, a challenge is good once and for five minutes; a wrong answer uses it up.
import { and, eq, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { captchaChallenges } from '../../../db/schema';
import type { CaptchaPort } from './port';

export const CAPTCHA_TTL_MS = 5 * 60_000;

export function createSandboxCaptcha(db: Db, now: () => Date = () => new Date()): CaptchaPort {
  return {
    async widget() {
      const [x, y] = crypto.getRandomValues(new Uint8Array(2));
      const a = (x! % 9) + 1;
      const b = (y! % 9) + 1;
      const id = crypto.randomUUID();
      const t = now();
      // Old challenges are of no use to anyone: each new one sweeps those that expired.
      await db.delete(captchaChallenges).where(lt(captchaChallenges.expiresAt, new Date(t.getTime() - CAPTCHA_TTL_MS)));
      await db.insert(captchaChallenges).values({ id, answer: String(a + b), createdAt: t, expiresAt: new Date(t.getTime() + CAPTCHA_TTL_MS) });
      return { kind: 'sandbox', id, a, b };
    },

    async verify({ response, challengeId }) {
      const answer = response.trim();
      if (!answer || !challengeId) return { success: false, errorCodes: ['missing-input-response'] };
      const t = now();
      // Consume first, in one statement: two requests racing with the same challenge get one success.
      const [row] = await db
        .update(captchaChallenges)
        .set({ consumedAt: t })
        .where(and(eq(captchaChallenges.id, challengeId), isNull(captchaChallenges.consumedAt)))
        .returning({ answer: captchaChallenges.answer, expiresAt: captchaChallenges.expiresAt });
      if (!row) {
        const known = await db.select({ id: captchaChallenges.id }).from(captchaChallenges).where(eq(captchaChallenges.id, challengeId));
        return { success: false, errorCodes: [known.length ? 'timeout-or-duplicate' : 'invalid-input-response'] };
      }
      if (row.expiresAt.getTime() <= t.getTime()) return { success: false, errorCodes: ['timeout-or-duplicate'] };
      return answer === row.answer ? { success: true, errorCodes: [] } : { success: false, errorCodes: ['invalid-input-response'] };
    },
  };
}
