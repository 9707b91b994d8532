// Authentication use cases (issue #3 §3): who is logged in, login with its refusals, logout and
// "log out everywhere". Sessions live in the user's Durable Object; users live in D1.
import { and, eq, sql } from 'drizzle-orm';
import { getServerByName } from 'partyserver';
import { ErrorCode } from '../../core/errors';
import { AUTO_SUSPEND_AFTER_FAILED_LOGINS } from '../../core/rate-limits';
import { parseSessionCookie, SESSION_ABSOLUTE_MS } from '../../core/sessions';
import { users } from '../../db/schema';
import type { User } from '../../party/user';
import { deleteCookie, parseCookies, serializeCookie, wantsSecure } from '../http/cookies';
import { rotateCsrfCookie } from '../http/csrf';
import { hashPassword, needsRehash, verifyPassword } from '../security/password-hash';
import type { ServiceDeps } from '.';
import { createLiveService } from './live';
import { createRateLimitService } from './rate-limit';

export const SESSION_COOKIE = 'sid';

export type SessionUser = {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  accountName: string;
  userGroup: 'user' | 'admin';
  hasPbasAccount: boolean;
  emailVerified: boolean;
};
export type CurrentSession = { user: SessionUser; sessionId: string };

export type LoginInput = { email: string; password: string; gdprAccept: boolean; ip: string; userAgent: string; visitorId: string; uniqueId: string | null };
export type LoginResult =
  | { ok: true; user: SessionUser; setCookies: string[] }
  | { ok: false; code: number; status: number; retryAfter?: number };

export function userRoom(userId: number): string {
  return `u-${userId}`;
}

function toSessionUser(u: typeof users.$inferSelect): SessionUser {
  return {
    id: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    accountName: `${u.firstName} ${u.lastName}`.trim() || u.email,
    userGroup: u.userGroup,
    hasPbasAccount: u.hasPbasAccount,
    emailVerified: u.emailVerifiedAt !== null,
  };
}

// A real hash of a random password, verified against when the e-mail is unknown, so that an unknown
// address costs the same time as a wrong password (no account enumeration through timing).
let decoyHash: Promise<string> | null = null;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function createAuthService(deps: ServiceDeps) {
  const { db, env, now } = deps;
  const live = createLiveService(env);
  const limits = createRateLimitService(deps);
  const stub = (userId: number) => getServerByName(env.User as unknown as DurableObjectNamespace<User>, userRoom(userId));

  return {
    /** The logged-in user of this request, or null (no cookie, ended session, suspended account). */
    async current(request: Request): Promise<CurrentSession | null> {
      const parsed = parseSessionCookie(parseCookies(request.headers.get('Cookie'))[SESSION_COOKIE]);
      if (!parsed) return null;
      const session = await (await stub(parsed.userId)).touchSession(parsed.token, now.getTime());
      if (!session) return null;
      const [u] = await db.select().from(users).where(eq(users.id, parsed.userId));
      if (!u || u.status !== 'active') return null;
      return { user: toSessionUser(u), sessionId: session.id };
    },

    async login(request: Request, input: LoginInput): Promise<LoginResult> {
      const email = normalizeEmail(input.email);
      for (const [name, subject] of [['login:ip', input.ip], ['login:account', email]] as const) {
        const hit = await limits.hit(name, subject);
        if (!hit.allowed) return { ok: false, code: 429, status: 429, retryAfter: hit.retryAfter };
      }
      const [u] = await db.select().from(users).where(eq(users.email, email));
      if (!u) {
        decoyHash ??= hashPassword(crypto.randomUUID());
        await verifyPassword(input.password, await decoyHash);
        return { ok: false, code: ErrorCode.LOGIN_FAILED, status: 401 };
      }
      if (u.status === 'suspended') {
        // Only the owner of the right password learns that the account is suspended.
        if (!(await verifyPassword(input.password, u.passwordHash))) return { ok: false, code: ErrorCode.LOGIN_FAILED, status: 401 };
        return { ok: false, code: u.suspension === 'auto' ? ErrorCode.ACCOUNT_AUTO_SUSPENDED : ErrorCode.ACCOUNT_SUSPENDED, status: 403 };
      }
      if (!(await verifyPassword(input.password, u.passwordHash))) {
        const [row] = await db
          .update(users)
          .set({ failedLogins: sql`${users.failedLogins} + 1`, updatedAt: now })
          .where(eq(users.id, u.id))
          .returning({ failed: users.failedLogins });
        if ((row?.failed ?? 0) >= AUTO_SUSPEND_AFTER_FAILED_LOGINS) {
          await db.update(users).set({ status: 'suspended', suspension: 'auto', updatedAt: now }).where(and(eq(users.id, u.id), eq(users.status, 'active')));
          await (await stub(u.id)).revokeSessions({ all: true }, now.getTime());
          return { ok: false, code: ErrorCode.ACCOUNT_AUTO_SUSPENDED, status: 403 };
        }
        return { ok: false, code: ErrorCode.LOGIN_FAILED, status: 401 };
      }
      // Spec §4 "GDPR approval at login": without the processing approval the form asks for it.
      if (u.gdprProcessingAt === null) {
        if (!input.gdprAccept) return { ok: false, code: ErrorCode.PROFILE_REQUIRED_GDPR_APPROVAL, status: 403 };
        await db.update(users).set({ gdprProcessingAt: now, gdprValidityAt: now, updatedAt: now }).where(eq(users.id, u.id));
      }
      const patch: Partial<typeof users.$inferInsert> = { failedLogins: 0, lastLoginAt: now, updatedAt: now };
      if (needsRehash(u.passwordHash)) patch.passwordHash = await hashPassword(input.password);
      await db.update(users).set(patch).where(eq(users.id, u.id));
      await limits.reset('login:account', email);

      // A new session id at every login (no fixation); the other tabs of this browser reload.
      const { token } = await (await stub(u.id)).createSession({ ip: input.ip, userAgent: input.userAgent, now: now.getTime() });
      await live.toUser(input.visitorId, { channel: 'session', event: 'UserHasLoggedIn', unique_id: input.uniqueId, data: {} }).catch(() => undefined);
      const setCookie = serializeCookie(SESSION_COOKIE, `${u.id}.${token}`, {
        httpOnly: true,
        sameSite: 'Lax',
        secure: wantsSecure(request),
        maxAgeSeconds: Math.floor(SESSION_ABSOLUTE_MS / 1000),
      });
      return { ok: true, user: toSessionUser(u), setCookies: [setCookie, rotateCsrfCookie(request)] };
    },

    /** Ends this browser's session; its tabs reload. Returns the cookie that removes it. */
    async logout(request: Request, session: CurrentSession, uniqueId: string | null): Promise<string> {
      await (await stub(session.user.id)).revokeSessions({ id: session.sessionId }, now.getTime(), uniqueId);
      return deleteCookie(SESSION_COOKIE, { secure: wantsSecure(request) });
    },

    async logoutEverywhere(session: CurrentSession, options: { keepThis: boolean }): Promise<number> {
      return (await stub(session.user.id)).revokeSessions(options.keepThis ? { all: true, except: session.sessionId } : { all: true }, now.getTime());
    },

    async sessions(session: CurrentSession) {
      return (await stub(session.user.id)).listSessions(now.getTime());
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
