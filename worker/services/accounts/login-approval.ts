// The GDPR approval at login (spec §4, §8 43005/43006; issue #24 §3). A login whose password (and
// second factor) was right, by a customer who has not approved the current privacy policy, gets no
// session: it gets a pending-login token instead, random and single-use, stored as a hash with a short
// expiry. Only the approval form that carries it can finish the login, so going elsewhere leaves the
// visitor logged out, and a token that was used or ran out starts the login over.
import { and, eq, gt, isNull } from 'drizzle-orm';
import { ErrorCode } from '../../../core/errors';
import { approvalComplete, GDPR_POLICY_VERSION, PENDING_APPROVAL_MS } from '../../../core/gdpr';
import { tokens, users } from '../../../db/schema';
import type { ServiceDeps } from '../deps';
import { createConsentLog } from './consents';
import { sha256Hex } from './otp';

export type ApprovalAnswer = { pending: string; processing: boolean; validity: boolean; ip: string };
export type ApprovalResult =
  | { ok: true; user: typeof users.$inferSelect }
  /** 43006: a box is unchecked, the form stays open with the same token; 2005: start the login over. */
  | { ok: false; code: number; status: number; restart: boolean };

function randomToken(): string {
  const raw = crypto.getRandomValues(new Uint8Array(32));
  let s = '';
  for (const b of raw) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function createLoginApproval(deps: Pick<ServiceDeps, 'db' | 'now'>, policyVersion: number = GDPR_POLICY_VERSION) {
  const { db, now } = deps;
  const consents = createConsentLog(deps);
  const live = (hash: string) => and(eq(tokens.tokenHash, hash), eq(tokens.purpose, 'login_gdpr'), isNull(tokens.consumedAt), gt(tokens.expiresAt, now));
  const restart = { ok: false as const, code: ErrorCode.TWO_FACTOR_FAIL, status: 401, restart: true };

  return {
    policyVersion,

    /** The pending-login token for a user whose login waits for the approval (answered with 43005). */
    async start(userId: number): Promise<string> {
      const pending = randomToken();
      await db.insert(tokens).values({ tokenHash: await sha256Hex(pending), purpose: 'login_gdpr', userId, meta: { policyVersion }, createdAt: now, expiresAt: new Date(now.getTime() + PENDING_APPROVAL_MS) });
      return pending;
    },

    /**
     * Records the approval and hands back the user whose session may now start. The token is spent in
     * one conditional statement first, so of two submissions of the same form only one gets through;
     * the approvals and their consent rows are then written in one batch.
     */
    async approve(answer: ApprovalAnswer): Promise<ApprovalResult> {
      if (!answer.pending) return restart;
      const hash = await sha256Hex(answer.pending);
      const [row] = await db.select({ userId: tokens.userId }).from(tokens).where(live(hash));
      if (!row) return restart;
      // The form stays open, with the same token, until both boxes are checked.
      if (!approvalComplete(answer)) return { ok: false, code: ErrorCode.GENERAL_GDPR_APPROVAL_IS_MISSING, status: 400, restart: false };
      const spent = await db.update(tokens).set({ consumedAt: now }).where(live(hash)).returning({ userId: tokens.userId });
      if (!spent.length) return restart;
      const [u] = await db.select().from(users).where(eq(users.id, row.userId));
      if (!u || u.status !== 'active') return restart;
      const version = String(policyVersion);
      const [[updated]] = await db.batch([
        db.update(users).set({ gdprProcessingAt: now, gdprValidityAt: now, gdprPolicyVersion: policyVersion, updatedAt: now }).where(eq(users.id, u.id)).returning(),
        consents.insertStatement([
          { userId: u.id, kind: 'processing', granted: true, source: 'login', policyVersion: version, ip: answer.ip },
          { userId: u.id, kind: 'validity', granted: true, source: 'login', policyVersion: version, ip: answer.ip },
        ]),
      ]);
      return { ok: true, user: updated ?? u };
    },
  };
}
