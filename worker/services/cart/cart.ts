// The cart as a first-class module (issue #5; Hydrogen's model): the items live in the visitor's User
// Durable Object (a guest's room before login, `u-<id>` after); this service adds, removes, updates and
// merges them, and reads what the view needs (items, catalogue, registry rules) for cart-view.ts, which
// prices the lines through core/cart and works out up-sells, configuration status and totals.
import { and, eq } from 'drizzle-orm';
import type { RegistryFamily } from '../../../core/catalog';
import { productFamilies } from '../../../core/catalog';
import { bundleLength, bundlesOf } from '../../../core/cart/bundles';
import { crossSellDomain } from '../../../core/cart/cross-sells';
import { contactChoiceRefusal, initialDomainConfig, type RegistryRules } from '../../../core/cart/domain-config';
import { allowedLengths, pickLength } from '../../../core/cart/pricing';
import { heldNameAllows, productDomainError, updateRefusal, type UpdatePatch } from '../../../core/cart/updates';
import { isConfigurableType } from '../../../core/cart/options';
import type { SslSettings } from '../../../core/cart/ssl';
import type { CartDomainAction, CartItem, NewCartItem } from '../../../core/cart/types';
import { ErrorCode } from '../../../core/errors';
import { registryKeyFor } from '../../../core/domains/keys';
import { parseDomain } from '../../../core/domains/names';
import { domains } from '../../../db/schema';
import { RegistryError } from '../../adapters/registry/port';
import type { ServiceDeps } from '../deps';
import { createCartContactRoles } from './cart-contact-roles';
import { createCartOptions } from './cart-options';
import { createCartSsl } from './cart-ssl';
import { createCatalogService, type TldPricing } from '../catalog';
import { addServiceLine, serviceLineFacts, type ServiceLineInput } from './cart-service-lines';
import { composeCartView, type CartCatalogue, offeredFromProduct, offeredFromTld, optionChoices, type CartView } from './cart-view';
import { createContactService } from '../contacts';
import { elRefusals } from '../catalog';
import { requestReads, userStub } from '../platform';
import type { CartOwner, CartResult } from './cart-types';

type Lang = 'el' | 'en';

export type { CartLine, CartView } from './cart-view';

export type { CartOwner, CartResult };

export { CART_HINT_COOKIE } from '../../../core/cart/types';

const NO_CATALOGUE: CartCatalogue = { tlds: new Map(), products: new Map(), promotionOf: () => ({ exists: false, active: false }) };

export function createCartService(deps: ServiceDeps) {
  const { db, env, now, adapters } = deps;
  const catalog = createCatalogService(deps);
  const domainContacts = createContactService(deps);
  /** A restore keeps the name's contacts: they are its explicit_contacts, already chosen (decision 034). */
  const heldContacts = async (domainId: number): Promise<CartItem['config']> => {
    const roles = await domainContacts.rolesOf(domainId);
    return roles.length ? { contacts: Object.fromEntries(roles.map((r) => [r.role, r.contactId])), explicitContacts: [...new Set(roles.map((r) => r.contactId))] } : {};
  };
  const stub = (room: string) => userStub(deps, room);

  // Per request (this service lives as long as its request): the root loader (header cart) and the
  // page's loader both ask for the view; the catalogue and the stored items are read once, not twice
  // (docs/decisions/030). Every change made through this service forgets the room's items.
  const catalogues = new Map<Lang, ReturnType<typeof loadCatalogue>>();
  const productCatalogues = new Map<Lang, ReturnType<typeof loadProducts>>();
  let tldTable: ReturnType<typeof loadTlds> | null = null;
  const storedItems = new Map<string, Promise<CartItem[]>>();
  // The session check of a page view read the customer's items already (request-reads.ts, decision 056).
  const shared = requestReads(deps).carts;
  const forget = (room: string) => {
    storedItems.delete(room);
    shared.delete(room);
  };
  /** Once per request: a failed read is forgotten so that the next call tries again. */
  function once<K, V>(cache: Map<K, Promise<V>>, key: K, load: () => Promise<V>): Promise<V> {
    let hit = cache.get(key);
    if (!hit) {
      cache.set(key, (hit = load()));
      hit.catch(() => cache.delete(key));
    }
    return hit;
  }
  const catalogue = (lang: Lang) => once(catalogues, lang, () => loadCatalogue(lang));
  // The summary of a cart without domains needs no TLD price table (every TLD × action × length,
  // priced on each read): the view asks for the products and offers alone (docs/decisions/030).
  const productCatalogue = (lang: Lang) => once(productCatalogues, lang, () => loadProducts(lang));
  function tlds() {
    if (!tldTable) {
      const hit = (tldTable = loadTlds());
      hit.catch(() => {
        if (tldTable === hit) tldTable = null;
      });
    }
    return tldTable;
  }

  async function loadTlds() {
    const tldList = await catalog.tldPricing({ actions: ['register', 'transfer', 'transfer_renew', 'renew', 'trade', 'rgp_restore'] });
    return new Map(tldList.map((t) => [t.tld, t]));
  }

  async function loadProducts(lang: Lang) {
    const [productList, promos] = await Promise.all([
      // Options too: server items price and list their configuration (VPS, dedicated, semi-dedicated).
      catalog.productsByFamily(productFamilies, lang),
      catalog.promotionStates(),
    ]);
    /** Spec §4 Promotions for one item: does an offer list it, and does that offer run now? */
    const promotionOf = (item: Pick<CartItem, 'kind' | 'sku'>) => {
      const key = item.kind === 'domain' ? `tld:${item.sku}` : item.sku;
      const listing = promos.filter((p) => p.skus.includes(key));
      return { exists: listing.length > 0, active: listing.some((p) => p.running) };
    };
    return { products: new Map(productList.map((p) => [p.sku, p])), promotionOf };
  }

  async function loadCatalogue(lang: Lang) {
    const [tldMap, { products, promotionOf }] = await Promise.all([tlds(), productCatalogue(lang)]);
    return { tlds: tldMap, products, promotionOf };
  }

  const service = {
    ownerOf(session: { user: { id: number } } | null, visitorId: string): CartOwner {
      return session ? { room: `u-${session.user.id}`, userId: session.user.id } : { room: visitorId, userId: null };
    },

    async items(owner: CartOwner): Promise<CartItem[]> {
      let hit = storedItems.get(owner.room);
      if (!hit) {
        const read = shared.get(owner.room);
        storedItems.set(owner.room, (hit = read ? Promise.resolve(read) : stub(owner.room).then((s) => s.cartItems())));
        hit.catch(() => forget(owner.room));
      }
      // A copy: callers may sort or filter the list without touching the shared one.
      return [...(await hit)];
    },

    async count(owner: CartOwner): Promise<number> {
      return (await stub(owner.room)).cartCount();
    },

    /**
     * Adds a domain: register (availability checked again now, without the search cache), transfer
     * (with its EPP code), or renew/trade/rgp_restore of a name the customer holds (later issues).
     */
    async addDomain(
      owner: CartOwner,
      // A trade (issue #12 §5) names its new registrant, a contact of the customer's, and may carry the terms agreed on the domain page.
      input: { name: string; action: CartDomainAction; months?: number; authCode?: string; registrant?: number; agree?: boolean; uniqueId: string | null },
    ): Promise<CartResult<{ items: CartItem[]; count: number }>> {
      const { tlds } = await catalogue('el');
      const parsed = parseDomain(input.name, [...tlds.keys()]);
      if (!parsed.ok) return { ok: false, code: parsed.code };
      const t = tlds.get(parsed.tld)!;
      const offered = offeredFromTld(t, input.action);
      if (!offered.length) return { ok: false, code: ErrorCode.CART_ITEM_ADD_FAILED };
      let premiumYearCents: number | null = null;
      let premiumRenewYearCents: number | null = null;
      // Renewing, restoring or changing the holder of a name: only the customer who holds it here.
      let held: { id: number; expiresAt: Date; status: string } | null = null;
      if (input.action === 'renew' || input.action === 'trade' || input.action === 'rgp_restore') {
        if (owner.userId === null) return { ok: false, code: ErrorCode.ACTION_ALLOWED_ONLY_TO_USERS };
        const [row] = await db.select({ id: domains.id, expiresAt: domains.expiresAt, status: domains.status }).from(domains).where(and(eq(domains.asciiFqdn, parsed.asciiFqdn), eq(domains.userId, owner.userId)));
        if (!row) return { ok: false, code: ErrorCode.ACTION_NOT_ALLOWED };
        // A name in redemption comes back only through a restore, with its RGP fee (issue #10 §2).
        if (!heldNameAllows(input.action, row.status)) return { ok: false, code: ErrorCode.ACTION_NOT_ALLOWED };
        held = row;
      }
      // A .ελ goes with its .gr only (spec §5): registered or transferred, the .gr must be held here.
      if (parsed.tld === 'ελ' && input.action !== 'renew' && input.action !== 'rgp_restore' && input.action !== 'trade') {
        const refused = await elRefusals(db, owner.userId, [parsed.label]);
        if (refused) return { ok: false, code: refused };
      }
      if (input.action === 'register') {
        try {
          const [answer] = await adapters.registries[t.registry].check([{ name: parsed.asciiFqdn, key: registryKeyFor(parsed.label, parsed.tld) }]);
          if (!answer?.available) return { ok: false, code: ErrorCode.CART_ITEM_ADD_FAILED };
          premiumYearCents = answer.premium?.registerCents ?? null;
          premiumRenewYearCents = answer.premium?.renewCents ?? null;
        } catch (e) {
          return { ok: false, code: e instanceof RegistryError && e.code === ErrorCode.REGISTRY_MAINTENANCE ? e.code : ErrorCode.DOMAIN_CHECK_FAILURE };
        }
      }
      const item: NewCartItem = {
        kind: 'domain',
        sku: parsed.tld,
        action: input.action,
        name: parsed.fqdn,
        asciiName: parsed.asciiFqdn,
        registry: t.registry,
        // A length the item allows (an RGP restore has only its first), or the first one.
        lengthMonths: pickLength(allowedLengths({ kind: 'domain', sku: parsed.tld, rgp: input.action === 'rgp_restore' || held?.status === 'redemption', premiumYearCents }, offered), input.months),
        parentId: null,
        relation: null,
        premiumYearCents,
        rgp: input.action === 'rgp_restore' || held?.status === 'redemption',
        // An expired name gets no ID protect (spec §9).
        expired: held !== null && held.expiresAt.getTime() < now.getTime(),
        // A new name starts on our nameservers (issue #25 §4); the customer may choose others.
        config: { ...initialDomainConfig(input.action), ...(input.authCode ? { authCode: input.authCode.trim() } : held && input.action === 'rgp_restore' ? await heldContacts(held.id) : premiumRenewYearCents !== null ? { premiumRenewYearCents } : {}) },
      };
      // A trade is a change of holder: without the new holder there is nothing to buy (a hand-made POST).
      if (input.action === 'trade' && input.registrant === undefined) return { ok: false, code: ErrorCode.CART_ATTRIBUTE_ERROR, field: 'contacts' };
      if (input.action === 'trade' && input.registrant !== undefined) {
        if (owner.userId === null || !(await domainContacts.ownsConfig(owner.userId, [input.registrant], null))) return { ok: false, code: ErrorCode.CART_ATTRIBUTE_ERROR, field: 'contacts' };
        item.config = { contacts: { registrant: input.registrant }, ...(input.agree ? { agree: true } : {}) };
      }
      forget(owner.room);
      const result = await (await stub(owner.room)).cartAdd([item], input.uniqueId, now.getTime());
      return result.ok ? { ok: true, items: result.added, count: result.count } : result;
    },

    /** Adds a product (hosting, SSL, an add-on), optionally as a child of an item already in the cart. */
    async addProduct(
      owner: CartOwner,
      input: { sku: string; months?: number; parentId?: string | null; relation?: CartItem['relation']; config?: CartItem['config']; uniqueId: string | null },
    ): Promise<CartResult<{ items: CartItem[]; count: number }>> {
      const { products } = await catalogue('el');
      const p = products.get(input.sku);
      const offered = offeredFromProduct(p);
      if (!p || !offered.length) return { ok: false, code: ErrorCode.CART_ITEM_ADD_FAILED };
      const kind: CartItem['kind'] = p.family === 'ssl' ? 'ssl' : p.family === 'addon' ? (p.sku.startsWith('ssl_install') ? 'ssl_installation' : 'addon') : 'hosting';
      let lengthMonths = pickLength(allowedLengths({ kind: 'hosting', sku: p.sku, rgp: false, premiumYearCents: null }, offered), input.months);
      let inherited: CartItem['config'] = {};
      if (input.parentId) {
        const parent = (await this.items(owner)).find((i) => i.id === input.parentId);
        // ID protect runs as long as its domain (its duration is fixed by the parent).
        if (parent && input.sku === 'id_protect') lengthMonths = parent.lengthMonths;
        // An attribute the customer set on a parent is checked like any other (a cross-sell's domain).
        // An installation goes on the certificate's domain unless the customer says otherwise.
        if (parent?.config.domain && kind === 'ssl_installation') inherited = { domain: parent.config.domain.replace(/^\*\./, '') };
        // A cross-sell of a domain goes on that domain.
        if (parent?.kind === 'domain' && input.relation === 'cross_sell') inherited = { domain: crossSellDomain(parent) };
      }
      const item: NewCartItem = {
        kind,
        sku: p.sku,
        action: null,
        name: '',
        asciiName: null,
        registry: null,
        lengthMonths,
        parentId: input.parentId ?? null,
        relation: input.parentId ? (input.relation ?? 'up_sell') : null,
        premiumYearCents: null,
        rgp: false,
        expired: false,
        config: { ...inherited, ...(input.config ?? {}) },
      };
      // What the plan bundles joins it in the same add (children are one level deep: a child bundles nothing).
      const bundled: NewCartItem[] = input.parentId
        ? []
        : bundlesOf(p.settings).flatMap((sku) => {
            const b = products.get(sku);
            const months = offeredFromProduct(b).map((o) => o.months);
            if (!b || !months.length) return [];
            return [{ ...item, kind: b.family === 'ssl' ? ('ssl' as const) : ('addon' as const), sku, lengthMonths: bundleLength(months, lengthMonths) ?? months[0]!, parentId: '@0', relation: 'bundle' as const, config: {} }];
          });
      forget(owner.room);
      const result = await (await stub(owner.room)).cartAdd([item, ...bundled], input.uniqueId, now.getTime());
      return result.ok ? { ok: true, items: result.added, count: result.count } : result;
    },

    /** A renewal or an upgrade of a hosting service the customer has (cart-service-lines.ts). */
    addServiceLine(owner: CartOwner, input: ServiceLineInput): Promise<CartResult<{ items: CartItem[]; count: number }>> {
      const add = async (o: CartOwner, item: NewCartItem, uniqueId: string | null) => (forget(o.room), (await stub(o.room)).cartAdd([item], uniqueId, now.getTime()));
      return addServiceLine({ db, products: async () => (await catalogue('el')).products, items: (o) => service.items(o), add, pickLength }, owner, input);
    },

    /** The checkout found these lines' names registered by someone else: the cart marks them (issue #20 §4). */
    async markTaken(owner: CartOwner, ids: string[], uniqueId: string | null): Promise<void> {
      forget(owner.room);
      const s = await stub(owner.room);
      for (const id of ids) await s.cartUpdate(id, { config: { takenAt: now.getTime() } }, uniqueId);
    },

    async remove(owner: CartOwner, id: string, uniqueId: string | null): Promise<CartResult<{ deleted: string[]; count: number }>> {
      forget(owner.room);
      const r = await (await stub(owner.room)).cartRemove(id, uniqueId);
      return r.ok ? { ok: true, deleted: r.deleted, count: r.count } : { ok: false, code: ErrorCode.CART_ITEM_NOT_FOUND };
    },

    /**
     * Changes an item's length or configuration, after checking the change against the catalogue and
     * core/cart/updates.ts (issue #10 §2): a refusal answers the spec's code and changes nothing.
     */
    async update(owner: CartOwner, id: string, patch: UpdatePatch, uniqueId: string | null): Promise<CartResult<{ item: CartItem }>> {
      forget(owner.room);
      const s = await stub(owner.room);
      const items = await s.cartItems();
      const before = items.find((i) => i.id === id);
      if (!before) {
        // The object announces CartItemNotFound to the other tabs.
        await s.cartUpdate(id, {}, uniqueId);
        return { ok: false, code: ErrorCode.CART_ITEM_NOT_FOUND };
      }
      const { tlds, products } = await catalogue('el');
      const product = before.kind === 'domain' ? undefined : products.get(before.sku);
      const refusal = updateRefusal(
        {
          item: before,
          parent: before.parentId ? (items.find((i) => i.id === before.parentId) ?? null) : null,
          offered: before.kind === 'domain' ? offeredFromTld(tlds.get(before.sku), before.action ?? 'register') : offeredFromProduct(product),
          options: before.kind === 'hosting' && product && isConfigurableType(product.type) ? optionChoices(product) : [],
          ssl: before.kind === 'ssl' ? ((product?.settings ?? {}) as SslSettings) : null,
        },
        patch,
      );
      if (refusal) return { ok: false, code: refusal.code, field: refusal.field };
      // A trade's new registrant is chosen on the domain page; the cart's form, which has no contacts
      // section for a trade, must not drop it (issue #12 §5).
      const keptRegistrant = before.action === 'trade' ? before.config.contacts?.registrant : undefined;
      if (keptRegistrant !== undefined && patch.config?.contacts && patch.config.contacts.registrant === undefined) {
        patch = { ...patch, config: { ...patch.config, contacts: { ...patch.config.contacts, registrant: keptRegistrant } } };
      }
      // Contacts and nameserver groups are the customer's own (a hand-made request must not borrow others').
      const cfg = patch.config ?? {};
      const contactIds = Object.values(cfg.contacts ?? {}).filter((x): x is number => typeof x === 'number');
      const groupId = cfg.nameservers?.mode === 'group' ? cfg.nameservers.groupId : null;
      if (contactIds.length || groupId !== null) {
        if (owner.userId === null) return { ok: false, code: ErrorCode.ACTION_ALLOWED_ONLY_TO_USERS };
        if (!(await domainContacts.ownsConfig(owner.userId, contactIds, groupId))) return { ok: false, code: ErrorCode.CART_ATTRIBUTE_ERROR, field: 'contacts' };
        // Spec §5 Contacts: only a contact ready for the item's registry (and among its explicit_contacts, if any).
        if (contactIds.length && before.kind === 'domain' && contactChoiceRefusal(before, await domainContacts.contacts(owner.userId), contactIds)) {
          return { ok: false, code: ErrorCode.CART_ATTRIBUTE_ERROR, field: 'contacts' };
        }
      }
      forget(owner.room);
      const item = await s.cartUpdate(id, patch as { lengthMonths?: number; config?: CartItem['config'] }, uniqueId);
      if (!item) return { ok: false, code: ErrorCode.CART_ITEM_NOT_FOUND };
      // A domain's ID protect follows the domain's length (checked above as the domain's).
      if (patch.lengthMonths !== undefined && before.lengthMonths !== patch.lengthMonths) {
        for (const child of (await s.cartItems()).filter((c) => c.parentId === id && c.sku === 'id_protect')) await s.cartUpdate(child.id, { lengthMonths: patch.lengthMonths }, uniqueId);
      }
      return { ok: true, item };
    },

    /**
     * An SSL certificate's (or installation's) domain and extra-domains quantity. The domain is a host
     * name, a wildcard allowed for wildcard certificates; the quantity snaps to the allowed steps.
     */
    async updateSettings(owner: CartOwner, id: string, input: { domain?: string; quantity?: number }, uniqueId: string | null): Promise<CartResult<{ item: CartItem }>> {
      const item = (await this.items(owner)).find((i) => i.id === id);
      if (!item) return { ok: false, code: ErrorCode.CART_ITEM_NOT_FOUND };
      const config: CartItem['config'] = {};
      if (input.domain !== undefined) {
        const domain = input.domain.trim().toLowerCase();
        const { products } = await catalogue('el');
        const wildcard = (products.get(item.sku)?.settings as SslSettings | undefined)?.wildcard === true;
        if (productDomainError(domain, wildcard)) return { ok: false, code: ErrorCode.CART_ATTRIBUTE_ERROR, field: 'domain' };
        config.domain = wildcard && !domain.startsWith('*.') ? `*.${domain}` : domain;
      }
      // A quantity that is not one of the select's steps is refused (update checks it), not rounded.
      if (input.quantity !== undefined) config.quantity = input.quantity;
      return this.update(owner, id, { config }, uniqueId);
    },

    /** At login: the guest's cart joins the user's, and the guest's room is emptied. */
    async mergeAtLogin(guestRoom: string, userId: number): Promise<{ added: number; skipped: number }> {
      forget(guestRoom);
      forget(`u-${userId}`);
      const guest = await stub(guestRoom);
      const items = await guest.cartItems();
      if (!items.length) return { added: 0, skipped: 0 };
      const result = await (await stub(`u-${userId}`)).cartMerge(items, now.getTime());
      await guest.cartClear(null, null);
      return result;
    },

    async clear(owner: CartOwner, ids: string[] | null, uniqueId: string | null): Promise<string[]> {
      forget(owner.room);
      return (await stub(owner.room)).cartClear(ids, uniqueId);
    },

    /** The whole view for the pages: lines with prices and status, totals, readiness for checkout. */
    async view(owner: CartOwner, options: { lang: Lang; vatRateBp: number; vatWaived?: boolean; withConfig?: boolean }): Promise<CartView> {
      const items = await this.items(owner);
      // An empty cart (most page views) prices nothing: no catalogue to read or map.
      const { tlds, products, promotionOf } = !items.length
        ? NO_CATALOGUE
        : items.some((i) => i.kind === 'domain')
          ? await catalogue(options.lang)
          : { ...(await productCatalogue(options.lang)), tlds: new Map<string, TldPricing>() };
      // The header's mini cart needs no registry rules: only the summary page asks the registries.
      const families = options.withConfig === false ? [] : [...new Set(items.map((i) => i.registry).filter((f): f is RegistryFamily => f !== null))];
      const rules = new Map<RegistryFamily, RegistryRules>();
      await Promise.all(
        families.map(async (f) => {
          try {
            const s = await adapters.registries[f].settings();
            rules.set(f, { requiredRoles: s.contactRoles, nameserversMin: s.nameserversMin, nameserversMax: s.nameserversMax });
          } catch {
            // A registry in maintenance: its items show as not ready until it answers again.
          }
        }),
      );
      // Lines for services the customer has are priced from the service as stored (issue #32 §1).
      const services = await serviceLineFacts(db, owner.userId, items);
      return composeCartView(items, { tlds, products, promotionOf }, rules, { ...options, needsLogin: owner.userId === null, nowMs: now.getTime(), services });
    },
  };
  // The SSL names page (issue #20 §2) and a server's options live in their own files; they read and
  // update items through these.
  return { ...service, ...createCartSsl(deps, service), ...createCartOptions(service, catalogue), ...createCartContactRoles(deps, service, domainContacts) };
}

export type CartService = ReturnType<typeof createCartService>;
