// The staff audit log (issue #10 §4), read for the back office: newest first, filtered by action or
// target, a page at a time. Rows are written by each staff action in its own batch (db/raw-batch.ts
// auditStatement); this service only reads them.
import { and, desc, eq, like, lt, or, type SQL } from 'drizzle-orm';
import { auditLog, users } from '../../../db/schema';
import type { ServiceDeps } from '../deps';

export const AUDIT_PAGE_SIZE = 50;

/** Who did a staff action, for the audit log: the staff member and the address they acted from. */
export type StaffActor = { userId: number; ip: string | null };

export type AuditFilter = { action?: string; target?: string; before?: number };
export type AuditRow = {
  id: number;
  at: number;
  action: string;
  targetType: string;
  targetId: string;
  detail: Record<string, unknown>;
  ip: string | null;
  actor: { id: number; email: string; name: string } | null;
};

/** 'order:42' names one target, 'order' (or 'order:') a kind of target, '42' any target with that id. */
function targetCondition(target: string): SQL | undefined {
  const [type, id] = target.includes(':') ? (target.split(':', 2) as [string, string]) : [null, target];
  if (type !== null && id) return and(eq(auditLog.targetType, type), eq(auditLog.targetId, id));
  if (type !== null) return eq(auditLog.targetType, type);
  return or(eq(auditLog.targetId, target), eq(auditLog.targetType, target));
}

export function createAuditService({ db }: ServiceDeps) {
  return {
    /** One page of the log, newest first; `before` is the id the next page starts below (keyset paging). */
    async list(filter: AuditFilter): Promise<{ rows: AuditRow[]; nextBefore: number | null }> {
      const conditions: (SQL | undefined)[] = [];
      if (filter.action) conditions.push(filter.action.endsWith('.') || !filter.action.includes('.') ? like(auditLog.action, `${filter.action.replace(/[%_]/g, '')}%`) : eq(auditLog.action, filter.action));
      if (filter.target) conditions.push(targetCondition(filter.target));
      if (filter.before) conditions.push(lt(auditLog.id, filter.before));
      const rows = await db
        .select({ log: auditLog, email: users.email, firstName: users.firstName, lastName: users.lastName })
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.actorUserId))
        .where(and(...conditions))
        .orderBy(desc(auditLog.id))
        .limit(AUDIT_PAGE_SIZE + 1);
      const page = rows.slice(0, AUDIT_PAGE_SIZE);
      return {
        rows: page.map(({ log, email, firstName, lastName }) => ({
          id: log.id,
          at: log.createdAt.getTime(),
          action: log.action,
          targetType: log.targetType,
          targetId: log.targetId,
          detail: log.detail,
          ip: log.ip,
          actor: log.actorUserId !== null && email ? { id: log.actorUserId, email, name: `${firstName ?? ''} ${lastName ?? ''}`.trim() } : null,
        })),
        nextBefore: rows.length > AUDIT_PAGE_SIZE ? page[page.length - 1]!.log.id : null,
      };
    },

  };
}

export type AuditService = ReturnType<typeof createAuditService>;
