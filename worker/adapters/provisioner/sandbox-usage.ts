// The sandbox panel's answers about an account's use and its customer-chosen password (issue #23
// §1). Kept apart from sandbox.ts, which spreads these methods into its port: usage is derived from
// the account's own state (its kind's limits, its age, its status, the day of the month), so the
// same account at the same moment always reads the same, and grows as a real site's would; the
// password is checked against spec §5 as the panel would, and only its salted hash is kept.
import { and, eq, inArray } from 'drizzle-orm';
import { ErrorCode } from '../../../core/errors';
import { hostingPasswordError } from '../../../core/validation/password-rules';
import type { Db } from '../../../db/client';
import { sandboxHostingAccounts } from '../../../db/schema/fulfilment-sandboxes';
import { ProvisionerError, type HostingUsage, type ProvisionerPort, type UsageMeasure } from './port';

type Row = typeof sandboxHostingAccounts.$inferSelect;
type Kind = Row['kind'];

/** The limits the sandbox's plans have per kind (MB, counts; null: unlimited or not counted). */
const LIMITS: Record<Kind, { diskMb: number; bandwidthMb: number | null; mailboxes: number | null; databases: number | null }> = {
  free: { diskMb: 1_024, bandwidthMb: 10_240, mailboxes: 5, databases: 1 },
  shared: { diskMb: 10_240, bandwidthMb: null, mailboxes: 50, databases: 10 },
  wordpress: { diskMb: 30_720, bandwidthMb: null, mailboxes: 20, databases: 5 },
  semi: { diskMb: 102_400, bandwidthMb: null, mailboxes: null, databases: null },
  vps: { diskMb: 122_880, bandwidthMb: 4_194_304, mailboxes: null, databases: null },
  dedicated: { diskMb: 1_024_000, bandwidthMb: 20_971_520, mailboxes: null, databases: null },
};

const DAY_MS = 24 * 60 * 60_000;
const SERVER_KINDS: readonly Kind[] = ['vps', 'dedicated'];

/** A stable number per account and purpose, so every reading of the same account agrees. */
function seedOf(accountId: string, salt: string): number {
  let h = 2166136261;
  for (const ch of `${salt}:${accountId}`) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
  return h;
}

/** What the account uses at `now`: a base per account plus growth with its age, never past the limit. */
export function sandboxUsage(row: Pick<Row, 'accountId' | 'kind' | 'status' | 'createdAt'>, now: Date): HostingUsage {
  const limits = LIMITS[row.kind];
  const ageDays = Math.max(0, Math.floor((now.getTime() - row.createdAt.getTime()) / DAY_MS));
  // A server still being built, or an account the panel deleted, holds nothing.
  const empty = row.status === 'provisioning' || row.status === 'terminated';
  const within = (used: number, limit: number | null): UsageMeasure => ({ used: Math.max(0, limit === null ? used : Math.min(used, limit)), limit });
  const disk = empty ? 0 : Math.round(limits.diskMb * ((seedOf(row.accountId, 'disk') % 20) / 100) + ageDays * (1 + (seedOf(row.accountId, 'grow') % 8)));
  // This month's traffic: by the day of the month, none while suspended (the sites are offline).
  const perDay = 20 + (seedOf(row.accountId, 'bw') % 400);
  const bandwidth = empty || row.status === 'suspended' ? 0 : perDay * now.getUTCDate();
  const count = (limit: number | null, salt: string) => (empty ? 0 : 1 + (seedOf(row.accountId, salt) % Math.max(1, Math.min(limit ?? 12, 12))) + Math.min(3, Math.floor(ageDays / 120)));
  return {
    diskMb: within(disk, limits.diskMb),
    bandwidthMb: within(bandwidth, limits.bandwidthMb),
    mailboxes: SERVER_KINDS.includes(row.kind) ? null : within(count(limits.mailboxes, 'mail'), limits.mailboxes),
    databases: SERVER_KINDS.includes(row.kind) ? null : within(count(limits.databases, 'db'), limits.databases),
    measuredAt: now,
  };
}

/** A salted SHA-256 of the password, as 'sha256$salt$hash': the sandbox never keeps the password. */
async function passwordHash(password: string): Promise<string> {
  const salt = [...crypto.getRandomValues(new Uint8Array(12))].map((b) => b.toString(16).padStart(2, '0')).join('');
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${salt}:${password}`));
  return `sha256$${salt}$${[...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** Whether `password` is the one whose hash the sandbox keeps (for tests and the sandbox's own checks). */
export async function sandboxPasswordMatches(stored: string | null, password: string): Promise<boolean> {
  if (!stored) return false;
  const [, salt, hash] = stored.split('$');
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${salt}:${password}`));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('') === hash;
}

export type SandboxUsageContext = {
  db: Db;
  now: () => Date;
  /** The sandbox's switches (maintenance, failure, slowness), met by every call. */
  guard: () => Promise<void>;
  /** Reads an account (finishing a due build), 40501 when there is none. */
  load: (accountId: string) => Promise<Row>;
};

export function sandboxUsageMethods(ctx: SandboxUsageContext): Pick<ProvisionerPort, 'usage' | 'setPassword'> {
  const T = sandboxHostingAccounts;
  return {
    async usage(accountId) {
      await ctx.guard();
      return sandboxUsage(await ctx.load(accountId), ctx.now());
    },

    async setPassword(accountId, password) {
      await ctx.guard();
      // The panel's own rule: the shop checks it first, but the panel never trusts its callers.
      if (hostingPasswordError(password)) throw new ProvisionerError(ErrorCode.VALIDATION_ERROR, { field: 'password' });
      const row = await ctx.load(accountId);
      // A machine still being built has no panel user yet; a deleted account has none any more.
      const from = ['active', 'suspended'] as const;
      if (!from.includes(row.status as (typeof from)[number])) throw new ProvisionerError(ErrorCode.ACTION_NOT_ALLOWED, { accountId, action: 'setPassword', status: row.status });
      const t = ctx.now();
      const [updated] = await ctx.db
        .update(T)
        .set({ passwordHash: await passwordHash(password), passwordChangedAt: t, updatedAt: t })
        .where(and(eq(T.accountId, accountId), inArray(T.status, [...from])))
        .returning({ id: T.accountId });
      if (!updated) throw new ProvisionerError(ErrorCode.ACTION_NOT_ALLOWED, { accountId, action: 'setPassword', reason: 'concurrent_change' });
    },
  };
}
