// Staff accounts managed by an admin (issue #22 §1, decision 065): the list of members, a member's
// group, disabling and enabling. Every change is one conditional statement with its audit row in the
// same batch: "not yourself" is a rule of core/staff/members.ts; "never the last active admin" is
// counted inside the UPDATE itself, so two admins demoting each other at once cannot both succeed.
import { and, asc, eq, gt, inArray, isNull } from 'drizzle-orm';
import { ErrorCode } from '../../../core/errors';
import { refusedOwnChange, type MemberChange } from '../../../core/staff/members';
import { STAFF_GROUPS, type StaffGroup } from '../../../core/staff/permissions';
import { auditStatement, rawBatch, type Raw } from '../../../db/raw-batch';
import { staffInvitations, users } from '../../../db/schema';
import type { ServiceDeps } from '../deps';
import { createAuthService } from '../accounts';
import type { StaffActor } from './audit';

export type StaffMember = {
  id: number;
  email: string;
  name: string;
  group: StaffGroup;
  twoFactor: boolean;
  lastLoginAt: number | null;
  status: 'active' | 'suspended';
};

export type PendingInvitation = { id: number; email: string; group: StaffGroup; createdAt: number; expiresAt: number };

export type MemberChangeResult = { ok: true; changed: boolean } | { ok: false; code: number; status: number };

const STAFF_SQL = `user_group IN ('admin', 'support')`;
/** Another active admin than the target exists: the condition that keeps at least one. */
const ANOTHER_ADMIN = `(SELECT COUNT(*) FROM users WHERE user_group = 'admin' AND status = 'active' AND id != ?) >= 1`;

export function createStaffMemberService(deps: ServiceDeps) {
  const { db, now } = deps;

  async function target(id: number) {
    const [u] = await db.select({ id: users.id, group: users.userGroup, status: users.status }).from(users).where(and(eq(users.id, id), inArray(users.userGroup, [...STAFF_GROUPS])));
    return u ?? null;
  }

  /** Runs the change and its audit row; a change that touched nothing says why (151 for the last admin). */
  async function apply(actor: StaffActor, id: number, change: MemberChange, update: Raw, done: Raw, action: string, detail: Record<string, unknown>): Promise<MemberChangeResult> {
    if (refusedOwnChange(actor.userId, id, change)) return { ok: false, code: ErrorCode.ACTION_NOT_ALLOWED, status: 403 };
    const before = await target(id);
    if (!before) return { ok: false, code: ErrorCode.USER_STATUS_NOT_FOUND, status: 404 };
    const at = now.getTime();
    const [result] = await rawBatch(db, [update, auditStatement({ actorUserId: actor.userId, action, targetType: 'user', targetId: id, detail: { ...detail, before: { group: before.group, status: before.status } }, ip: actor.ip, at: now }, { sql: `EXISTS (SELECT 1 FROM users WHERE id = ? AND updated_at = ? AND ${done.sql})`, params: [id, at, ...done.params] })]);
    if ((result?.meta.changes ?? 0) === 1) return { ok: true, changed: true };
    const after = await target(id);
    if (!after) return { ok: false, code: ErrorCode.USER_STATUS_NOT_FOUND, status: 404 };
    // Nothing to do (already so) is no error; otherwise the only refusal left is the last admin.
    const already = change.kind === 'group' ? after.group === change.group : change.kind === 'disable' ? after.status === 'suspended' : after.status === 'active';
    return already ? { ok: true, changed: false } : { ok: false, code: ErrorCode.ACTION_NOT_ALLOWED, status: 403 };
  }

  return {
    /** Every member of staff (admins first, then by address) and the invitations still open. */
    async list(): Promise<{ members: StaffMember[]; invitations: PendingInvitation[] }> {
      const rows = await db
        .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, group: users.userGroup, totp: users.totpEnabledAt, lastLoginAt: users.lastLoginAt, status: users.status })
        .from(users)
        .where(inArray(users.userGroup, [...STAFF_GROUPS]))
        .orderBy(asc(users.userGroup), asc(users.email))
        .limit(500);
      const open = await db
        .select()
        .from(staffInvitations)
        .where(and(isNull(staffInvitations.acceptedAt), isNull(staffInvitations.revokedAt), gt(staffInvitations.expiresAt, now)))
        .orderBy(asc(staffInvitations.email))
        .limit(200);
      return {
        members: rows.map((r) => ({
          id: r.id,
          email: r.email,
          name: `${r.firstName} ${r.lastName}`.trim(),
          group: r.group as StaffGroup,
          twoFactor: r.totp !== null,
          lastLoginAt: r.lastLoginAt?.getTime() ?? null,
          status: r.status,
        })),
        invitations: open.map((i) => ({ id: i.id, email: i.email, group: i.userGroup as StaffGroup, createdAt: i.createdAt.getTime(), expiresAt: i.expiresAt.getTime() })),
      };
    },

    async member(id: number): Promise<StaffMember | null> {
      const { members } = await this.list();
      return members.find((m) => m.id === id) ?? null;
    },

    /** Moves a member to another group; an admin leaves the admin group only while another active admin remains. */
    async changeGroup(actor: StaffActor, id: number, group: StaffGroup): Promise<MemberChangeResult> {
      const at = now.getTime();
      return apply(
        actor,
        id,
        { kind: 'group', group },
        {
          sql: `UPDATE users SET user_group = ?, updated_at = ? WHERE id = ? AND ${STAFF_SQL} AND user_group != ? AND (user_group != 'admin' OR ${ANOTHER_ADMIN})`,
          params: [group, at, id, group, id],
        },
        { sql: 'user_group = ?', params: [group] },
        'staff.group_changed',
        { group },
      );
    },

    /** Disables a member (staff suspension); every session of theirs ends at once. */
    async disable(actor: StaffActor, id: number): Promise<MemberChangeResult> {
      const at = now.getTime();
      const r = await apply(
        actor,
        id,
        { kind: 'disable' },
        {
          sql: `UPDATE users SET status = 'suspended', suspension = 'staff', updated_at = ? WHERE id = ? AND ${STAFF_SQL} AND status = 'active' AND (user_group != 'admin' OR ${ANOTHER_ADMIN})`,
          params: [at, id, id],
        },
        { sql: "status = 'suspended'", params: [] },
        'staff.disabled',
        {},
      );
      // The session check reads the status on every request too; ending them also closes open tabs.
      if (r.ok) await createAuthService(deps).endAllSessions(id);
      return r;
    },

    async enable(actor: StaffActor, id: number): Promise<MemberChangeResult> {
      const at = now.getTime();
      return apply(
        actor,
        id,
        { kind: 'enable' },
        { sql: `UPDATE users SET status = 'active', suspension = NULL, updated_at = ? WHERE id = ? AND ${STAFF_SQL} AND status = 'suspended'`, params: [at, id] },
        { sql: "status = 'active'", params: [] },
        'staff.enabled',
        {},
      );
    },
  };
}

export type StaffMemberService = ReturnType<typeof createStaffMemberService>;
