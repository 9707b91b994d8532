// What of a shared record is an archive owner's (issue #32 §2, decision 089): the pure rules the
// personal-data archive applies to rows that concern more than one account. No row that stays in an
// archive names another person: their address (wherever it stands, free text included), their account
// id, a staff member's account id or IP. A staff move keeps only the owner's side.

type Row = Record<string, unknown>;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A cleaner that replaces these addresses wherever they stand in a string (not inside a longer one). */
export function withoutAddresses(addresses: readonly string[]): <T>(value: T) => T {
  const list = [...new Set(addresses.map((a) => a.trim().toLowerCase()).filter((a) => a.includes('@')))];
  if (!list.length) return (v) => v;
  const re = new RegExp(`(?<![\\p{L}\\p{N}._%+-])(?:${list.map(escape).join('|')})(?![\\p{L}\\p{N}_-]|\\.[\\p{L}\\p{N}])`, 'giu');
  const clean = (v: unknown): unknown => {
    if (typeof v === 'string') return v.replace(re, '[…]');
    if (Array.isArray(v)) return v.map(clean);
    if (v && typeof v === 'object' && !(v instanceof Date)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, clean(x)]));
    return v;
  };
  return clean as <T>(value: T) => T;
}

/**
 * A staff action's row for the archive: without the staff member's IP and account id, and for a move
 * only the owner's side (the old holder keeps the note; the new holder's account is not theirs).
 */
export function auditRowFor(row: Row & { actorUserId: number | null; action: string; detail: Record<string, unknown> }, userId: number): Row {
  const { ip: _ip, actorUserId, detail, ...rest } = row;
  const byStaff = actorUserId !== null;
  if (row.action !== 'domain.move') return { ...rest, byStaff, detail };
  const { before, after, reason, ...facts } = detail;
  const mine = (side: unknown) => typeof side === 'object' && side !== null && (side as { userId?: unknown }).userId === userId;
  return { ...rest, byStaff, detail: { ...facts, ...(mine(before) ? { before, reason } : {}), ...(mine(after) ? { after } : {}) } };
}

/** An offer as its sender or its recipient may see it: the other side's account and address left out. */
export function transferRowFor<T extends { fromUserId: number; toEmail: string; toUserId: number | null }>(row: T, userId: number): Row {
  if (row.fromUserId === userId) {
    const { toEmail: _to, toUserId: _toUser, ...rest } = row;
    return { ...rest, direction: 'sent' };
  }
  const { fromUserId: _from, ...rest } = row;
  return { ...rest, direction: 'received' };
}
