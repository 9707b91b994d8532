// Newsletter subscriptions with double opt-in (issue #24 §2, spec §4 Newsletter, decision 074).
// A request only sends a confirmation mail to the address: the subscription is complete when the
// link in it is confirmed, so nobody can subscribe an address that is not theirs. Each confirmation
// mail is taken before it is sent, in one conditional statement (a minute apart, five a day per
// address: 1063/1064), so thirty requests at once send one mail. Every newsletter mail carries
// RFC 8058 one-click unsubscribe headers; every consent change is written to consent_events.
import { and, eq, gt, inArray, ne, or, isNull, lte, lt, sql } from 'drizzle-orm';
import { ErrorCode } from '../../../core/errors';
import { CONFIRM_TTL_MS, MAX_SENDS_PER_WINDOW, parseLinkToken, refusedSend, RESEND_AFTER_MS, resendWait, SEND_WINDOW_MS, unsubscribeHeaders, type NewsletterState } from '../../../core/newsletter';
import { constantTimeEqual } from '../../../core/totp';
import { newsletterSubscriptions as subs, users } from '../../../db/schema';
import type { Language } from '../../../i18n/config';
import { createConsentLog, normalizeEmail, randomToken, sha256Hex } from '../accounts';
import type { ServiceDeps } from '../deps';
import { createMailService } from '../mail';
import { createRateLimitService } from '../platform';

export type NewsletterFailure = { ok: false; code: number; status: number; seconds?: number };
export type SubscribeSource = 'form' | 'registration' | 'staff';
export type UnsubscribeSource = 'form' | 'link' | 'one-click' | 'staff';

type Row = typeof subs.$inferSelect;

export function createNewsletterService(deps: ServiceDeps) {
  const { db, now } = deps;
  const consents = createConsentLog(deps);
  const limits = createRateLimitService(deps);
  const nowMs = now.getTime();

  const byEmail = async (email: string) => (await db.select().from(subs).where(eq(subs.email, email)))[0] ?? null;
  const linkToken = (row: Pick<Row, 'id' | 'linkKey'>) => `${row.id}.${row.linkKey}`;

  /** The row a signed link names, or null (the key compared without an early exit). */
  async function byLink(token: unknown): Promise<Row | null> {
    const parsed = parseLinkToken(token);
    if (!parsed) return null;
    const [row] = await db.select().from(subs).where(eq(subs.id, parsed.id));
    return row && constantTimeEqual(row.linkKey, parsed.key) ? row : null;
  }

  /** The account's own subscription: its address's row, unless someone else's account asked for it and this one never proved the address. */
  async function ofUser(userId: number): Promise<{ user: typeof users.$inferSelect; row: Row | null }> {
    const [user] = await db.select().from(users).where(eq(users.id, userId));
    if (!user) throw new Error('newsletter: unknown user');
    const row = await byEmail(user.email);
    return { user, row: row && (row.userId === userId || user.emailVerifiedAt !== null || row.userId === null) ? row : null };
  }

  const stateOf = (row: Row | null): NewsletterState => row?.state ?? 'none';

  /** The user ids whose account address this is (the flag on users mirrors the subscription). */
  async function accountOf(email: string): Promise<number | null> {
    const [u] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    return u?.id ?? null;
  }

  return {
    linkToken,

    async status(who: { userId: number } | { token: string }): Promise<{ state: NewsletterState; email: string | null } | null> {
      if ('userId' in who) {
        const { user, row } = await ofUser(who.userId);
        return { state: stateOf(row), email: user.email };
      }
      const row = await byLink(who.token);
      return row ? { state: row.state, email: row.email } : null;
    },

    /** What the account's preferences show: the state and the resend countdown. */
    async accountView(userId: number): Promise<{ state: NewsletterState; email: string; resendIn: number }> {
      const { user, row } = await ofUser(userId);
      return {
        state: stateOf(row),
        email: user.email,
        resendIn: row && row.state === 'pending' ? resendWait({ lastSentAt: row.lastSentAt?.getTime() ?? null, sendCount: row.sendCount, sendWindowStart: row.sendWindowStart?.getTime() ?? null }, nowMs) : 0,
      };
    },

    /**
     * Sends the confirmation mail (a first request or a resend). `publicForm`: a visitor typing any
     * address; it is also limited per IP, and an address already subscribed gets no mail and the same
     * answer (the form does not tell strangers who is subscribed).
     */
    async subscribe(input: { email: string; userId?: number | null; source: SubscribeSource; ip: string; origin: string; locale: Language; publicForm?: boolean }): Promise<{ ok: true; code: number; resendIn: number } | NewsletterFailure> {
      const email = normalizeEmail(input.email);
      if (input.publicForm) {
        const hit = await limits.hit('newsletter:ip', input.ip);
        if (!hit.allowed) return { ok: false, code: ErrorCode.OTP_TOO_MANY_REQUESTS, status: 429, seconds: hit.retryAfter };
      }
      await db
        .insert(subs)
        .values({ email, userId: input.userId ?? null, state: 'none', linkKey: randomToken(24), createdAt: now, updatedAt: now })
        .onConflictDoNothing({ target: subs.email });
      const before = await byEmail(email);
      const token = randomToken();
      const windowOver = or(isNull(subs.sendWindowStart), lte(subs.sendWindowStart, new Date(nowMs - SEND_WINDOW_MS)));
      // The send is taken before the mail goes, in one statement: the row's own counters decide.
      const [taken] = await db
        .update(subs)
        .set({
          state: 'pending',
          tokenHash: await sha256Hex(token),
          expiresAt: new Date(nowMs + CONFIRM_TTL_MS),
          sendCount: sql`CASE WHEN ${subs.sendWindowStart} IS NULL OR ${subs.sendWindowStart} <= ${nowMs - SEND_WINDOW_MS} THEN 1 ELSE ${subs.sendCount} + 1 END`,
          sendWindowStart: sql`CASE WHEN ${subs.sendWindowStart} IS NULL OR ${subs.sendWindowStart} <= ${nowMs - SEND_WINDOW_MS} THEN ${nowMs} ELSE ${subs.sendWindowStart} END`,
          lastSentAt: now,
          userId: input.userId ? sql`COALESCE(${subs.userId}, ${input.userId})` : sql`${subs.userId}`,
          updatedAt: now,
        })
        .where(
          and(
            eq(subs.email, email),
            ne(subs.state, 'subscribed'),
            or(isNull(subs.lastSentAt), lte(subs.lastSentAt, new Date(nowMs - RESEND_AFTER_MS))),
            or(windowOver, lt(subs.sendCount, MAX_SENDS_PER_WINDOW)),
          ),
        )
        .returning();
      if (!taken) {
        const row = await byEmail(email);
        if (!row || row.state === 'subscribed') {
          return input.publicForm ? { ok: true, code: ErrorCode.EMAIL_SENT, resendIn: 0 } : { ok: false, code: ErrorCode.VERIFICATION_TARGET_ALREADY_VALIDATED, status: 409 };
        }
        const refused = refusedSend({ lastSentAt: row.lastSentAt?.getTime() ?? null, sendCount: row.sendCount, sendWindowStart: row.sendWindowStart?.getTime() ?? null }, nowMs);
        return { ok: false, code: refused.code, status: refused.code === ErrorCode.MAIL_ALREADY_PENDING ? 409 : 429, seconds: refused.seconds };
      }
      const unsubscribe = `${input.origin}/newsletter/unsubscribe?token=${encodeURIComponent(linkToken(taken))}`;
      // One message per confirmation link (each send is a new token); the way out is in its headers
      // (RFC 8058 one-click) and at its foot. Spec §2's /newsletter/status is linked in the body (issue #32 §5).
      await createMailService(deps).send({
        template: 'newsletter_confirm',
        params: { confirmToken: token, linkToken: linkToken(taken), hours: CONFIRM_TTL_MS / 3_600_000 },
        to: email,
        lang: input.locale,
        userId: taken.userId ?? null,
        dedupeKey: `newsletter-confirm:${taken.id}:${taken.tokenHash!.slice(0, 24)}`,
        tag: 'newsletter_confirm',
        headers: unsubscribeHeaders(unsubscribe),
        unsubscribeUrl: unsubscribe,
        origin: input.origin,
      });
      const resend = before?.state === 'pending' && before.lastSentAt !== null;
      return { ok: true, code: resend ? ErrorCode.VERIFY_CODE_RESEND : ErrorCode.EMAIL_SENT, resendIn: RESEND_AFTER_MS / 1000 };
    },

    /** The confirmation link: the subscription is complete; its consent is recorded with the IP. */
    async confirm(token: string, input: { ip: string }): Promise<{ ok: true; email: string } | NewsletterFailure> {
      const hash = await sha256Hex(token);
      const [row] = await db
        .update(subs)
        .set({ state: 'subscribed', confirmedAt: now, unsubscribedAt: null, tokenHash: null, expiresAt: null, updatedAt: now })
        .where(and(eq(subs.tokenHash, hash), eq(subs.state, 'pending'), gt(subs.expiresAt, now)))
        .returning();
      if (!row) {
        const [stale] = await db.select({ id: subs.id }).from(subs).where(eq(subs.tokenHash, hash));
        return stale ? { ok: false, code: ErrorCode.OTP_HAS_EXPIRED, status: 400 } : { ok: false, code: ErrorCode.INVALID_VERIFICATION_CODE, status: 400 };
      }
      const userId = row.userId ?? (await accountOf(row.email));
      await db.batch([
        db.update(users).set({ newsletter: true, updatedAt: now }).where(eq(users.email, row.email)),
        consents.insertStatement([{ userId, email: row.email, kind: 'newsletter', granted: true, source: 'link', ip: input.ip }]),
      ]);
      return { ok: true, email: row.email };
    },

    /** Leaves the list (or drops a pending request): by the signed link (no login) or from the account. */
    async unsubscribe(who: { token: string } | { userId: number }, input: { source: UnsubscribeSource; ip: string; actorId?: number | null }): Promise<{ ok: true; code: number; email: string } | NewsletterFailure> {
      const row = 'token' in who ? await byLink(who.token) : (await ofUser(who.userId)).row;
      if (!row) return 'token' in who ? { ok: false, code: ErrorCode.INVALID_VERIFICATION_CODE, status: 400 } : { ok: false, code: ErrorCode.NO_CHANGE, status: 200 };
      const [done] = await db
        .update(subs)
        .set({ state: 'unsubscribed', unsubscribedAt: now, tokenHash: null, expiresAt: null, updatedAt: now })
        .where(and(eq(subs.id, row.id), inArray(subs.state, ['pending', 'subscribed'])))
        .returning({ id: subs.id });
      if (!done) return { ok: true, code: ErrorCode.NO_CHANGE, email: row.email };
      const userId = 'userId' in who ? who.userId : (row.userId ?? (await accountOf(row.email)));
      await db.batch([
        db.update(users).set({ newsletter: false, updatedAt: now }).where(eq(users.email, row.email)),
        consents.insertStatement([{ userId, email: row.email, kind: 'newsletter', granted: false, source: input.source, ip: input.ip, actorId: input.actorId ?? null }]),
      ]);
      return { ok: true, code: ErrorCode.PROFILE_UPDATED_SUCCESSFULLY, email: row.email };
    },
  };
}

export type NewsletterService = ReturnType<typeof createNewsletterService>;
