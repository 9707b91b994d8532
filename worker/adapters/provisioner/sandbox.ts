// The sandbox hosting panel: a real implementation of the provisioner port with its state in D1
// (`sandbox_hosting_accounts`), answering as a control panel would. Shared, WordPress and
// semi-dedicated accounts are live at once; VPS and dedicated servers are built first, so the product
// can show its "being prepared" state. A row in `sandbox_switches` (system 'provisioner') puts the
// panel into maintenance, makes it fail or makes it slow, and is read on every call.
import { and, eq, inArray, isNotNull, like, ne } from 'drizzle-orm';
import { greekToGreeklish } from '../../../core/domains/greeklish';
import { labelToUnicode } from '../../../core/domains/punycode';
import { ErrorCode } from '../../../core/errors';
import { hostingKindOf as coreHostingKindOf } from '../../../core/hosting/kinds';
import { HOSTING_PASSWORD_SPECIALS } from '../../../core/validation/password-rules';
import type { Db } from '../../../db/client';
import { sandboxHostingAccounts, type sandboxHostingKinds } from '../../../db/schema/fulfilment-sandboxes';
import { addMonths } from '../registry/sandbox';
import { meetSandboxSwitches } from '../sandbox-switches';
import { ProvisionerError, type HostingAccount, type HostingStatus, type ProvisionerPort } from './port';
import { sandboxUsageMethods } from './sandbox-usage';
import { createServerOperations } from './sandbox-servers';

export type SandboxHostingKind = (typeof sandboxHostingKinds)[number];
type Row = typeof sandboxHostingAccounts.$inferSelect;

export const PROVISIONER_SYSTEM = 'provisioner';
/** How long the sandbox takes to build a VPS or a dedicated server. */
export const PROVISIONING_DELAY_MS = 2 * 60_000;
export const USERNAME_LENGTH = 8;
export const MAX_LENGTH_MONTHS = 120;
/** Documentation address blocks (RFC 5737), so no sandbox server can be mistaken for a real one. */
export const VPS_NETWORK = '192.0.2.';
export const DEDICATED_NETWORK = '198.51.100.';
// .0 is the network and .1 its gateway, .255 the broadcast address: none is given to a machine.
const FIRST_HOST = 2;
const LAST_HOST = 254;
// Attempts at a conditional insert when a concurrent create took the username or address we chose.
const INSERT_ATTEMPTS = 5;

export type SandboxProvisionerOptions = { now?: () => Date; sleep?: (ms: number) => Promise<void> };

/** Kept here for the sandbox's callers; the rule itself is core's (core/hosting/kinds.ts). */
export const hostingKindOf: (productType: string) => SandboxHostingKind | null = coreHostingKindOf;

/**
 * The panel login a new account asks for: the domain's first label in Latin letters ('καφές.gr' →
 * 'kafes', 'my-shop.com.gr' → 'myshop'), or 'h' and the reference when there is no domain. System
 * user names must start with a letter, hence the 'u' before a label that starts with a digit.
 */
export function usernameBase(domain: string | null, reference: string): string {
  let base = '';
  if (domain) {
    let label = domain.trim().normalize('NFC').toLowerCase().replace(/^www\./, '').split('.')[0] ?? '';
    try {
      label = labelToUnicode(label);
    } catch {
      // A broken 'xn--' label is used as typed; the filter below keeps its letters and digits.
    }
    base = greekToGreeklish(label).replace(/[^a-z0-9]/g, '');
    if (/^[0-9]/.test(base)) base = `u${base}`;
  }
  if (!base) base = `h${reference.toLowerCase().replace(/[^a-z0-9]/g, '')}`;
  return base.slice(0, USERNAME_LENGTH);
}

/** The base itself, then the base with 1, 2 … 999 in its last places, always within 8 characters. */
export function* usernameCandidates(base: string): Generator<string> {
  // A base ending in digits can meet itself ('example1' and 'example' + '1'): each name once.
  const seen = new Set<string>();
  for (let n = 0; n < 1000; n++) {
    const suffix = n === 0 ? '' : String(n);
    const candidate = base.slice(0, USERNAME_LENGTH - suffix.length) + suffix;
    if (seen.has(candidate)) continue;
    seen.add(candidate);
    yield candidate;
  }
}

/** The shortest prefix every candidate shares, to fetch the taken ones in one query. */
function candidateStem(base: string): string {
  return base.slice(0, Math.min(base.length, USERNAME_LENGTH - 3));
}

/** 14 characters with every class spec §5 "Hosting-panel password" asks for, in a random order. */
export function generatePanelPassword(): string {
  const classes = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnopqrstuvwxyz', '23456789', HOSTING_PASSWORD_SPECIALS];
  const all = classes.join('');
  const bytes = crypto.getRandomValues(new Uint32Array(28));
  const chars = classes.map((set, i) => set[bytes[i]! % set.length]!);
  for (let i = classes.length; i < 14; i++) chars.push(all[bytes[i]! % all.length]!);
  // Fisher–Yates, so the guaranteed classes are not always the first four characters.
  for (let i = chars.length - 1; i > 0; i--) {
    const j = bytes[14 + i]! % (i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}

/** The web server an account lands on: stable per reference, so a replay names the same machine. */
function webServerFor(kind: SandboxHostingKind, productType: string, reference: string): string {
  let hash = 0;
  for (const ch of reference) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  const n = String((hash % 24) + 1).padStart(2, '0');
  if (kind === 'semi') return `semi${n}.fr.example.net`; // spec §9: semi-dedicated runs in France
  if (kind === 'wordpress') return `wp${n}.gr.example.net`;
  if (kind === 'free') return `free${n}.gr.example.net`;
  return productType.includes('win') ? `win${n}.gr.example.net` : `web${n}.gr.example.net`;
}

function toAccount(row: Row): HostingAccount {
  return {
    accountId: row.accountId,
    reference: row.reference,
    sku: row.sku,
    domain: row.domain,
    username: row.username,
    panelUrl: row.panelUrl,
    status: row.status,
    server: row.server,
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
  };
}

function checkLength(lengthMonths: number): void {
  if (!Number.isInteger(lengthMonths) || lengthMonths < 1 || lengthMonths > MAX_LENGTH_MONTHS) {
    throw new ProvisionerError(ErrorCode.VALIDATION_ERROR, { field: 'lengthMonths', max: MAX_LENGTH_MONTHS });
  }
}

export function createSandboxProvisioner(db: Db, options: SandboxProvisionerOptions = {}): ProvisionerPort {
  const now = options.now ?? (() => new Date());
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const T = sandboxHostingAccounts;

  /** Every call passes here first, as every request to a real panel meets its current state. */
  async function guard(): Promise<void> {
    const met = await meetSandboxSwitches(db, PROVISIONER_SYSTEM, sleep);
    if (met) throw new ProvisionerError(ErrorCode.NETWORK_CONNECTION_ERROR, { reason: met });
  }

  async function byReference(reference: string): Promise<Row | null> {
    const [row] = await db.select().from(T).where(eq(T.reference, reference));
    return row ?? null;
  }

  /**
   * Reads an account, finishing a build whose time has come: the machine is ready whoever asks
   * first, and the conditional update keeps two readers from both "finishing" it.
   */
  async function load(accountId: string): Promise<Row> {
    const [row] = await db.select().from(T).where(eq(T.accountId, accountId));
    if (!row) throw new ProvisionerError(ErrorCode.SERVER_PROVIDER_PRODUCT_NOT_FOUND, { accountId });
    const t = now();
    if (row.status === 'provisioning' && row.readyAt && row.readyAt.getTime() <= t.getTime()) {
      await db
        .update(T)
        .set({ status: 'active', updatedAt: t })
        .where(and(eq(T.accountId, accountId), eq(T.status, 'provisioning')));
      return { ...row, status: 'active', updatedAt: t };
    }
    return row;
  }

  /**
   * A status change as one conditional statement: it applies only if the account is still in one of
   * `from`, so a change racing another cannot undo it. Refused with 151 otherwise.
   */
  async function transition(accountId: string, action: string, from: HostingStatus[], patch: Partial<typeof T.$inferInsert>): Promise<Row> {
    const row = await load(accountId);
    if (!from.includes(row.status)) throw new ProvisionerError(ErrorCode.ACTION_NOT_ALLOWED, { accountId, action, status: row.status });
    const [updated] = await db
      .update(T)
      .set({ ...patch, updatedAt: now() })
      .where(and(eq(T.accountId, accountId), inArray(T.status, from)))
      .returning();
    if (!updated) {
      const current = await load(accountId);
      throw new ProvisionerError(ErrorCode.ACTION_NOT_ALLOWED, { accountId, action, status: current.status });
    }
    return updated;
  }

  async function freeUsername(base: string): Promise<string> {
    const taken = new Set(
      (await db.select({ u: T.username }).from(T).where(like(T.username, `${candidateStem(base)}%`))).map((r) => r.u),
    );
    for (const candidate of usernameCandidates(base)) if (!taken.has(candidate)) return candidate;
    throw new ProvisionerError(ErrorCode.NETWORK_CONNECTION_ERROR, { reason: 'username_space_exhausted', base });
  }

  async function freeAddress(network: string): Promise<string> {
    const used = new Set(
      (await db.select({ ip: T.ip }).from(T).where(and(isNotNull(T.ip), like(T.ip, `${network}%`)))).map((r) => r.ip),
    );
    for (let host = FIRST_HOST; host <= LAST_HOST; host++) {
      const ip = `${network}${host}`;
      if (!used.has(ip)) return ip;
    }
    // The provider has no machine left to give: for the shop, that plan cannot be had right now.
    throw new ProvisionerError(ErrorCode.SERVER_PROVIDER_PRODUCT_NOT_FOUND, { reason: 'out_of_stock', network });
  }

  return {
    // Usage and the customer's panel password (issue #23 §1) live in their own file.
    ...sandboxUsageMethods({ db, now, guard, load }),

    async createAccount(input) {
      await guard();
      const reference = input.reference.trim();
      if (!reference || reference.length > 64) throw new ProvisionerError(ErrorCode.VALIDATION_ERROR, { field: 'reference' });
      if (!input.sku.trim()) throw new ProvisionerError(ErrorCode.SERVER_PROVIDER_PRODUCT_NOT_FOUND, { field: 'sku' });
      checkLength(input.lengthMonths);
      const contactEmail = input.contactEmail.trim();
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(contactEmail)) throw new ProvisionerError(ErrorCode.VALIDATION_ERROR, { field: 'contactEmail' });
      const kind = hostingKindOf(input.productType);
      if (!kind) throw new ProvisionerError(ErrorCode.SERVER_PROVIDER_PRODUCT_NOT_FOUND, { productType: input.productType });
      const domain = input.domain?.trim().normalize('NFC').toLowerCase().replace(/\.$/, '') || null;

      // A retry after a timeout: the account the first attempt made is the answer.
      const existing = await byReference(reference);
      if (existing) return replay(existing, input.sku);

      if (kind === 'free') {
        if (!domain) throw new ProvisionerError(ErrorCode.FREE_HOSTING_CANT_BE_ACTIVATED, { reason: 'domain_required' });
        // Checked, not constrained: two racing free accounts for one domain would need two orders
        // paid at the same moment, and the shop offers free hosting once per domain anyway.
        const [other] = await db
          .select({ id: T.accountId })
          .from(T)
          .where(and(eq(T.kind, 'free'), eq(T.domain, domain), ne(T.status, 'terminated')));
        if (other) throw new ProvisionerError(ErrorCode.FREE_HOSTING_CANT_BE_ACTIVATED, { reason: 'domain_has_free_hosting', domain });
      }

      const t = now();
      const server = kind === 'vps' || kind === 'dedicated';
      const base = usernameBase(domain, reference);
      for (let attempt = 0; attempt < INSERT_ATTEMPTS; attempt++) {
        const accountId = `ha_${crypto.randomUUID().replace(/-/g, '').slice(0, 20)}`;
        const username = await freeUsername(base);
        const ip = server ? await freeAddress(kind === 'vps' ? VPS_NETWORK : DEDICATED_NETWORK) : null;
        const host = ip ?? webServerFor(kind, input.productType.toLowerCase(), reference);
        // Conditional insert: a UNIQUE reference, username or address already there makes it a no-op.
        const [row] = await db
          .insert(T)
          .values({
            accountId,
            reference,
            sku: input.sku.trim(),
            productType: input.productType,
            kind,
            domain,
            username,
            panelUrl: server ? `https://console.example.net/servers/${accountId}` : `https://${host}:2083/`,
            server: host,
            ip,
            status: server ? 'provisioning' : 'active',
            options: { ...input.options },
            contactEmail,
            lengthMonths: input.lengthMonths,
            readyAt: server ? new Date(t.getTime() + PROVISIONING_DELAY_MS) : null,
            createdAt: t,
            updatedAt: t,
            expiresAt: addMonths(t, input.lengthMonths),
          })
          .onConflictDoNothing()
          .returning();
        if (row) return toAccount(row);
        // Either a concurrent create with our reference won (then it is our account), or our
        // username or address was taken meanwhile (then choose again).
        const raced = await byReference(reference);
        if (raced) return replay(raced, input.sku);
      }
      throw new ProvisionerError(ErrorCode.NETWORK_CONNECTION_ERROR, { reason: 'allocation_conflict' });
    },

    async getAccount(accountId) {
      await guard();
      return toAccount(await load(accountId));
    },

    async suspend(accountId, reason) {
      await guard();
      return toAccount(await transition(accountId, 'suspend', ['active'], { status: 'suspended', suspendReason: reason.trim() || 'unspecified' }));
    },

    async unsuspend(accountId) {
      await guard();
      return toAccount(await transition(accountId, 'unsuspend', ['suspended'], { status: 'active', suspendReason: null }));
    },

    async terminate(accountId) {
      await guard();
      // The address goes back to the pool; the host name stays on the record for history.
      return toAccount(await transition(accountId, 'terminate', ['provisioning', 'active', 'suspended'], { status: 'terminated', ip: null }));
    },

    async changePassword(accountId) {
      await guard();
      // A machine still being built has no panel user yet.
      await transition(accountId, 'changePassword', ['active', 'suspended'], { passwordChangedAt: now() });
      // The panel hands the new password back once and keeps only its own hash; the sandbox keeps none.
      return generatePanelPassword();
    },

    async renew(accountId, lengthMonths, reference) {
      await guard();
      checkLength(lengthMonths);
      const row = await load(accountId);
      if (reference && row.lastRenewReference === reference) return toAccount(row);
      if (row.status === 'terminated') throw new ProvisionerError(ErrorCode.ACTION_NOT_ALLOWED, { accountId, action: 'renew', status: row.status });
      // Conditional on the expiry just read: of two renewals racing, only one extends from it.
      const [updated] = await db
        .update(T)
        .set({ expiresAt: addMonths(row.expiresAt, lengthMonths), lastRenewReference: reference ?? null, updatedAt: now() })
        .where(and(eq(T.accountId, accountId), eq(T.expiresAt, row.expiresAt), ne(T.status, 'terminated')))
        .returning();
      if (updated) return toAccount(updated);
      const current = await load(accountId);
      if (reference && current.lastRenewReference === reference) return toAccount(current);
      throw new ProvisionerError(ErrorCode.ACTION_NOT_ALLOWED, { accountId, action: 'renew', status: current.status, reason: 'concurrent_change' });
    },

    // Power, reinstall and plan changes (issue #23 §1) live in their own file.
    ...createServerOperations({ db, now, guard, load, toAccount }),
  };

  async function replay(row: Row, sku: string): Promise<HostingAccount> {
    // An idempotency key reused for a different plan is our bug, not a retry: refuse it loudly.
    if (row.sku !== sku.trim()) throw new ProvisionerError(ErrorCode.VALIDATION_ERROR, { field: 'reference', reason: 'reference_reused', reference: row.reference });
    // Through load, so a server whose build time has passed is reported ready here too.
    return toAccount(await load(row.accountId));
  }
}
