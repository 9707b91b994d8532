// Forgets what the account flows leave behind once it can no longer be used: pending registrations
// (they hold a password hash), one-time codes, reset/verification/two-factor tokens and sandbox
// captcha challenges, a day after they expired. The grace day keeps recent rows for the codes' answers
// (90005 "already verified" needs the used code) and for support questions. Login delays go once their
// memory has passed (a quiet day: decision 022), since they would count nothing any more.
import { lt } from 'drizzle-orm';
import { createDb } from '../../db/client';
import { PASSWORD_THROTTLE, SECOND_FACTOR_THROTTLE } from '../../core/login-throttle';
import { captchaChallenges, loginThrottles, oneTimeCodes, pendingRegistrations, tokens } from '../../db/schema';

export const CLEANUP_GRACE_MS = 24 * 60 * 60_000;

export async function accountsCleanupCron(env: Env, now: Date) {
  const db = createDb(env.DB);
  const before = new Date(now.getTime() - CLEANUP_GRACE_MS);
  const forgotten = new Date(now.getTime() - Math.max(PASSWORD_THROTTLE.memoryMs, SECOND_FACTOR_THROTTLE.memoryMs));
  const [pending, codes, used, captchas, throttles] = await db.batch([
    db.delete(pendingRegistrations).where(lt(pendingRegistrations.expiresAt, before)).returning({ k: pendingRegistrations.tokenHash }),
    db.delete(oneTimeCodes).where(lt(oneTimeCodes.expiresAt, before)).returning({ k: oneTimeCodes.id }),
    db.delete(tokens).where(lt(tokens.expiresAt, before)).returning({ k: tokens.tokenHash }),
    db.delete(captchaChallenges).where(lt(captchaChallenges.expiresAt, before)).returning({ k: captchaChallenges.id }),
    db.delete(loginThrottles).where(lt(loginThrottles.lastFailureAt, forgotten)).returning({ k: loginThrottles.key }),
  ]);
  return { pendingRegistrations: pending.length, oneTimeCodes: codes.length, tokens: used.length, captchaChallenges: captchas.length, loginThrottles: throttles.length };
}
