// Our record of each hosting account and server (issue #23 §1): written when the provisioner makes
// one, so that the portal, the cron and the back office read D1 and never list the panel.
import { and, eq, sql } from 'drizzle-orm';
import { hostingKindOf } from '../../../core/hosting/kinds';
import type { Db } from '../../../db/client';
import { hostingServices, users } from '../../../db/schema';
import type { HostingAccount } from '../../adapters/provisioner/port';
import type { ServiceDeps } from '../deps';

export type HostingServiceRow = typeof hostingServices.$inferSelect;

export type ProvisionedService = {
  userId: number;
  orderItemId: number | null;
  productType: string;
  lengthMonths: number;
  options: Record<string, string>;
  account: HostingAccount;
};

export function createServiceRecords(deps: Pick<ServiceDeps, 'db' | 'now'>) {
  const { db, now } = deps;
  return {
    /** The customer's own service, or null (someone else's id reads as missing: no enumeration). */
    async ownedBy(userId: number, id: number): Promise<HostingServiceRow | null> {
      const [row] = await db.select().from(hostingServices).where(and(eq(hostingServices.id, id), eq(hostingServices.userId, userId)));
      return row ?? null;
    },
    /**
     * One row per account: a fulfilment retry (the provisioner answers the same account for the same
     * reference) updates the row it wrote before instead of adding a second service.
     */
    async recordProvisioned(input: ProvisionedService): Promise<number> {
      const { account } = input;
      const kind = hostingKindOf(input.productType) ?? 'shared';
      const fields = {
        sku: account.sku,
        productType: input.productType,
        kind,
        domain: account.domain,
        username: account.username,
        panelUrl: account.panelUrl,
        server: account.server,
        datacenter: input.options.datacenter ?? null,
        options: input.options,
        status: account.status,
        lengthMonths: input.lengthMonths,
        expiresAt: account.expiresAt,
        syncedAt: now,
        updatedAt: now,
      };
      // The record and the holder's has_pbas_account together (spec §3 User): the menu's hosting
      // header never disagrees with the services list.
      const [[row]] = await db.batch([
        db
          .insert(hostingServices)
          .values({ ...fields, userId: input.userId, orderItemId: input.orderItemId, accountId: account.accountId, startedAt: account.createdAt, createdAt: now })
          .onConflictDoUpdate({ target: hostingServices.accountId, set: fields })
          .returning({ id: hostingServices.id }),
        panelAccountFlagStatement(db, input.userId),
      ]);
      return row!.id;
    },
  };
}

export type ServiceRecords = ReturnType<typeof createServiceRecords>;

/**
 * has_pbas_account follows the services: true while the user holds any panel account not terminated
 * (a suspended one still has its panel login), false once every one is gone. One statement for the
 * caller's batch, after the change to hosting_services, so whoever terminates a service (the cron,
 * staff) keeps the flag true to the table in the same write.
 */
export function panelAccountFlagStatement(db: Db, userId: number) {
  return db
    .update(users)
    .set({ hasPbasAccount: sql`EXISTS (SELECT 1 FROM ${hostingServices} WHERE ${hostingServices.userId} = ${userId} AND ${hostingServices.status} <> 'terminated')` })
    .where(eq(users.id, userId));
}
