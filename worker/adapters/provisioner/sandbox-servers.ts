// The sandbox panel's server operations (issue #23 §1): power (start, stop, reboot), reinstall with a
// system image, and plan changes, kept in D1 on the account's row like the rest of the sandbox. A
// reboot and a reinstall take time as a build does, and end by themselves whoever asks first. While a
// machine is built, rebooting, reinstalling or suspended every action is refused with 151, as a real
// provider refuses a second job on a busy machine.
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { ErrorCode } from '../../../core/errors';
import type { Db } from '../../../db/client';
import { sandboxHostingAccounts } from '../../../db/schema/fulfilment-sandboxes';
import { ProvisionerError, type HostingAccount, type PowerAction, type PowerState, type ServerState } from './port';

type Row = typeof sandboxHostingAccounts.$inferSelect;
type MachineState = 'running' | 'stopped' | 'rebooting' | 'reinstalling';

/** How long the sandbox takes to reboot a machine, and to wipe and install one. */
export const REBOOT_DELAY_MS = 30_000;
export const REINSTALL_DELAY_MS = 2 * 60_000;

/** The images the sandbox provider has: Linux for every server, Windows for Windows VPS and dedicated ones. */
const LINUX_IMAGE = /^(debian|ubuntu|almalinux|rocky|proxmox)-[0-9][0-9.]*$/;
const WINDOWS_IMAGE = /^windows-server-20[0-9]{2}$/;

export function imageFits(productType: string, os: string): boolean {
  const t = productType.toLowerCase();
  if (t.includes('vps')) return t.includes('win') ? WINDOWS_IMAGE.test(os) : LINUX_IMAGE.test(os);
  return LINUX_IMAGE.test(os) || WINDOWS_IMAGE.test(os);
}

type Context = {
  db: Db;
  now: () => Date;
  /** The sandbox's switches (maintenance, failing, latency), met before every call. */
  guard: () => Promise<void>;
  /** Reads the account (40501 when there is none), finishing a build whose time has come. */
  load: (accountId: string) => Promise<Row>;
  toAccount: (row: Row) => HostingAccount;
};

const isServer = (row: Row) => row.kind === 'vps' || row.kind === 'dedicated';

function machineOf(row: Row): MachineState {
  return row.powerState ?? 'running';
}

function stateOf(row: Row): ServerState {
  const power: PowerState = row.status === 'provisioning' ? 'provisioning' : machineOf(row);
  return {
    accountId: row.accountId,
    power,
    status: row.status,
    ip: row.ip,
    hostname: row.options.hostname || `srv-${row.username}.example.net`,
    os: row.os ?? row.options.os ?? null,
  };
}

export function createServerOperations({ db, now, guard, load, toAccount }: Context) {
  const T = sandboxHostingAccounts;

  /** The server, with a reboot or reinstall whose time has passed finished (one conditional update). */
  async function server(accountId: string, action: string): Promise<Row> {
    const row = await load(accountId);
    if (!isServer(row)) throw new ProvisionerError(ErrorCode.ACTION_NOT_ALLOWED, { accountId, action, reason: 'not_a_server' });
    const t = now();
    if (row.powerUntil && row.powerUntil.getTime() <= t.getTime()) {
      await db
        .update(T)
        .set({ powerState: 'running', powerUntil: null, updatedAt: t })
        .where(and(eq(T.accountId, accountId), eq(T.powerUntil, row.powerUntil)));
      return { ...row, powerState: 'running', powerUntil: null, updatedAt: t };
    }
    return row;
  }

  /**
   * One machine job as one conditional statement: only an active account whose machine is in one of
   * `from` and has no job running. A change racing another (two reboots from two tabs) gets 151.
   */
  async function job(accountId: string, action: string, from: MachineState[], patch: Partial<typeof T.$inferInsert>): Promise<ServerState> {
    const row = await server(accountId, action);
    const refuse = (r: Row) => new ProvisionerError(ErrorCode.ACTION_NOT_ALLOWED, { accountId, action, status: r.status, power: stateOf(r).power });
    if (row.status !== 'active' || row.powerUntil || !from.includes(machineOf(row))) throw refuse(row);
    const machine = from.includes('running') ? or(isNull(T.powerState), sql`${T.powerState} IN (${sql.join(from.map((f) => sql`${f}`), sql`, `)})`) : sql`${T.powerState} IN (${sql.join(from.map((f) => sql`${f}`), sql`, `)})`;
    const [updated] = await db
      .update(T)
      .set({ ...patch, updatedAt: now() })
      .where(and(eq(T.accountId, accountId), eq(T.status, 'active'), isNull(T.powerUntil), machine))
      .returning();
    if (!updated) throw refuse(await server(accountId, action));
    return stateOf(updated);
  }

  return {
    async powerState(accountId: string): Promise<ServerState> {
      await guard();
      return stateOf(await server(accountId, 'powerState'));
    },

    async power(accountId: string, action: PowerAction): Promise<ServerState> {
      await guard();
      const row = await server(accountId, action);
      // Asked again after a timeout, a start of a running machine (a stop of a stopped one) is done already.
      if (row.status === 'active' && !row.powerUntil && ((action === 'start' && machineOf(row) === 'running') || (action === 'stop' && machineOf(row) === 'stopped'))) return stateOf(row);
      if (action === 'start') return job(accountId, action, ['stopped'], { powerState: 'running' });
      if (action === 'stop') return job(accountId, action, ['running'], { powerState: 'stopped' });
      return job(accountId, action, ['running'], { powerState: 'rebooting', powerUntil: new Date(now().getTime() + REBOOT_DELAY_MS) });
    },

    async reinstall(accountId: string, os: string): Promise<ServerState> {
      await guard();
      const image = os.trim().toLowerCase();
      if (!image || image.length > 40) throw new ProvisionerError(ErrorCode.VALIDATION_ERROR, { field: 'os' });
      const row = await server(accountId, 'reinstall');
      if (!imageFits(row.productType, image)) throw new ProvisionerError(ErrorCode.SERVER_PROVIDER_PRODUCT_NOT_FOUND, { accountId, reason: 'image_not_found', os: image });
      return job(accountId, 'reinstall', ['running', 'stopped'], { powerState: 'reinstalling', powerUntil: new Date(now().getTime() + REINSTALL_DELAY_MS), os: image });
    },

    async changePlan(accountId: string, sku: string, reference?: string): Promise<HostingAccount> {
      await guard();
      const plan = sku.trim();
      if (!plan) throw new ProvisionerError(ErrorCode.SERVER_PROVIDER_PRODUCT_NOT_FOUND, { field: 'sku' });
      const row = await load(accountId);
      if (reference && row.lastPlanReference === reference) return toAccount(row);
      if (row.status !== 'active') throw new ProvisionerError(ErrorCode.ACTION_NOT_ALLOWED, { accountId, action: 'changePlan', status: row.status });
      if (row.sku === plan) throw new ProvisionerError(ErrorCode.ACTION_NOT_ALLOWED, { accountId, action: 'changePlan', reason: 'same_plan' });
      // Conditional on the plan just read: of two changes racing, one applies.
      const [updated] = await db
        .update(T)
        .set({ sku: plan, lastPlanReference: reference ?? null, updatedAt: now() })
        .where(and(eq(T.accountId, accountId), eq(T.sku, row.sku), eq(T.status, 'active')))
        .returning();
      if (updated) return toAccount(updated);
      const current = await load(accountId);
      if (reference && current.lastPlanReference === reference) return toAccount(current);
      throw new ProvisionerError(ErrorCode.ACTION_NOT_ALLOWED, { accountId, action: 'changePlan', status: current.status, reason: 'concurrent_change' });
    },
  };
}
