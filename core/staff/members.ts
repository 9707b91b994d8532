// Rules about staff accounts (issue #22 §1) that need no database: how long an invitation lives, how
// many password guesses one may take, and which changes no group may make to a member. The "last
// admin" rule needs the count of admins, so the service states it inside its conditional statement.
import type { StaffGroup } from './permissions';

/** Three days: long enough for a weekend, short enough that a forgotten link dies. */
export const STAFF_INVITATION_TTL_MS = 72 * 60 * 60_000;
/** Wrong current-password answers per invitation (an address that already has an account). */
export const INVITATION_PASSWORD_ATTEMPTS = 5;

export type MemberChange = { kind: 'group'; group: StaffGroup } | { kind: 'disable' } | { kind: 'enable' };

/**
 * Whether a change is one no group may make (151 action_not_allowed): an admin changing their own
 * group or disabling themselves would lock themselves out in a click; re-enabling oneself cannot happen
 * (a disabled member has no session). The last-admin rule is checked where the count is known.
 */
export function refusedOwnChange(actorId: number, targetId: number, change: MemberChange): boolean {
  if (actorId !== targetId) return false;
  return change.kind === 'disable' || (change.kind === 'group' && change.group !== 'admin');
}
