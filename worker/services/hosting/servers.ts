// A customer's VPS or dedicated server (issue #23 §1): its specs by category from the options chosen
// in the cart (the cart's own rule, core/cart/options.ts, 'management' left out), its address and
// power state from the provisioner, and the power actions and reinstall through the port. Nothing is
// written on our side for a power action: the panel is the truth for the machine, and a refusal or
// an unreachable panel (151, 40501, 40505, 49997) leaves everything as it was. Each action takes an
// attempt of our per-server and per-account limits before the panel is asked (44160, issue #32 §3.3),
// and one the panel carried out is told to the customer's tabs and noted.
import { and, eq, ne } from 'drizzle-orm';
import { chosenOptions, specsByCategory } from '../../../core/cart/options';
import { ErrorCode } from '../../../core/errors';
import { isServerKind } from '../../../core/hosting/kinds';
import { hostingServices } from '../../../db/schema';
import { ProvisionerError, type PowerAction, type ServerState } from '../../adapters/provisioner/port';
import { optionChoices } from '../cart';
import { createRateLimitService } from '../platform';
import { createCatalogService, type ProductCard } from '../catalog';
import type { ServiceDeps } from '../deps';
import { createServiceEvents, serviceName } from './service-events';
import { createServiceRecords, type HostingServiceRow } from './service-records';

type Lang = 'el' | 'en';
/** `retryAfter` (seconds) with 44160: when our limit lets the next action through. */
export type Refusal = { ok: false; code: number; status: number; field?: string; retryAfter?: number };

export const HOSTING_FAMILIES = ['shared_linux', 'shared_windows', 'wordpress', 'semi_dedicated', 'cloud_vps', 'dedicated'] as const;

export type ServerView = {
  service: HostingServiceRow;
  productName: string;
  specs: { category: string; items: { name: string; label: string; storageType: string | null }[] }[];
  /** The images of the server's configuration set (its product's 'os' option), to reinstall with. */
  osChoices: { value: string; label: string }[];
  /** The machine as the panel sees it now; null with `stateCode` when the panel could not say. */
  state: ServerState | null;
  stateCode: number | null;
};

function refusalOf(e: unknown): Refusal {
  if (!(e instanceof ProvisionerError)) throw e;
  const status = e.code === ErrorCode.ACTION_NOT_ALLOWED ? 409 : e.code === ErrorCode.SERVER_PROVIDER_PRODUCT_NOT_FOUND ? 404 : e.code === ErrorCode.VALIDATION_ERROR ? 400 : 502;
  return { ok: false, code: e.code, status };
}

/** The product a service was bought as, whatever family it is in. */
export async function productOf(deps: ServiceDeps, sku: string, lang: Lang): Promise<ProductCard | null> {
  const list = await createCatalogService(deps).productsByFamily(HOSTING_FAMILIES, lang);
  return list.find((p) => p.sku === sku) ?? null;
}

export function createHostingServers(deps: ServiceDeps) {
  const { db, now } = deps;
  const records = createServiceRecords(deps);
  const events = createServiceEvents(deps);

  /**
   * One attempt of the server's limit, then of the account's (each one counting statement): taken
   * before the panel is asked, whatever the panel answers then. A server over its own limit does not
   * use up the account's.
   */
  async function takeAttempt(row: HostingServiceRow): Promise<Refusal | null> {
    const limits = createRateLimitService(deps);
    const own = await limits.hit('server_action:service', String(row.id));
    const result = own.allowed ? await limits.hit('server_action:account', String(row.userId)) : own;
    return result.allowed ? null : { ok: false, code: ErrorCode.SERVER_ACTIONS_TOO_MANY, status: 429, retryAfter: result.retryAfter };
  }

  /** An action the panel carried out: the customer's other tabs refresh, and a notice says so. */
  async function told(row: HostingServiceRow, action: PowerAction | 'reinstall'): Promise<void> {
    await events.changed(row.userId, row.id, row.status, ['power']);
    // Each action is its own notice (not a retry of another): a key of its own.
    await events.notify({ userId: row.userId, serviceId: row.id, notice: `server_${action}`, name: serviceName(row), link: `/account/hosting/${row.id}/server`, dedupeKey: `server-action:${row.id}:${crypto.randomUUID()}` });
  }

  /** The customer's own server, or null (someone else's, or hosting that is no server: a 404). */
  async function ownServer(userId: number, id: number): Promise<HostingServiceRow | null> {
    const row = await records.ownedBy(userId, id);
    return row && isServerKind(row.kind) ? row : null;
  }

  /** A machine the panel has finished building: our record follows (one conditional statement). */
  async function follow(row: HostingServiceRow, state: ServerState): Promise<HostingServiceRow> {
    if (row.status !== 'provisioning' || state.status === 'provisioning') return row;
    await db
      .update(hostingServices)
      .set({ status: state.status, syncedAt: now, updatedAt: now })
      .where(and(eq(hostingServices.id, row.id), eq(hostingServices.status, 'provisioning')));
    return { ...row, status: state.status };
  }

  return {
    ownServer,

    async view(userId: number, id: number, lang: Lang): Promise<ServerView | null> {
      const row = await ownServer(userId, id);
      if (!row) return null;
      const product = await productOf(deps, row.sku, lang);
      const offered = product ? optionChoices(product) : [];
      const specs = specsByCategory(chosenOptions(offered, row.options)).map((g) => ({
        category: g.category,
        items: g.items.map((i) => ({ name: i.name, label: i.label, storageType: i.storageType ?? null })),
      }));
      const osChoices = offered.filter((o) => o.name === 'os').map((o) => ({ value: o.value, label: o.label }));
      let state: ServerState | null = null;
      let stateCode: number | null = null;
      if (row.status !== 'terminated') {
        try {
          state = await deps.adapters.provisioner.powerState(row.accountId);
        } catch (e) {
          stateCode = refusalOf(e).code;
        }
      }
      const service = state ? await follow(row, state) : row;
      return { service, productName: product?.name ?? row.sku, specs, osChoices, state, stateCode };
    },

    async power(userId: number, id: number, action: PowerAction): Promise<{ ok: true; state: ServerState } | Refusal> {
      const row = await ownServer(userId, id);
      if (!row) return { ok: false, code: ErrorCode.ACTION_NOT_ALLOWED, status: 404 };
      // Our record knows a suspended or deleted service already: the panel is not asked.
      if (row.status === 'suspended' || row.status === 'terminated') return { ok: false, code: ErrorCode.ACTION_NOT_ALLOWED, status: 409 };
      const limited = await takeAttempt(row);
      if (limited) return limited;
      let state: ServerState;
      try {
        state = await deps.adapters.provisioner.power(row.accountId, action);
      } catch (e) {
        return refusalOf(e);
      }
      await told(row, action);
      return { ok: true, state };
    },

    async reinstall(userId: number, id: number, os: string, lang: Lang): Promise<{ ok: true; state: ServerState } | Refusal> {
      const row = await ownServer(userId, id);
      if (!row) return { ok: false, code: ErrorCode.ACTION_NOT_ALLOWED, status: 404 };
      if (row.status === 'suspended' || row.status === 'terminated') return { ok: false, code: ErrorCode.ACTION_NOT_ALLOWED, status: 409 };
      // Only an image of the server's configuration set (a Windows image on a Linux VPS is not sold).
      const product = await productOf(deps, row.sku, lang);
      const images = product ? optionChoices(product).filter((o) => o.name === 'os').map((o) => o.value) : [];
      if (!images.includes(os)) return { ok: false, code: ErrorCode.VALIDATION_ERROR, status: 400, field: 'os' };
      const limited = await takeAttempt(row);
      if (limited) return limited;
      try {
        const state = await deps.adapters.provisioner.reinstall(row.accountId, os);
        // The options shown as specs follow the image installed now.
        await db
          .update(hostingServices)
          .set({ options: { ...row.options, os }, updatedAt: now })
          .where(and(eq(hostingServices.id, row.id), ne(hostingServices.status, 'terminated')));
        await told(row, 'reinstall');
        return { ok: true, state };
      } catch (e) {
        return refusalOf(e);
      }
    },
  };
}

export type HostingServers = ReturnType<typeof createHostingServers>;
