// Fulfilment (issue #5 §5; decision 018): a paid order's items are carried out through the ports,
// parents before children, each claimed with a conditional update so cron and a webhook never run one
// twice; failures back off and retry, and an item no retry can carry out is refunded as credit.
import { and, asc, eq, inArray, isNotNull, lte, ne, sql } from 'drizzle-orm';
import type { RegistryFamily } from '../../../core/catalog';
import { ErrorCode } from '../../../core/errors';
import { isFinalFailure, nextAttemptAt } from '../../../core/orders/fulfilment';
import { registryKeyFor } from '../../../core/domains/keys';
import { nameserverToAscii } from '../../../core/domains/nameserver-keys';
import { parseDomain } from '../../../core/domains/names';
import { lockNewName } from '../../../core/domains/registry-rules';
import { contacts, domainContactRoles, domainContacts, domains, hosts, nameserverGroups, orderItems, orders, products, saleDocuments, users, type DomainContactRole } from '../../../db/schema';
import { ProvisionerError } from '../../adapters/provisioner/port';
import { RegistryError } from '../../adapters/registry/port';
import { SslError } from '../../adapters/ssl/port';
import type { ServiceDeps } from '../deps';
import { createIdProtectService } from '../domains';
import { createCatalogService } from '../catalog';
import { createRenewalFulfilment, createServiceFulfilment, createServiceRecords, isHostingRenewal } from '../hosting';
import { createFulfilmentRecovery } from './fulfilment-recovery';
import { createItemMails } from './item-mails';
import { createItemRefunds } from './item-refunds';
import { createMydataService } from '../documents';
import { enrolCertificate } from './ssl-enrolment';
import { DEFAULT_NAMESERVERS } from '../domains';

// The default nameservers live with the nameserver service (domains); fulfilment gives them to a new name.
export { DEFAULT_NAMESERVERS };

export function createFulfilment(deps: ServiceDeps) {
  const { db, now, adapters } = deps;
  const catalog = createCatalogService(deps);
  const itemRefunds = createItemRefunds(deps);
  const itemMails = createItemMails(deps);
  const serviceRecords = createServiceRecords(deps);
  const serviceLines = createServiceFulfilment(deps);

  async function registrantOf(userId: number, config: Record<string, unknown>) {
    const contactIds = (config.contacts ?? {}) as Record<string, number | undefined>;
    const id = contactIds.registrant;
    if (id) {
      const [c] = await db.select().from(contacts).where(and(eq(contacts.id, id), eq(contacts.userId, userId)));
      // The postal address too (issue #20 §1): registries record the city, never a placeholder.
      if (c) return { name: `${c.firstName} ${c.lastName}`.trim(), organisation: c.organisation, email: c.email, country: c.countryIso2, phone: c.phone, address: c.address, city: c.city, postcode: c.postcode };
    }
    // A transfer keeps the holder it has; the account holder stands in where the registry asks for one.
    const [u] = await db.select().from(users).where(eq(users.id, userId));
    return { name: `${u!.firstName} ${u!.lastName}`.trim(), organisation: null, email: u!.email, country: u!.countryIso2, phone: u!.mobile, address: u!.address, city: u!.city, postcode: u!.postcode };
  }

  /** The delegation chosen in the cart, and where it comes from (kept on the domain for the portal). */
  async function nameserversOf(userId: number, config: Record<string, unknown>): Promise<{ mode: 'default' | 'group' | 'custom'; groupId: number | null; list: string[] }> {
    const ns = config.nameservers as { mode: string; groupId?: number; list?: string[] } | undefined;
    // Registries take IDN nameservers in ASCII (the cart stores them as typed).
    if (ns?.mode === 'custom' && ns.list?.length) return { mode: 'custom', groupId: null, list: ns.list.map(nameserverToAscii) };
    if (ns?.mode === 'group' && ns.groupId) {
      const [g] = await db.select().from(nameserverGroups).where(and(eq(nameserverGroups.id, ns.groupId), eq(nameserverGroups.userId, userId)));
      if (g) return { mode: 'group', groupId: g.id, list: g.nameservers.map(nameserverToAscii) };
    }
    return { mode: 'default', groupId: null, list: DEFAULT_NAMESERVERS };
  }

  /** The contact of each role the cart recorded, if it is still the customer's (spec §3 roles). */
  async function rolesOf(userId: number, config: Record<string, unknown>): Promise<{ role: DomainContactRole; contactId: number }[]> {
    const chosen = (config.contacts ?? {}) as Partial<Record<DomainContactRole, number>>;
    const ids = [...new Set(domainContactRoles.map((r) => chosen[r]).filter((v): v is number => typeof v === 'number'))];
    if (!ids.length) return [];
    const own = new Set((await db.select({ id: contacts.id }).from(contacts).where(and(eq(contacts.userId, userId), inArray(contacts.id, ids)))).map((c) => c.id));
    return domainContactRoles.flatMap((role) => (chosen[role] && own.has(chosen[role]!) ? [{ role, contactId: chosen[role]! }] : []));
  }

  /** Carries out one item through its port. Returns what it produced, or throws the port's error. */
  async function fulfilItem(order: typeof orders.$inferSelect, item: typeof orderItems.$inferSelect, siblings: (typeof orderItems.$inferSelect)[]): Promise<Record<string, unknown>> {
    const reference = `oi-${item.id}`;
    if (item.kind === 'domain') {
      const tldList = (await catalog.tldPricing({ actions: ['register'] })).map((t) => t.tld);
      const parsed = parseDomain(item.name, tldList);
      if (!parsed.ok || !item.registry) throw new RegistryError(ErrorCode.DOMAIN_IS_NOT_VALID);
      const registry = adapters.registries[item.registry as RegistryFamily];
      const ref = { name: parsed.asciiFqdn, key: registryKeyFor(parsed.label, parsed.tld) };
      const idProtect = siblings.some((s) => s.parentPosition === item.position && s.sku === 'id_protect');
      if (item.action === 'renew' || item.action === 'rgp_restore' || item.action === 'trade') {
        const [held] = await db.select().from(domains).where(and(eq(domains.asciiFqdn, parsed.asciiFqdn), eq(domains.userId, order.userId)));
        if (!held) throw new RegistryError(ErrorCode.ACTION_NOT_ALLOWED, { reason: 'not_held' });
        if (item.action === 'trade') {
          // The new holder must still be one of the customer's contacts (it may have been deleted since
          // the order): never fall back to the account holder's data for a change of holder.
          const registrant = (await rolesOf(order.userId, item.config)).find((r) => r.role === 'registrant');
          if (!registrant) throw new RegistryError(ErrorCode.ACTION_NOT_ALLOWED, { reason: 'no_registrant' });
          await registry.trade({ name: ref, registrant: await registrantOf(order.userId, item.config), idProtect: held.idProtect });
          await db.batch([
            db.update(domains).set({ updatedAt: now }).where(eq(domains.id, held.id)),
            db
              .insert(domainContacts)
              .values({ domainId: held.id, role: 'registrant', contactId: registrant.contactId, updatedAt: now })
              .onConflictDoUpdate({ target: [domainContacts.domainId, domainContacts.role], set: { contactId: registrant.contactId, updatedAt: now } }),
          ]);
          return { status: 'traded' };
        }
        // A renewal (or a restore out of redemption, which the registry does by renewing) names the
        // current expiry, so it cannot happen twice; a retry after a lost answer finds it done.
        let renewedTo: Date;
        try {
          renewedTo = (await registry.renew({ name: ref, periodMonths: item.lengthMonths, currentExpiry: held.expiresAt })).expiresAt;
        } catch (e) {
          const info = e instanceof RegistryError && e.detail.reason === 'expiry_mismatch' ? await registry.info(ref).catch(() => null) : null;
          if (!info?.sponsoredByUs || info.expiresAt.getTime() <= held.expiresAt.getTime()) throw e;
          renewedTo = info.expiresAt;
        }
        await db.update(domains).set({ expiresAt: renewedTo, status: 'active', updatedAt: now }).where(eq(domains.id, held.id));
        // A renewal with ID protect pays it up to the new expiry (issue #20 §4, worker/services/domains/id-protect.ts).
        const idProtectUntil = idProtect ? await createIdProtectService(deps).extendWithRenewal(order.userId, held.id, renewedTo) : null;
        return { expiresAt: renewedTo.toISOString(), status: 'active', ...(idProtectUntil ? { idProtectUntil: idProtectUntil.toISOString() } : {}) };
      }
      let expiresAt: Date;
      let status: 'active' | 'transfer_pending' = 'active';
      let delegation: Awaited<ReturnType<typeof nameserversOf>> = { mode: 'default', groupId: null, list: [] };
      if (item.action === 'transfer' || item.action === 'transfer_renew') {
        // A retry after a lost answer (or a crash) finds the name ours already: the transfer did happen.
        const r = await registry.transfer({ name: ref, authCode: String(item.config.authCode ?? ''), periodMonths: item.lengthMonths }).catch(async (e: unknown) => {
          if (!(e instanceof RegistryError) || e.code !== ErrorCode.DOMAIN_REGISTRANT_ALREADY_PROVIDER) throw e;
          const info = await registry.info(ref).catch(() => null);
          const [holder] = await db.select({ userId: domains.userId }).from(domains).where(eq(domains.asciiFqdn, parsed.asciiFqdn));
          if (!info?.sponsoredByUs || (holder && holder.userId !== order.userId)) throw e;
          return { status: 'completed' as const, expiresAt: info.expiresAt };
        });
        if (r.status === 'pending') status = 'transfer_pending';
        const info = r.status === 'completed' ? await registry.info(ref).catch(() => null) : null;
        expiresAt = r.expiresAt ?? info?.expiresAt ?? (await registry.info(ref)).expiresAt;
        // A transfer keeps the delegation it had: custom, as the registry reports it (unknown while pending).
        if (info) delegation = { mode: 'custom', groupId: null, list: info.nameservers };
      } else {
        delegation = await nameserversOf(order.userId, item.config);
        const xxx = item.config.xxx as { resolve: boolean; token?: string } | undefined;
        try {
          const r = await registry.register({
            name: ref,
            periodMonths: item.lengthMonths,
            registrant: await registrantOf(order.userId, item.config),
            nameservers: delegation.list,
            idProtect,
            ...(xxx ? { xxx: { resolve: xxx.resolve, membershipToken: xxx.token } } : {}),
          });
          expiresAt = r.expiresAt;
        } catch (e) {
          // A retry after a lost answer: the name is ours already, so the registration did happen.
          if (e instanceof RegistryError && e.code === ErrorCode.DOMAIN_REGISTER_FAILED) {
            // (Ours, and not another customer's: they are sponsored by us too.)
            const info = await registry.info(ref).catch(() => null);
            const [holder] = await db.select({ userId: domains.userId }).from(domains).where(eq(domains.asciiFqdn, parsed.asciiFqdn));
            if (!info?.sponsoredByUs || (holder && holder.userId !== order.userId)) throw e;
            expiresAt = info.expiresAt;
          } else throw e;
        }
      }
      // Issue #25 §1: a new name gets its registry's transfer lock (EPP has no status on create: an
      // update after it). Best effort: the name is registered and paid for, so a registry that refuses
      // the lock leaves it unlocked (as our row then says) rather than failing the registration; a
      // retried item comes here again and asks again.
      let locked: boolean | undefined;
      if (status === 'active' && item.action === 'register' && lockNewName(item.registry as RegistryFamily)) {
        locked = await registry.setLock(ref, true).then(
          () => true,
          (e: unknown) => {
            console.error('new name lock refused', item.name, e instanceof RegistryError ? e.code : e);
            return false;
          },
        );
      }
      const lock = locked === undefined ? {} : { locked };
      const idProtectUntil = idProtect ? expiresAt : null;
      const ns = { nsMode: delegation.mode, nsGroupId: delegation.groupId, nameservers: delegation.list };
      const [saved] = await db
        .insert(domains)
        .values({
          userId: order.userId,
          fqdn: parsed.fqdn,
          asciiFqdn: parsed.asciiFqdn,
          registryKey: ref.key,
          tld: parsed.tld,
          registry: item.registry as RegistryFamily,
          status,
          expiresAt,
          idProtect,
          idProtectUntil,
          ...ns,
          ...lock,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoUpdate({ target: domains.asciiFqdn, set: { userId: order.userId, status, expiresAt, idProtect, idProtectUntil, ...ns, ...lock, updatedAt: now } })
        .returning({ id: domains.id });
      // The row may be a name someone held before (it lapsed and came back): their role rows and glue
      // hosts go, so nothing of theirs stays attached to the new holder's name.
      const roles = await rolesOf(order.userId, item.config);
      await db.batch([
        db.delete(domainContacts).where(eq(domainContacts.domainId, saved!.id)),
        db.delete(hosts).where(and(eq(hosts.domainId, saved!.id), ne(hosts.userId, order.userId))),
        ...(roles.length ? [db.insert(domainContacts).values(roles.map((r) => ({ domainId: saved!.id, role: r.role, contactId: r.contactId, updatedAt: now })))] : []),
      ]);
      return { expiresAt: expiresAt.toISOString(), status };
    }
    if (item.kind === 'hosting') {
      // A renewal or an upgrade of a service the customer has (issue #23 §1): from the cart or a paid
      // renewal document, the same call at the provisioner; a renewal then lifts the cron's 'unpaid'
      // suspension and tells the customer.
      const done = await serviceLines.fulfil(order.userId, item);
      if (done && isHostingRenewal(item)) return { ...done, ...(await createRenewalFulfilment(deps).afterRenewal(order.userId, item)) };
      if (done) return done;
      const domain = (item.config.domain as string | undefined) ?? siblings.find((s) => s.kind === 'domain')?.name ?? null;
      const [u] = await db.select({ email: users.email }).from(users).where(eq(users.id, order.userId));
      // What was sold, read by its SKU whether the storefront still shows it or not: staff may hide a
      // product between the order and its payment (issue #22 catalogue), and a hidden VPS is still a VPS.
      const [product] = await db.select({ type: products.type }).from(products).where(eq(products.sku, item.sku));
      const account = await adapters.provisioner.createAccount({
        reference,
        sku: item.sku,
        productType: product?.type ?? 'hosting-shared',
        domain,
        lengthMonths: item.lengthMonths,
        options: (item.config.options as Record<string, string> | undefined) ?? {},
        contactEmail: u!.email,
      });
      const options = (item.config.options as Record<string, string> | undefined) ?? {};
      await serviceRecords.recordProvisioned({ userId: order.userId, orderItemId: item.id, productType: product?.type ?? 'hosting-shared', lengthMonths: item.lengthMonths, options, account });
      return { accountId: account.accountId, username: account.username, server: account.server, status: account.status, panelUrl: account.panelUrl };
    }
    // Its own file (issue #20 §2): the names and approvers chosen in the cart, never fewer.
    if (item.kind === 'ssl') return enrolCertificate({ ssl: adapters.ssl, catalog }, item, siblings, reference);
    // ID protect bought later for a held name (issue #12 §2, from the domain page): on at the
    // registry, then paid on our side for the item's length from today or from the paid period's end.
    if (item.sku === 'id_protect' && item.parentPosition === null && typeof item.config.domain === 'string') {
      const [held] = await db.select().from(domains).where(and(eq(domains.asciiFqdn, item.config.domain), eq(domains.userId, order.userId)));
      if (!held) throw new RegistryError(ErrorCode.ACTION_NOT_ALLOWED, { reason: 'not_held' });
      await adapters.registries[held.registry].updateContacts({ name: held.asciiFqdn, key: held.registryKey }, { idProtect: true });
      const from = held.idProtectUntil && held.idProtectUntil.getTime() > now.getTime() ? held.idProtectUntil : now;
      const until = new Date(from.getTime());
      until.setUTCMonth(until.getUTCMonth() + item.lengthMonths);
      await db.update(domains).set({ idProtect: true, idProtectUntil: until, updatedAt: now }).where(eq(domains.id, held.id));
      return { idProtectUntil: until.toISOString() };
    }
    // Add-ons carried out with their parent (ID protect) or by our staff (installation, maintenance).
    return { handledWith: item.parentPosition !== null ? 'parent' : 'staff' };
  }

  async function attempt(order: typeof orders.$inferSelect, item: typeof orderItems.$inferSelect, siblings: (typeof orderItems.$inferSelect)[]) {
    // Claim the item: of two workers (cron and a webhook) only one carries it out.
    const claimed = await db
      .update(orderItems)
      .set({ status: 'processing', attempts: sql`${orderItems.attempts} + 1`, nextAttemptAt: null, claimedAt: now })
      .where(and(eq(orderItems.id, item.id), inArray(orderItems.status, ['pending', 'failed'])))
      .returning({ attempts: orderItems.attempts });
    if (!claimed.length) return;
    let result: Record<string, unknown>;
    try {
      result = await fulfilItem(order, item, siblings);
      await db.update(orderItems).set({ status: 'completed', result, completedAt: now, lastError: null }).where(eq(orderItems.id, item.id));
    } catch (e) {
      const known = e instanceof RegistryError || e instanceof ProvisionerError || e instanceof SslError;
      const code = known ? e.code : ErrorCode.UNDEFINED_CODE;
      const reason = known ? (e.detail as Record<string, unknown> | undefined)?.reason : undefined;
      if (!known) console.error('fulfilment failed', item.id, e);
      const final = isFinalFailure(code, reason);
      const next = final ? null : nextAttemptAt(claimed[0]!.attempts, now.getTime());
      await db
        .update(orderItems)
        .set({ status: 'failed', lastError: String(code), nextAttemptAt: next === null ? null : new Date(next) })
        .where(eq(orderItems.id, item.id));
      // No retry can carry it out (the name was taken meanwhile): the customer gets the item's cost
      // back as credit at once, with its add-ons, which can no longer be carried out either.
      if (final) await refundToCredit(order, item, siblings);
      return;
    }
    // Outside the try: the item is completed whatever happens to its e-mail (issue #33 §1), once per
    // item by its key; the claim above already keeps a second run from getting here.
    await itemMails.done(order, item, result, siblings);
  }

  async function refundToCredit(order: typeof orders.$inferSelect, item: typeof orderItems.$inferSelect, siblings: (typeof orderItems.$inferSelect)[]) {
    const children = siblings.filter((c) => c.parentPosition === item.position && c.status === 'pending');
    await itemRefunds.refundToCredit(order, [item, ...children]);
  }

  async function settleOrderStatus(orderId: number) {
    const items = await db.select({ status: orderItems.status }).from(orderItems).where(eq(orderItems.orderId, orderId));
    // Refunded items (money given back) and cancelled ones (held by a full refund) are done with.
    const status = items.every((i) => i.status === 'completed' || i.status === 'refunded' || i.status === 'cancelled') ? 'completed' : 'processing';
    await db.update(orders).set({ status }).where(and(eq(orders.id, orderId), inArray(orders.status, ['paid', 'processing'])));
    if (status === 'completed') await db.update(saleDocuments).set({ status: 'COMPLETED' }).where(and(eq(saleDocuments.orderId, orderId), eq(saleDocuments.kind, 'order')));
  }

  const service = {
    /** Carries out every pending (or due) item of a paid order. */
    async fulfil(orderId: number) {
      const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
      if (!order || order.status === 'pending' || order.status === 'cancelled') return;
      const items = await db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.position));
      const due = items.filter((i) => i.status === 'pending' || (i.status === 'failed' && i.nextAttemptAt !== null && i.nextAttemptAt.getTime() <= now.getTime()));
      // Parents first: an add-on is done with (or after) the item it belongs to.
      for (const item of due.filter((i) => i.parentPosition === null)) await attempt(order, item, items);
      const after = await db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
      for (const item of due.filter((i) => i.parentPosition !== null)) {
        const parent = after.find((p) => p.position === item.parentPosition);
        if (parent?.status === 'completed') await attempt(order, item, after);
      }
      await settleOrderStatus(orderId);
    },

    /** Cron: items whose retry time has come (issue #5 §5). */
    async retryDue(limit = 20): Promise<number> {
      const due = await db
        .selectDistinct({ orderId: orderItems.orderId })
        .from(orderItems)
        .where(and(eq(orderItems.status, 'failed'), isNotNull(orderItems.nextAttemptAt), lte(orderItems.nextAttemptAt, now)))
        .limit(limit);
      for (const d of due) await service.fulfil(d.orderId);
      return due.length;
    },

    /** Cron: items whose claim passed its time limit (a crash between claim and result), decision 046. */
    async recoverInterrupted(limit = 20): Promise<number> {
      return createFulfilmentRecovery(deps, (orderId) => service.fulfil(orderId)).recoverInterrupted(limit);
    },

    /** The registry ports, for the poll job. */
    registries() {
      return adapters.registries;
    },
  };
  return service;
}
