// The login's own security notice (issue #33 §1): a completed login from a browser the account does
// not know. Kept beside auth.ts so the login's use cases stay readable; the words are the template's.
import { and, eq, sql } from 'drizzle-orm';
import { describeUserAgent } from '../../../core/sessions';
import { tokens, type users } from '../../../db/schema';
import { configOf } from '../../config';
import type { ServiceDeps } from '../deps';
import { createMailService } from '../mail';
import type { SessionMeta } from './session-types';

/** An account this young whose first browser this is has nothing to be warned of (decision 099). */
export const NEW_ACCOUNT_MS = 24 * 60 * 60_000;

/**
 * Told once per session (the session id is the event). Not for the first browser of an account made
 * within the day (the registration's own login, or the first login of an account staff or an import
 * made): there is no other device it could be news against. An older account with no device on record
 * (none for 180 days) is told: a dormant account is the one a stolen password is tried on. Never fails
 * the login: the session stands without its message.
 */
export async function newDeviceMail(deps: ServiceDeps, u: Pick<typeof users.$inferSelect, 'id' | 'createdAt'>, meta: Pick<SessionMeta, 'ip' | 'userAgent'>, sessionId: string, requestOrigin: string): Promise<void> {
  try {
    if (deps.now.getTime() - u.createdAt.getTime() < NEW_ACCOUNT_MS) {
      // The device just remembered is one of these: more than one means another browser came first.
      const [known] = await deps.db.select({ n: sql<number>`count(*)` }).from(tokens).where(and(eq(tokens.userId, u.id), eq(tokens.purpose, 'known_device')));
      if ((known?.n ?? 0) <= 1) return;
    }
    const { browser, os } = describeUserAgent(meta.userAgent);
    await createMailService(deps).sendToUser({
      template: 'new_device_login',
      params: { at: deps.now, browser, os, ip: meta.ip.slice(0, 64) },
      userId: u.id,
      dedupeKey: `new-device:${u.id}:${sessionId}`,
      tag: 'security:new_device',
      // The site's configured address; the request's only where none is set (development).
      origin: configOf(deps.env).publicOrigin ?? requestOrigin,
    });
  } catch (e) {
    console.error('new-device mail failed', u.id, e);
  }
}
