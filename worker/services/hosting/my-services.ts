// The customer's hosting accounts and servers (issue #23 §1): the list (from D1 only: one query per
// page and its count, in one round trip), a service's page kept in step with the panel (its status
// and expiry read from getAccount and written back with synced_at; usage asked of the panel), and
// the panel password the customer sets (spec §5 rule first, GDPR approval, then the port).
import { and, asc, count, eq, ne, sql, type SQL } from 'drizzle-orm';
import { ErrorCode } from '../../../core/errors';
import { type HostingKind } from '../../../core/hosting/kinds';
import { pageCount, panelPasswordAllowed, SERVICE_PAGE_SIZE, type ServiceListQuery } from '../../../core/hosting/portal';
import { hostingPasswordError } from '../../../core/validation/password-rules';
import { hostingServices, productPrices, products, users } from '../../../db/schema';
import { ProvisionerError, type HostingAccount, type HostingUsage } from '../../adapters/provisioner/port';
import { isCommonPasswordDressedUp } from '../../security/common-passwords';
import type { ServiceDeps } from '../deps';
import { panelAccountFlagStatement, type HostingServiceRow } from './service-records';

const S = hostingServices;

export type ServiceListRow = {
  id: number;
  planName: string;
  sku: string;
  domain: string | null;
  kind: HostingKind;
  status: HostingServiceRow['status'];
  expiresAt: Date;
  lengthMonths: number;
  /** The plan's net price for the period the service renews by, or null when the catalogue has none. */
  priceCents: number | null;
  cancelAtPeriodEnd: boolean;
};

export type ServiceView = ServiceListRow & Pick<HostingServiceRow, 'username' | 'panelUrl' | 'server' | 'datacenter' | 'options' | 'startedAt' | 'syncedAt' | 'productType' | 'suspendReason'>;

export type ServicePage = {
  service: ServiceView;
  /** Why the panel could not be read (49997, 40501, 40505 …): the page shows the stored data with it. */
  notice: number | null;
};

/** `reason` 'too_common': on the house's list of common passwords (the page says so under the field). */
export type PasswordOutcome = { ok: true } | { ok: false; code: number; status: number; field?: 'panel_password'; reason?: 'too_common' };

/** The catalogue's code of a port failure; anything else is the panel being unreachable to us. */
function codeOf(err: unknown): number {
  return err instanceof ProvisionerError ? err.code : ErrorCode.NETWORK_CONNECTION_ERROR;
}

export function createMyServices(deps: Pick<ServiceDeps, 'db' | 'now' | 'adapters'>) {
  const { db, now } = deps;

  /** The list's and the page's columns: the service, its plan's name and the price of its period. */
  function selectServices(lang: 'el' | 'en') {
    return db
      .select({
        id: S.id,
        planName: sql<string>`coalesce(${lang === 'en' ? products.nameEn : products.nameEl}, ${S.sku})`,
        sku: S.sku,
        domain: S.domain,
        kind: S.kind,
        status: S.status,
        expiresAt: S.expiresAt,
        lengthMonths: S.lengthMonths,
        priceCents: productPrices.priceCents,
        cancelAtPeriodEnd: S.cancelAtPeriodEnd,
      })
      .from(S)
      .leftJoin(products, eq(products.sku, S.sku))
      .leftJoin(productPrices, and(eq(productPrices.productId, products.id), eq(productPrices.lengthMonths, S.lengthMonths)));
  }

  async function own(userId: number, id: number): Promise<HostingServiceRow | null> {
    if (!Number.isSafeInteger(id) || id < 1) return null;
    const [row] = await db.select().from(S).where(and(eq(S.id, id), eq(S.userId, userId)));
    return row ?? null;
  }

  /** The panel's answer written onto our row: conditional on the row as read, so a cron's change meanwhile wins. */
  async function sync(row: HostingServiceRow, account: HostingAccount): Promise<HostingServiceRow> {
    const statusChanged = account.status !== row.status;
    const patch: Partial<typeof S.$inferInsert> = {
      status: account.status,
      expiresAt: account.expiresAt,
      server: account.server,
      username: account.username,
      panelUrl: account.panelUrl,
      syncedAt: now,
      updatedAt: now,
    };
    if (statusChanged && account.status === 'suspended') patch.suspendedAt = row.suspendedAt ?? now;
    if (statusChanged && account.status === 'active' && row.status === 'suspended') Object.assign(patch, { suspendedAt: null, suspendReason: null });
    if (statusChanged && account.status === 'terminated') patch.terminatedAt = row.terminatedAt ?? now;
    const update = db
      .update(S)
      .set(patch)
      .where(and(eq(S.id, row.id), eq(S.updatedAt, row.updatedAt)))
      .returning();
    // Terminated at the panel, or back from it: the holder's has_pbas_account follows in the same write.
    const [updated] = statusChanged ? (await db.batch([update, panelAccountFlagStatement(db, row.userId)]))[0] : await update;
    if (updated) return updated;
    const [current] = await db.select().from(S).where(eq(S.id, row.id));
    return current ?? row;
  }

  return {
    /**
     * The menu's "panel login" (spec §2): the control panel of the customer's hosting account, a
     * living one with a panel before a server's console, the one renewing first. Null without one.
     */
    async panelLogin(userId: number): Promise<string | null> {
      const [row] = await db
        .select({ url: S.panelUrl })
        .from(S)
        .where(and(eq(S.userId, userId), ne(S.status, 'terminated'), ne(S.status, 'provisioning')))
        .orderBy(sql`${S.kind} IN ('vps', 'dedicated')`, asc(S.expiresAt))
        .limit(1);
      return row?.url ?? null;
    },

    async list(userId: number, query: ServiceListQuery, lang: 'el' | 'en') {
      const conditions: SQL[] = [eq(S.userId, userId)];
      if (query.status) conditions.push(eq(S.status, query.status));
      if (query.kind) conditions.push(eq(S.kind, query.kind));
      const where = and(...conditions);
      const page = async (n: number) =>
        db.batch([
          selectServices(lang)
            .where(where)
            // Living services first, each group by its next renewal.
            .orderBy(sql`${S.status} = 'terminated'`, asc(S.expiresAt), asc(S.id))
            .limit(SERVICE_PAGE_SIZE)
            .offset((n - 1) * SERVICE_PAGE_SIZE),
          db.select({ n: count() }).from(S).where(where),
        ]);
      let n = query.page;
      let [rows, [total]] = await page(n);
      const pages = pageCount(total?.n ?? 0);
      // A page past the end (a bookmark, a service gone meanwhile): the last one instead.
      if (n > pages) {
        n = pages;
        [rows, [total]] = await page(n);
      }
      return { rows: rows as ServiceListRow[], total: total?.n ?? 0, page: n, pages: pageCount(total?.n ?? 0) };
    },

    /** The customer's own service as stored (null for anyone else's id): the guard of the service's pages. */
    own,

    /**
     * The service as its pages show it, kept in step with the panel: getAccount's status, expiry,
     * server and login written back with synced_at (decision 069). A panel that cannot answer leaves
     * the stored data, with the reason as a notice. Null for anyone else's id.
     */
    async current(userId: number, id: number, lang: 'el' | 'en'): Promise<ServicePage | null> {
      const row = await own(userId, id);
      if (!row) return null;
      let notice: number | null = null;
      let current = row;
      try {
        current = await sync(row, await deps.adapters.provisioner.getAccount(row.accountId));
      } catch (err) {
        notice = codeOf(err);
      }
      const [listed] = await selectServices(lang).where(eq(S.id, id));
      return {
        service: {
          ...(listed as ServiceListRow),
          status: current.status,
          expiresAt: current.expiresAt,
          username: current.username,
          panelUrl: current.panelUrl,
          server: current.server,
          datacenter: current.datacenter,
          options: current.options,
          startedAt: current.startedAt,
          syncedAt: current.syncedAt,
          productType: current.productType,
          suspendReason: current.suspendReason,
        },
        notice,
      };
    },

    /** What the panel alone knows: disk, bandwidth, mailboxes, databases (or why it could not say). */
    async usage(userId: number, id: number): Promise<{ usage: HostingUsage | null; notice: number | null } | null> {
      const row = await own(userId, id);
      if (!row) return null;
      try {
        return { usage: await deps.adapters.provisioner.usage(row.accountId), notice: null };
      } catch (err) {
        return { usage: null, notice: codeOf(err) };
      }
    },

    /**
     * The panel password the customer chose (spec §5 "Hosting-panel password"). Refused before the
     * port is asked when it breaks the rule or is a common password (under the field), when the customer has not given the
     * GDPR processing approval (43007) or when the account has no panel user now (151). A panel
     * failure changes nothing: the old password stays, and the customer sees why.
     */
    async setPanelPassword(userId: number, id: number, password: string): Promise<PasswordOutcome | null> {
      const [row] = await db
        .select({ accountId: S.accountId, status: S.status, gdpr: users.gdprProcessingAt })
        .from(S)
        .innerJoin(users, eq(users.id, S.userId))
        .where(and(eq(S.id, id), eq(S.userId, userId)));
      if (!row) return null;
      if (hostingPasswordError(password)) return { ok: false, code: ErrorCode.VALIDATION_ERROR, status: 400, field: 'panel_password' };
      // The rule's classes are met by 'Password1!': the house's list, with the decoration taken off, refuses it.
      if (isCommonPasswordDressedUp(password)) return { ok: false, code: ErrorCode.VALIDATION_ERROR, status: 400, field: 'panel_password', reason: 'too_common' };
      if (!row.gdpr) return { ok: false, code: ErrorCode.PBAS_ACCOUNT_REQUIRED_GDPR_APPROVAL, status: 403 };
      if (!panelPasswordAllowed(row.status)) return { ok: false, code: ErrorCode.ACTION_NOT_ALLOWED, status: 403 };
      try {
        await deps.adapters.provisioner.setPassword(row.accountId, password);
        return { ok: true };
      } catch (err) {
        const code = codeOf(err);
        if (code === ErrorCode.VALIDATION_ERROR) return { ok: false, code, status: 400, field: 'panel_password' };
        return { ok: false, code, status: code === ErrorCode.SERVER_PROVIDER_PRODUCT_NOT_FOUND ? 404 : code === ErrorCode.ACTION_NOT_ALLOWED ? 403 : 502 };
      }
    },
  };
}

export type MyServices = ReturnType<typeof createMyServices>;
