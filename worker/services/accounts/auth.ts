// Authentication use cases (issue #3 §3): who is logged in, login with its refusals, logout and
// "log out everywhere". Sessions live in the user's Durable Object; users live in D1.
import { and, eq, sql } from 'drizzle-orm';
import { ErrorCode } from '../../../core/errors';
import { crossesAlert, deviceSkipsDelay, PASSWORD_THROTTLE, SECOND_FACTOR_THROTTLE } from '../../../core/login-throttle';
import { parseSessionCookie, sessionCookieMaxAgeSeconds, sessionKindFor } from '../../../core/sessions';
import { billingProfiles, users } from '../../../db/schema';
import { deleteCookie, hostCookieName, readHostCookie, serializeCookie, wantsSecure } from '../../http/cookies';
import { rotateCsrfCookie } from '../../http/csrf';
import { hashPassword, needsRehash, verifyPassword } from '../../security/password-hash';
import type { ServiceDeps } from '../deps';
import { needsGdprApproval } from '../../../core/gdpr';
import { maskEmail } from '../../../core/otp';
import { verifyTotp } from '../../../core/totp';
import { tokens } from '../../../db/schema';
import { createMailService } from '../mail';
import { newDeviceMail } from './security-mails';
import { createCartService } from '../cart';
import { createLiveService } from '../platform';
import { createKnownDevices, createLoginThrottle, passwordThrottleKey, secondFactorThrottleKey } from './login-throttle';
import { createLoginApproval, type ApprovalAnswer } from './login-approval';
import { createOtpService, sha256Hex } from './otp';
import { spendToken, takeTokenAttempt } from './token-attempts';
import { plainUserStub, requestReads, userStub } from '../platform';
import { createRateLimitService } from '../platform';
import { unreadCountQuery } from '../notifications';

export const SESSION_COOKIE = 'sid';
/** The session cookie of this request: `__Host-sid` over https (issue #19 §4); every reader uses this. */
export const readSessionCookie = (request: Request) => readHostCookie(request, SESSION_COOKIE);

// The session and login shapes live beside this service (split by subject: auth.ts stays the use cases).
export type { CurrentSession, LoginInput, LoginResult, SessionMeta, SessionUser, TwoFactorMethod } from './session-types';
import type { LoginInput, LoginResult, SessionMeta, SessionUser, TwoFactorMethod, CurrentSession } from './session-types';

/** A password that was right stays good for the second factor this long. */
export const TWO_FACTOR_CHALLENGE_MS = 10 * 60_000;
export const TWO_FACTOR_MAX_ATTEMPTS = 5;

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
    totpEnabled: u.totpEnabledAt !== null,
  };
}

// A real hash of a random password, verified against when the e-mail is unknown, so that an unknown
// address costs the same time as a wrong password (no account enumeration through timing). It is made
// with CURRENT_PARAMS, like every stored hash after its owner's next login (needsRehash).
// Only the finished hash is shared between requests: a pending one belongs to the request that started
// it, and workerd cancels every other request awaiting it as hung when that one ends first (the same
// rule as platform/read-cache.ts). Two first lookups at once each hash; the first to finish is kept.
let decoyHash: string | null = null;
export async function decoy(): Promise<string> {
  if (decoyHash !== null) return decoyHash;
  const hash = await hashPassword(crypto.randomUUID());
  decoyHash ??= hash;
  return decoyHash;
}

export function randomToken(bytes = 32): string {
  const raw = crypto.getRandomValues(new Uint8Array(bytes));
  let s = '';
  for (const b of raw) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * `verify` is the password check and `checkTotp` the authenticator code's: tests wrap them to count
 * which answers cost a check (one verification each; at most the limit under parallel requests).
 */
export function createAuthService(
  deps: ServiceDeps,
  { verify = verifyPassword, checkTotp = verifyTotp, policyVersion }: { verify?: typeof verifyPassword; checkTotp?: typeof verifyTotp; policyVersion?: number } = {},
) {
  const { db, env, now } = deps;
  const live = createLiveService(env);
  const limits = createRateLimitService(deps);
  const otp = createOtpService(deps);
  const passwordThrottle = createLoginThrottle(db, now, PASSWORD_THROTTLE);
  const secondFactorThrottle = createLoginThrottle(db, now, SECOND_FACTOR_THROTTLE);
  const devices = createKnownDevices(db, now);
  const approval = createLoginApproval(deps, policyVersion);
  const stub = (userId: number) => userStub(deps, userRoom(userId));

  // A new session id at every login (no fixation); the other tabs of this browser reload.
  async function startSession(request: Request, u: typeof users.$inferSelect, meta: SessionMeta): Promise<string[]> {
    // Staff sessions are short (decision 024): the kind is fixed at login from the user's group.
    const kind = sessionKindFor(u.userGroup);
    const { token, id: sessionId } = await (await stub(u.id)).createSession({ ip: meta.ip, userAgent: meta.userAgent, now: now.getTime(), kind });
    // The guest's cart joins the account's (issue #5 §1); a failure here must not block the login.
    await createCartService(deps)
      .mergeAtLogin(meta.visitorId, u.id)
      .catch((e) => console.error('cart merge at login failed', e));
    await live.toUser(meta.visitorId, { channel: 'session', event: 'UserHasLoggedIn', unique_id: meta.uniqueId, data: {} }).catch(() => undefined);
    const setCookie = serializeCookie(hostCookieName(request, SESSION_COOKIE), `${u.id}.${token}`, {
      httpOnly: true,
      sameSite: 'Lax',
      secure: wantsSecure(request),
      maxAgeSeconds: sessionCookieMaxAgeSeconds(kind),
    });
    // This browser is now known to the account: the login delays will not keep it out (decision 022).
    const device = await devices.remember(request, u.id);
    // A browser the account did not know (a new device record, issue #33 §1): its owner hears of it.
    if (device.newDevice) await newDeviceMail(deps, u, meta, sessionId, new URL(request.url).origin);
    return [setCookie, rotateCsrfCookie(request), ...device.cookies];
  }

  // Someone who has the password is guessing the second factor: the owner should change the password.
  // A failure to send must not change the answer the guesser gets.
  async function alertSecondFactorFailures(u: typeof users.$inferSelect, failures: number) {
    // The streak's count is taken once per attempt, so (account, count, moment) is this crossing.
    await createMailService(deps)
      .sendToUser({ template: 'second_factor_alert', params: { failures }, userId: u.id, dedupeKey: `second-factor-alert:${u.id}:${failures}:${now.getTime()}`, tag: 'security:second_factor_failures' })
      .catch((e) => console.error('second-factor alert mail failed', e));
  }

  async function startTwoFactor(u: typeof users.$inferSelect, input: LoginInput): Promise<LoginResult> {
    const method: TwoFactorMethod = u.totpEnabledAt ? 'totp' : 'email';
    if (method === 'email') {
      const sent = await otp.send({ purpose: 'login_2fa', channel: 'email', target: u.email, userId: u.id, ip: input.ip, locale: input.locale });
      // A code sent a moment ago is still good: the countdown refusal (90106) is not an error here.
      if (!sent.ok && sent.code !== ErrorCode.OTP_ALREADY_SENT) return { ok: false, code: sent.code, status: sent.status, retryAfter: sent.seconds };
    }
    const challenge = randomToken();
    await db.insert(tokens).values({
      tokenHash: await sha256Hex(challenge),
      purpose: 'login_2fa',
      userId: u.id,
      meta: { method, attempts: 0 },
      createdAt: now,
      expiresAt: new Date(now.getTime() + TWO_FACTOR_CHALLENGE_MS),
    });
    return { ok: false, code: ErrorCode.TWO_FACTOR_AUTH, status: 401, challenge, method, target: method === 'email' ? maskEmail(u.email) : '' };
  }

  // Spec §4 "GDPR approval at login": the last step before a session. Whoever has not approved the
  // policy in force gets a pending-login token (43005) and no session until the approval is given.
  async function sessionOrApproval(request: Request, u: typeof users.$inferSelect, meta: SessionMeta): Promise<{ ok: true; user: SessionUser; setCookies: string[] } | { ok: false; code: 43005; status: 403; pending: string }> {
    if (needsGdprApproval(u, approval.policyVersion)) return { ok: false, code: ErrorCode.PROFILE_REQUIRED_GDPR_APPROVAL as 43005, status: 403, pending: await approval.start(u.id) };
    return { ok: true, user: toSessionUser(u), setCookies: await startSession(request, u, meta) };
  }

  async function suspendedSession(request: Request): Promise<boolean> {
    const parsed = parseSessionCookie(readSessionCookie(request));
    if (!parsed) return false;
    const [u] = await db.select({ status: users.status }).from(users).where(eq(users.id, parsed.userId));
    if (u?.status !== 'suspended') return false;
    return (await stub(parsed.userId)).knowsSession(parsed.token);
  }

  return {
    /** The logged-in user of this request, or null (no cookie, ended session, suspended account). */
    async current(request: Request): Promise<CurrentSession | null> {
      const parsed = parseSessionCookie(readSessionCookie(request));
      if (!parsed) return null;
      // One round trip to the user's object answers the session (checked on every request, so a
      // revoked one is refused at once) and the header cart together (decision 056).
      const seen = await plainUserStub(deps, userRoom(parsed.userId)).pageView(parsed.token, now.getTime());
      if (!seen) return null;
      const { session } = seen;
      // A page view (GET) changes none of these: the cart service, the profile and the root's VAT
      // display read them from here. The default billing profile comes in the same D1 round trip as
      // the user row (every page's root needs it). A POST's action may change them before the page's
      // loaders run, so they read afresh then.
      const pageView = request.method === 'GET' || request.method === 'HEAD';
      const userRow = db.select().from(users).where(eq(users.id, parsed.userId));
      const [[u], profile, unread] = pageView
        ? await db.batch([
            userRow,
            db.select().from(billingProfiles).where(and(eq(billingProfiles.userId, parsed.userId), eq(billingProfiles.isDefault, true))),
            // The header's bell (decision 073): one statement more in the same round trip.
            unreadCountQuery(db, parsed.userId, now),
          ])
        : [await userRow, null, null];
      if (!u || u.status !== 'active') return null;
      // A customer session of someone who is staff now (promoted, or from before staff sessions) is not kept.
      if (sessionKindFor(u.userGroup) !== session.kind) return null;
      if (pageView) {
        const reads = requestReads(deps);
        if (!reads.carts.has(userRoom(u.id))) reads.carts.set(userRoom(u.id), seen.cart);
        reads.users.set(u.id, u);
        if (!reads.defaultProfiles.has(u.id)) reads.defaultProfiles.set(u.id, profile?.[0] ?? null);
        if (!reads.unreadNotifications.has(u.id)) reads.unreadNotifications.set(u.id, unread?.[0]?.unread ?? 0);
      }
      return { user: toSessionUser(u), sessionId: session.id };
    },

    /**
     * A session (live, or ended by the suspension itself: issue #22 §2) whose account is suspended;
     * current() treats it as logged out. The admin area tells its owner why with the errorCode cookie,
     * the storefront with the alert, instead of a bare logged-out page.
     */
    suspendedSession,

    /**
     * The storefront's side of a staff suspension (issue #22 §2, spec §8 2011 'otherwise alert'): a
     * request that still carries the suspended customer's session cookie gets the cookie removed, once,
     * and the page shows the account_suspended alert. Null for every other request.
     */
    async takeSuspendedSession(request: Request): Promise<{ setCookie: string } | null> {
      if (!readSessionCookie(request)) return null;
      if (!(await suspendedSession(request))) return null;
      return { setCookie: deleteCookie(hostCookieName(request, SESSION_COOKIE), { secure: wantsSecure(request) }) };
    },

    async login(request: Request, input: LoginInput): Promise<LoginResult> {
      const email = normalizeEmail(input.email);
      const hit = await limits.hit('login:ip', input.ip);
      // The visitor's network, not the address, has to wait: said so (it reveals nothing about accounts).
      if (!hit.allowed) return { ok: false, code: 429, status: 429, retryAfter: hit.retryAfter, scope: 'network' };
      // Decision 022: the same steps, in the same order, for a known address and an unknown one (one
      // user read, one throttle statement, one argon2 verification), so neither the answer nor its time
      // tells them apart; in the delay, the same steps without the verification for both (decision 093).
      // The delay is kept per address, known or not.
      const key = await passwordThrottleKey(email);
      const [u] = await db.select().from(users).where(eq(users.email, email));
      // Issue #19 (decision 044): the attempt is taken before the password is checked, each in one
      // conditional statement, so thirty requests at once cannot all find "no delay yet". A browser that
      // logged into this account before skips the address's delay for its own few guesses (decision 022).
      const device = await devices.find(request);
      const known = device !== null && deviceSkipsDelay(device, u?.id) && (await devices.take(device, u!.id));
      const taken = known ? { ok: true as const, failures: await passwordThrottle.count(key) } : await passwordThrottle.take(key);
      // Within the delay even the right password waits: otherwise the delay would not slow guessing.
      // The refused attempt was not counted, so it does not lengthen the delay either; and it is not
      // judged, so it costs no argon2 verification (decision 093): thirty guesses at once at one address
      // were thirty hashes back to back in one isolate (its event loop held for seconds on a busy
      // machine, wrangler dev's connections dropped), for twenty-five answers that were 429 whatever
      // the password. Known and unknown addresses in their delay still answer alike, in content and time.
      if (!taken.ok) return { ok: false, code: 429, status: 429, retryAfter: taken.wait };
      const passwordOk = (await verify(input.password, u?.passwordHash ?? (await decoy()))) && u !== undefined;
      // A wrong password was counted when it was taken.
      if (!passwordOk || !u) return { ok: false, code: ErrorCode.LOGIN_FAILED, status: 401 };
      // The right password ends the password step's streak, never the second factor's (decision 022),
      // and is no wrong guess of the device's.
      await passwordThrottle.clear(key);
      if (known) await devices.release(device!);
      // Only the owner of the right password learns that staff suspended the account (2011). The
      // automatic suspension (2010) is retired (decision 022); migration 0010 lifted the old ones.
      if (u.status === 'suspended') return { ok: false, code: ErrorCode.ACCOUNT_SUSPENDED, status: 403 };
      const patch: Partial<typeof users.$inferInsert> = { lastLoginAt: now, updatedAt: now };
      if (needsRehash(u.passwordHash)) patch.passwordHash = await hashPassword(input.password);
      await db.update(users).set(patch).where(eq(users.id, u.id));

      // The second factor comes before the GDPR approval: only the account's owner is asked for it.
      if (u.totpEnabledAt || u.emailTwoFactor) return startTwoFactor(u, input);
      return sessionOrApproval(request, u, input);
    },

    /**
     * The second step of a login that answered 2004: the code from the app (TOTP) or from the e-mail.
     * 2164 two_factor_suc logs in; 2005 two_factor_fail lets the visitor try again until the challenge
     * runs out of attempts or time, after which the login starts over.
     */
    async completeTwoFactor(
      request: Request,
      input: { challenge: string; code: string } & SessionMeta,
    ): Promise<
      | { ok: true; user: SessionUser; setCookies: string[] }
      | { ok: false; code: 43005; status: 403; pending: string }
      | { ok: false; code: number; status: number; restart: boolean; retryAfter?: number }
    > {
      const hit = await limits.hit('login:ip', input.ip);
      if (!hit.allowed) return { ok: false, code: 429, status: 429, restart: false, retryAfter: hit.retryAfter };
      const hash = await sha256Hex(input.challenge);
      const [row] = await db.select().from(tokens).where(and(eq(tokens.tokenHash, hash), eq(tokens.purpose, 'login_2fa')));
      if (!row || row.consumedAt || row.expiresAt.getTime() <= now.getTime()) return { ok: false, code: ErrorCode.TWO_FACTOR_FAIL, status: 401, restart: true };
      const [u] = await db.select().from(users).where(eq(users.id, row.userId));
      if (!u || u.status !== 'active') return { ok: false, code: ErrorCode.TWO_FACTOR_FAIL, status: 401, restart: true };
      // The account's streak of wrong codes runs across logins (decision 022): a new challenge after a
      // right password gets no fresh guesses. Issue #19 (decision 044): the attempt is taken first, on
      // the account's streak (or the known device's own allowance) and then on the challenge, each in
      // one conditional statement; only a taken attempt has its code looked at.
      const throttleKey = secondFactorThrottleKey(u.id);
      const device = await devices.find(request);
      const known = device !== null && deviceSkipsDelay(device, u.id) && (await devices.take(device, u.id));
      const taken = known ? { ok: true as const, failures: await secondFactorThrottle.count(throttleKey) } : await secondFactorThrottle.take(throttleKey);
      // Within the delay no code is looked at, right or wrong, and the challenge keeps its attempts.
      if (!taken.ok) return { ok: false, code: 429, status: 429, restart: false, retryAfter: taken.wait };
      const attempt = await takeTokenAttempt(db, { tokenHash: hash, purpose: 'login_2fa', max: TWO_FACTOR_MAX_ATTEMPTS, now });
      if (attempt === null) {
        // The challenge ran out meanwhile: this code was never checked, so it is no failure of the account's.
        await secondFactorThrottle.release(throttleKey);
        if (known) await devices.release(device!);
        return { ok: false, code: ErrorCode.TWO_FACTOR_FAIL, status: 401, restart: true };
      }
      const method = row.meta.method === 'email' ? 'email' : 'totp';
      let good = false;
      if (method === 'totp' && u.totpSecret) {
        const counter = await checkTotp(u.totpSecret, input.code, now.getTime(), u.totpLastCounter);
        // Conditional (RFC 6238 §5.2, one use per step): of two requests racing with the same code, or a
        // newer one, only the one that moves the last used step forward logs in.
        if (counter !== null) {
          const moved = await db
            .update(users)
            .set({ totpLastCounter: counter })
            .where(and(eq(users.id, u.id), sql`(${users.totpLastCounter} IS NULL OR ${users.totpLastCounter} < ${counter})`))
            .returning({ id: users.id });
          good = moved.length === 1;
        }
      } else if (method === 'email') {
        good = (await otp.verify({ purpose: 'login_2fa', target: u.email, code: input.code })).ok;
      }
      if (!good) {
        // Already counted when taken; the last allowed attempt ends the challenge.
        const spent = attempt >= TWO_FACTOR_MAX_ATTEMPTS;
        if (spent) await spendToken(db, hash, now);
        if (crossesAlert(taken.failures)) await alertSecondFactorFailures(u, taken.failures);
        return { ok: false, code: ErrorCode.TWO_FACTOR_FAIL, status: 401, restart: spent };
      }
      const consumed = await db.update(tokens).set({ consumedAt: now }).where(and(eq(tokens.tokenHash, hash), sql`${tokens.consumedAt} IS NULL`)).returning({ h: tokens.tokenHash });
      if (!consumed.length) return { ok: false, code: ErrorCode.TWO_FACTOR_FAIL, status: 401, restart: true };
      await secondFactorThrottle.clear(throttleKey);
      return sessionOrApproval(request, u, input);
    },

    /**
     * The GDPR approval that finishes a login answered with 43005: 43006 keeps the form open; a used or
     * expired token starts the login over (2005); otherwise the approval is recorded and the session starts.
     */
    async approveAtLogin(
      request: Request,
      input: Omit<ApprovalAnswer, 'ip'> & SessionMeta,
    ): Promise<{ ok: true; user: SessionUser; setCookies: string[] } | { ok: false; code: number; status: number; restart: boolean; retryAfter?: number }> {
      const hit = await limits.hit('login:ip', input.ip);
      if (!hit.allowed) return { ok: false, code: 429, status: 429, restart: false, retryAfter: hit.retryAfter };
      const approved = await approval.approve(input);
      if (!approved.ok) return approved;
      return { ok: true, user: toSessionUser(approved.user), setCookies: await startSession(request, approved.user, input) };
    },

    /** Logs a user in right away (after a verified registration): a new session, as at login. */
    async loginVerified(request: Request, userId: number, meta: SessionMeta): Promise<string[]> {
      const [u] = await db.select().from(users).where(eq(users.id, userId));
      if (!u) throw new Error('auth: unknown user');
      await db.update(users).set({ lastLoginAt: now, updatedAt: now }).where(eq(users.id, u.id));
      return startSession(request, u, meta);
    },

    /** Ends this browser's session; its tabs reload. Returns the cookie that removes it. */
    async logout(request: Request, session: CurrentSession, uniqueId: string | null): Promise<string> {
      await (await stub(session.user.id)).revokeSessions({ id: session.sessionId }, now.getTime(), uniqueId);
      return deleteCookie(hostCookieName(request, SESSION_COOKIE), { secure: wantsSecure(request) });
    },

    async logoutEverywhere(session: CurrentSession, options: { keepThis: boolean }): Promise<number> {
      return (await stub(session.user.id)).revokeSessions(options.keepThis ? { all: true, except: session.sessionId } : { all: true }, now.getTime());
    },

    /** Ends every session of a user (password reset, staff suspension). */
    async endAllSessions(userId: number): Promise<number> {
      return (await stub(userId)).revokeSessions({ all: true }, now.getTime());
    },

    async sessions(session: CurrentSession) {
      return (await stub(session.user.id)).listSessions(now.getTime());
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
