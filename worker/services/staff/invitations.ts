// Staff invitations (issue #22 §1, decision 065). An admin invites an address into a group; the
// invitation is a 256-bit secret sent through the mail port, stored only as its hash, good for
// three days and once. An address grants nothing until its owner proves it: opening the link proves
// the mailbox, and only then is an account made (a new one, with the invitee's own password) or
// turned into staff (an address that already has a customer account: its owner must also give that
// account's password, so neither a mistyped invitation nor a stolen mailbox alone makes a customer
// staff). Two-factor enrolment follows at the first login, as for every member (decision 024).
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { ErrorCode } from '../../../core/errors';
import { INVITATION_PASSWORD_ATTEMPTS, STAFF_INVITATION_TTL_MS } from '../../../core/staff/members';
import { isStaffGroup, type StaffGroup } from '../../../core/staff/permissions';
import { auditStatement, rawBatch } from '../../../db/raw-batch';
import { staffInvitations, users } from '../../../db/schema';
import type { Language } from '../../../i18n/config';
import { getServerT } from '../../../i18n/server';
import { checkPassword } from '../../security/common-passwords';
import { hashPassword, verifyPassword } from '../../security/password-hash';
import type { ServiceDeps } from '../deps';
import { createMailService } from '../mail';
import { createAuthService, normalizeEmail, sha256Hex } from '../accounts';
import { createRateLimitService } from '../platform';
import type { StaffActor } from './audit';

export type InvitationFailure = { ok: false; code: number; status: number; seconds?: number; attemptsLeft?: number; field?: 'password' | 'current_password' };
export type InvitationView = { email: string; group: StaffGroup; existingAccount: boolean; expiresAt: number };

/** Where the invitee opens the link: the admin host's acceptance page. */
export const INVITATION_PATH = '/admin/invitation';

function randomSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function createStaffInvitationService(deps: ServiceDeps) {
  const { db, now, adapters } = deps;
  const limits = createRateLimitService(deps);
  const notValid: InvitationFailure = { ok: false, code: ErrorCode.ACTION_NOT_ALLOWED, status: 410 };

  /** An invitation that can still be accepted, with the account its address has (if any). */
  async function live(token: string) {
    if (!token) return null;
    const hash = await sha256Hex(token);
    const [inv] = await db
      .select()
      .from(staffInvitations)
      .where(and(eq(staffInvitations.tokenHash, hash), isNull(staffInvitations.acceptedAt), isNull(staffInvitations.revokedAt), gt(staffInvitations.expiresAt, now)));
    if (!inv) return null;
    const [holder] = await db.select().from(users).where(eq(users.email, inv.email));
    // An account that never proved the address (registered by SMS) is no account here (issue #32 §3):
    // the invitee makes a new one, which takes the address over (as an e-mail registration does).
    const proved = holder && holder.emailVerifiedAt !== null ? holder : null;
    return { inv, hash, account: proved, unproved: holder && !proved ? holder : null };
  }

  /**
   * The account that lost an address it never proved: its sessions end (they were of that address)
   * and its verified mobile hears why, in the words of the e-mail registration's reclaim.
   */
  async function tellReclaimed(holder: typeof users.$inferSelect, email: string): Promise<void> {
    const [moved] = await db.select({ email: users.email }).from(users).where(eq(users.id, holder.id));
    if (!moved || moved.email === email) return;
    await createAuthService(deps).endAllSessions(holder.id).catch(() => 0);
    if (holder.mobile && holder.mobileVerifiedAt) {
      const t = getServerT(holder.locale);
      await adapters.sms.send({ to: holder.mobile, text: t('auth:mail.email_reclaimed_sms', { email }), tag: 'email_reclaimed' });
    }
  }

  const stillLive = 'accepted_at IS NULL AND revoked_at IS NULL AND expires_at > ?';

  return {
    /**
     * Invites `email` into `group`. The admin's attempt is counted first, in one statement (a refused
     * attempt counts too), so thirty parallel invitations send at most the limit. An address that is
     * staff already is refused (151); a newer invitation replaces an open one to the same address.
     */
    async invite(actor: StaffActor, input: { email: string; group: StaffGroup; origin: string; locale: Language }): Promise<{ ok: true; existingAccount: boolean } | InvitationFailure> {
      const hit = await limits.hit('staff_invite:actor', String(actor.userId));
      if (!hit.allowed) return { ok: false, code: 429, status: 429, seconds: hit.retryAfter };
      const email = normalizeEmail(input.email);
      const [holder] = await db.select({ id: users.id, group: users.userGroup, verified: users.emailVerifiedAt }).from(users).where(eq(users.email, email));
      if (holder && isStaffGroup(holder.group)) return { ok: false, code: ErrorCode.ACTION_NOT_ALLOWED, status: 409 };
      // Only an account that proved the address counts as "existing" (an SMS registration did not).
      const account = holder && holder.verified !== null ? holder : null;
      const token = randomSecret();
      const hash = await sha256Hex(token);
      const at = now.getTime();
      const expiresAt = at + STAFF_INVITATION_TTL_MS;
      await rawBatch(db, [
        { sql: 'UPDATE staff_invitations SET revoked_at = ? WHERE email = ? AND accepted_at IS NULL AND revoked_at IS NULL', params: [at, email] },
        { sql: 'INSERT INTO staff_invitations (token_hash, email, user_group, invited_by, attempts, created_at, expires_at) VALUES (?, ?, ?, ?, 0, ?, ?)', params: [hash, email, input.group, actor.userId, at, expiresAt] },
        auditStatement({ actorUserId: actor.userId, action: 'staff.invited', targetType: 'staff_invitation', targetId: email, detail: { group: input.group, existingAccount: Boolean(account) }, ip: actor.ip, at: now }),
      ]);
      // The link opens the back office: a sensitive message (cleared once sent), on the admin host the
      // invitation was made on. One per invitation (its hash names it; a newer one is a new event).
      await createMailService(deps).send({
        template: 'staff_invitation',
        params: { token, group: input.group, existingAccount: Boolean(account), days: STAFF_INVITATION_TTL_MS / 86_400_000 },
        to: email,
        lang: input.locale,
        userId: account?.id ?? null,
        dedupeKey: `staff-invitation:${hash.slice(0, 24)}`,
        tag: 'staff_invitation',
        origin: input.origin,
      });
      return { ok: true, existingAccount: Boolean(account) };
    },

    /** What the acceptance page shows for a link; null when it is unknown, used, replaced or expired. */
    async view(token: string): Promise<InvitationView | null> {
      const found = await live(token);
      if (!found) return null;
      return { email: found.inv.email, group: found.inv.userGroup as StaffGroup, existingAccount: found.account !== null, expiresAt: found.inv.expiresAt.getTime() };
    },

    /**
     * The invitee's answer. Acts on the invitation's own address only, whoever is signed in in that
     * browser. A new address gets its account here (name, password, the address proven by the link);
     * an existing customer account needs its password, and becomes staff only then (its customer
     * sessions end). Single use: the invitation is taken by the first statement of the batch.
     */
    async accept(
      token: string,
      input: { kind: 'new'; firstName: string; lastName: string; password: string; locale: Language } | { kind: 'existing'; password: string },
      ip: string,
    ): Promise<{ ok: true; email: string } | InvitationFailure> {
      const found = await live(token);
      if (!found) return notValid;
      const { inv, hash, account, unproved } = found;
      const at = now.getTime();
      if (!account) {
        if (input.kind !== 'new') return notValid;
        if (!checkPassword(input.password).ok) return { ok: false, code: ErrorCode.VALIDATION_ERROR, status: 400, field: 'password' };
        const passwordHash = await hashPassword(input.password);
        const [taken] = await rawBatch(db, [
          {
            sql: `UPDATE staff_invitations SET accepted_at = ? WHERE token_hash = ? AND ${stillLive} AND NOT EXISTS (SELECT 1 FROM users WHERE email = staff_invitations.email AND (email_verified_at IS NOT NULL OR user_group <> 'user'))`,
            params: [at, hash, at],
          },
          // The unproved account gives the address up (it keeps everything else), only for the invitation just taken.
          {
            sql: `UPDATE users SET email = 'reclaimed-' || id || '-' || ? || '@reclaimed.invalid', updated_at = ?
              WHERE email = (SELECT email FROM staff_invitations WHERE token_hash = ? AND accepted_at = ? AND accepted_user_id IS NULL) AND email_verified_at IS NULL AND user_group = 'user'`,
            params: [at, at, hash, at],
          },
          {
            sql: `INSERT INTO users (email, email_verified_at, password_hash, first_name, last_name, user_group, locale, gdpr_processing_at, gdpr_validity_at, created_at, updated_at)
              SELECT email, ?, ?, ?, ?, user_group, ?, ?, ?, ?, ? FROM staff_invitations WHERE token_hash = ? AND accepted_at = ? AND accepted_user_id IS NULL`,
            params: [at, passwordHash, input.firstName.trim(), input.lastName.trim(), input.locale, at, at, at, at, hash, at],
          },
          { sql: 'UPDATE staff_invitations SET accepted_user_id = (SELECT id FROM users WHERE email = staff_invitations.email) WHERE token_hash = ? AND accepted_at = ? AND accepted_user_id IS NULL', params: [hash, at] },
          auditStatement(
            { actorUserId: null, action: 'staff.invitation_accepted', targetType: 'staff_invitation', targetId: inv.email, detail: { group: inv.userGroup, account: 'new' }, ip, at: now },
            { sql: 'EXISTS (SELECT 1 FROM staff_invitations WHERE token_hash = ? AND accepted_at = ? AND accepted_user_id IS NOT NULL)', params: [hash, at] },
          ),
        ]);
        if ((taken?.meta.changes ?? 0) !== 1) return notValid;
        if (unproved) await tellReclaimed(unproved, inv.email);
        return { ok: true, email: inv.email };
      }
      // The address has an account: a customer's, active, proven by its own password.
      if (input.kind !== 'existing' || account.userGroup !== 'user' || account.status !== 'active') return notValid;
      // The guess is counted before the password is checked, in one conditional statement (decision 044).
      const [attempt] = await db
        .update(staffInvitations)
        .set({ attempts: sql`${staffInvitations.attempts} + 1` })
        .where(and(eq(staffInvitations.tokenHash, hash), isNull(staffInvitations.acceptedAt), isNull(staffInvitations.revokedAt), gt(staffInvitations.expiresAt, now), sql`${staffInvitations.attempts} < ${INVITATION_PASSWORD_ATTEMPTS}`))
        .returning({ attempts: staffInvitations.attempts });
      if (!attempt) return notValid;
      if (!(await verifyPassword(input.password, account.passwordHash))) {
        return { ok: false, code: ErrorCode.LOGIN_FAILED, status: 401, attemptsLeft: INVITATION_PASSWORD_ATTEMPTS - attempt.attempts, field: 'current_password' };
      }
      const [taken] = await rawBatch(db, [
        {
          sql: `UPDATE staff_invitations SET accepted_at = ?, accepted_user_id = ? WHERE token_hash = ? AND ${stillLive} AND EXISTS (SELECT 1 FROM users WHERE id = ? AND email = staff_invitations.email AND user_group = 'user' AND status = 'active')`,
          params: [at, account.id, hash, at, account.id],
        },
        {
          sql: `UPDATE users SET user_group = (SELECT user_group FROM staff_invitations WHERE token_hash = ?), email_verified_at = COALESCE(email_verified_at, ?), updated_at = ?
            WHERE id = ? AND EXISTS (SELECT 1 FROM staff_invitations WHERE token_hash = ? AND accepted_at = ? AND accepted_user_id = ?)`,
          params: [hash, at, at, account.id, hash, at, account.id],
        },
        auditStatement(
          { actorUserId: null, action: 'staff.invitation_accepted', targetType: 'user', targetId: account.id, detail: { group: inv.userGroup, account: 'existing', email: inv.email }, ip, at: now },
          { sql: 'EXISTS (SELECT 1 FROM staff_invitations WHERE token_hash = ? AND accepted_at = ? AND accepted_user_id = ?)', params: [hash, at, account.id] },
        ),
      ]);
      if ((taken?.meta.changes ?? 0) !== 1) return notValid;
      // Its customer sessions would be refused anyway (decision 024: a session's kind follows the group).
      await createAuthService(deps).endAllSessions(account.id);
      return { ok: true, email: inv.email };
    },

    /** Withdraws an open invitation (its link stops working). */
    async revoke(actor: StaffActor, id: number): Promise<boolean> {
      const at = now.getTime();
      const [r] = await rawBatch(db, [
        { sql: 'UPDATE staff_invitations SET revoked_at = ? WHERE id = ? AND accepted_at IS NULL AND revoked_at IS NULL', params: [at, id] },
        auditStatement({ actorUserId: actor.userId, action: 'staff.invitation_revoked', targetType: 'staff_invitation', targetId: id, ip: actor.ip, at: now }, { sql: 'EXISTS (SELECT 1 FROM staff_invitations WHERE id = ? AND revoked_at = ?)', params: [id, at] }),
      ]);
      return (r?.meta.changes ?? 0) === 1;
    },
  };
}

export type StaffInvitationService = ReturnType<typeof createStaffInvitationService>;
