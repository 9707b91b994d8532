// The cart as the pages show it (issue #5 §1; issue #10 §2): each stored item priced from the catalogue
// at a length it may have, with its up-sells, cross-sells, bundle notes and configuration status, and
// the totals and readiness for checkout. No I/O here: cart.ts reads the items, the catalogue and the
// registries' rules and hands them over.
import type { RegistryFamily } from '../../../core/catalog';
import { bundleLength, includedPrice } from '../../../core/cart/bundles';
import { summaryOrder, visibleCount } from '../../../core/cart/composition';
import { offeredCrossSells } from '../../../core/cart/cross-sells';
import { domainConfigStatus, type ConfigStatus, type RegistryRules } from '../../../core/cart/domain-config';
import { chosenOptions, isConfigurableType, optionsCents, specsByCategory, type OptionChoice } from '../../../core/cart/options';
import { cartTotals, priceLine, type CartTotals, type LinePrice, type OfferedLength } from '../../../core/cart/pricing';
import { extraDomainsCents, installationSkuFor, normaliseQuantity, quantityOptions, type SslSettings } from '../../../core/cart/ssl';
import { sanAllowance, sslConfigStatus } from '../../../core/cart/ssl-names';
import type { CartDomainAction, CartItem } from '../../../core/cart/types';
import { planChangePrice, renewalPrice, serviceLineConflict, serviceLineKind } from '../../../core/hosting/service-lines';
import { domainRenewal, hostingRenewal, type RenewalQuote } from '../../../core/renewal-price';
import { lengthAllowed } from '../../../core/cart/updates';
import type { ProductCard, TldPricing } from '../catalog';
import type { ServiceLineFacts } from './cart-types';

/** Up-sells a domain may carry, by registry (.gr and .eu publish no private holder data anyway). */
const ID_PROTECT_REGISTRIES: readonly RegistryFamily[] = ['generic', 'icm'];

export type CartLine = {
  id: string;
  kind: CartItem['kind'];
  sku: string;
  action: CartDomainAction | null;
  name: string;
  subName: string;
  asciiName: string | null;
  registry: RegistryFamily | null;
  parentId: string | null;
  relation: CartItem['relation'];
  lengthMonths: number;
  price: LinePrice | null;
  /**
   * What a first period renews at (core/renewal-price.ts; issue #25 §1): a name registered or
   * transferred in, a new hosting plan. Null for lines that are renewals or changes themselves.
   */
  renewal: RenewalQuote | null;
  config: CartItem['config'];
  configStatus: ConfigStatus | null;
  /** Products this item can carry as a child (ID protect for a domain …), with their state. */
  /** `parentId`: where the up-sell hangs (maintenance goes under the certificate, beside its installation). */
  upsells: { sku: string; name: string; priceCents: number | null; childId: string | null; parentId: string }[];
  /** Bundles this plan brings only at a longer length (shown as a note on the plan). */
  bundleNotes: { sku: string; name: string; minMonths: number }[];
  /** Products for this item's domain (spec §2 cross-sell panel): the first length's price. */
  crossSells: { sku: string; name: string; priceCents: number | null; months: number | null; childId: string | null }[];
  rgp: boolean;
  premium: boolean;
  /** SSL and its installation need the domain they are for (spec §5 Cart: 'An SSL installation needs a domain name'). */
  needsDomain: boolean;
  domain: string | null;
  /** SSL: the extra-domains select (empty when the certificate has none) and what they cost. */
  quantityOptions: number[];
  quantity: number;
  extraCents: number;
  /** Servers: the specs panel (by category, without management), every chosen value, their monthly cost. */
  specs: { category: string; items: { name: string; label: string; storageType: string | null }[] }[];
  optionValues: Record<string, string>;
  optionsCents: number;
  /** VPS and dedicated items have a 'configure' link (spec §2). */
  configurable: boolean;
  /**
   * SSL: whether every paid extra domain is named and every name has its approver (issue #20 §2);
   * the line links to its names page and says what is missing. Null for anything else.
   */
  sslStatus: ReturnType<typeof sslConfigStatus> | null;
  /**
   * False when the stored length is not one the item may have (a cart stored before lengths were
   * checked): the line shows its offered lengths, but the cart is not ready until one is chosen.
   */
  lengthOffered: boolean;
  /** A name to register that the checkout found registered by someone else (config.takenAt). */
  taken: boolean;
  /**
   * A renewal or plan change of a service whose other kind is open in an order (issue #32 §1): the
   * code that says so (44001/44002). The line is not ready until that order is carried out or gone.
   */
  serviceConflict: number | null;
};

export type CartView = { lines: CartLine[]; count: number; totals: CartTotals; ready: boolean; needsLogin: boolean };

export function offeredFromTld(t: TldPricing | undefined, action: CartDomainAction): OfferedLength[] {
  const list = t?.actions[action] ?? [];
  return list.map((l) => ({ months: l.months, totalCents: l.totalCents, baseCents: l.baseCents, onPromo: l.onPromo, setupFeeCents: l.setupFeeCents }));
}

export function optionChoices(p: ProductCard): OptionChoice[] {
  return p.options.map((o) => ({ name: o.name, value: o.value, label: o.label, category: o.category, monthlyCents: o.monthlyCents, isDefault: o.isDefault, storageType: o.storageType }));
}

export function offeredFromProduct(p: ProductCard | undefined): OfferedLength[] {
  return (p?.prices ?? []).map((l) => ({ months: l.months, totalCents: l.totalCents, baseCents: l.baseCents, onPromo: l.onPromo, setupFeeCents: l.setupFeeCents }));
}

const FIRST_PERIOD_ACTIONS: readonly CartDomainAction[] = ['register', 'transfer', 'transfer_renew'];

/**
 * The renewal after the line's first period: a domain registered or transferred in renews at its TLD's
 * renewal; a new hosting plan at its own length with its options. Renewals, plan changes, add-ons and
 * certificates have none here.
 */
function renewalOf(item: CartItem, tld: TldPricing | undefined, product: ProductCard | undefined, optionsMonthlyCents: number, months: number): RenewalQuote | null {
  if (item.kind === 'domain') {
    if (!FIRST_PERIOD_ACTIONS.includes(item.action ?? 'register')) return null;
    return domainRenewal(offeredFromTld(tld, 'renew'), { premiumRenewYearCents: item.config.premiumRenewYearCents ?? null });
  }
  if (item.kind !== 'hosting' || !product || item.config.renewsService || item.config.planChange) return null;
  return hostingRenewal({ lengths: offeredFromProduct(product), months, monthlyFeeCents: product.monthlyFeeCents, optionsMonthlyCents });
}

export type CartCatalogue = {
  tlds: Map<string, TldPricing>;
  products: Map<string, ProductCard>;
  promotionOf: (item: Pick<CartItem, 'kind' | 'sku'>) => { exists: boolean; active: boolean };
};

/** The whole view for the pages: lines with prices and status, totals, readiness for checkout. */
export function composeCartView(
  items: CartItem[],
  { tlds, products, promotionOf }: CartCatalogue,
  rules: Map<RegistryFamily, RegistryRules>,
  options: { vatRateBp: number; vatWaived?: boolean; needsLogin: boolean; nowMs?: number; services?: ReadonlyMap<number, ServiceLineFacts> },
): CartView {
  const nowMs = options.nowMs ?? Date.now();
  const byId = new Map(items.map((i) => [i.id, i]));
  const offeredFor = (item: CartItem) => (item.kind === 'domain' ? offeredFromTld(tlds.get(item.sku), item.action ?? 'register') : offeredFromProduct(products.get(item.sku)));
  // Never price a length the item may not have (issue #10 §2): such a line is not ready.
  const lengthOk = (item: CartItem) => lengthAllowed({ item, parent: item.parentId ? (byId.get(item.parentId) ?? null) : null, offered: offeredFor(item) });
  // A bundle follows its plan's (allowed) length; with a plan too short for it, or a length the plan
  // may not have, it waits, not ordered (core/cart/bundles.ts).
  const bundleMonths = (item: CartItem) => {
    const parent = item.parentId ? byId.get(item.parentId) : undefined;
    return parent && lengthOk(parent) ? bundleLength(offeredFromProduct(products.get(item.sku)).map((o) => o.months), parent.lengthMonths) : null;
  };
  const waiting = items.filter((i) => i.relation === 'bundle' && bundleMonths(i) === null);
  const lines: CartLine[] = summaryOrder(items).flatMap((stored): CartLine[] => {
    if (waiting.includes(stored)) return [];
    const bundle = stored.relation === 'bundle';
    const item = bundle ? { ...stored, lengthMonths: bundleMonths(stored)! } : stored;
    const parent = item.parentId ? byId.get(item.parentId) : undefined;
    const offered = offeredFor(item);
    const promotion = promotionOf(item);
    const listed = priceLine(item, offered, { parentLengthMonths: parent?.lengthMonths, promotionExists: promotion.exists });
    let price = listed && bundle ? includedPrice(listed) : listed;
    if (price) price.promotion = bundle ? { exists: false, active: false } : promotion;
    // A service the customer has: renewed without set-up fee, or upgraded at the prorated difference (issue #23 §1).
    const change = item.kind === 'hosting' ? item.config.planChange : undefined;
    if (price && item.kind === 'hosting' && item.config.renewsService) price = renewalPrice(price);
    if (price && change) price = planChangePrice(price, offeredFromProduct(products.get(change.fromSku)), change, nowMs);
    const product = products.get(item.sku);
    const sslSettings = (item.kind === 'ssl' ? (product?.settings ?? {}) : {}) as SslSettings;
    const quantity = item.kind === 'ssl' ? normaliseQuantity(sslSettings, item.config.quantity ?? 0) : 0;
    const extraCents = price && item.kind === 'ssl' ? extraDomainsCents(sslSettings, quantity, price.selected.months) : 0;
    if (price && extraCents) price.totalCents += extraCents;
    // Server options: the chosen value per option (defaults until changed), priced per month.
    // An upgrade keeps the options the service has, at the prices it pays for them already.
    const offeredOptions: OptionChoice[] = item.kind === 'hosting' && !change ? (product ? optionChoices(product) : []) : [];
    // A renewal is priced from the options the service has as stored, never from the line (issue #32 §1).
    const lineKind = item.kind === 'hosting' ? serviceLineKind(item.config) : null;
    const facts = lineKind ? options.services?.get(item.config.renewsService ?? change?.serviceId ?? -1) : undefined;
    const chosen = chosenOptions(offeredOptions, lineKind === 'renewal' && facts ? facts.options : item.config.options);
    const serviceConflict = lineKind && facts ? serviceLineConflict(lineKind, { renewal: facts.openRenewal, planChange: facts.openPlanChange }) : null;
    const optionsExtra = price ? optionsCents(chosen, price.selected.months) : 0;
    if (price && optionsExtra) price.totalCents += optionsExtra;
    // A WordPress plan is installed on a domain (spec §2: the WordPress domain panel). A bundle goes
    // on its plan's domain.
    const needsDomain = !bundle && (item.kind === 'ssl' || item.kind === 'ssl_installation' || (product?.type ?? '').startsWith('hosting-wp'));
    const domain = item.config.domain ?? (bundle ? (parent?.config.domain ?? null) : null);
    const r = item.registry ? rules.get(item.registry) : undefined;
    const upsells: CartLine['upsells'] = [];
    if (item.kind === 'domain' && item.registry && ID_PROTECT_REGISTRIES.includes(item.registry) && !item.expired && (item.action === 'register' || item.action === 'transfer')) {
      const idp = products.get('id_protect');
      const child = items.find((c) => c.parentId === item.id && c.sku === 'id_protect');
      const idpPrice = idp ? priceLine({ ...item, sku: 'id_protect', kind: 'addon', premiumYearCents: null, rgp: false }, offeredFromProduct(idp), { parentLengthMonths: item.lengthMonths }) : null;
      if (idp) upsells.push({ sku: 'id_protect', name: idp.name, priceCents: idpPrice?.totalCents ?? null, childId: child?.id ?? null, parentId: item.id });
    }
    // Children are one level deep: an up-sell offered on a child hangs under the child's parent.
    const upsell = (sku: string) => {
      const p = products.get(sku);
      if (!p) return;
      const owner = item.parentId ?? item.id;
      const child = items.find((c) => c.parentId === owner && c.sku === sku);
      const first = offeredFromProduct(p)[0];
      upsells.push({ sku, name: p.name, priceCents: first ? first.totalCents + first.setupFeeCents : null, childId: child?.id ?? null, parentId: owner });
    };
    // An SSL certificate offers its installation; the installation offers maintenance, but only
    // once the domain to install on is set (issue #5 §1). A certificate sold for a domain (a
    // cross-sell) is installed with that domain's hosting, so it offers none.
    if (item.kind === 'ssl' && !item.parentId) upsell(installationSkuFor(sslSettings));
    const bundleNotes = waiting
      .filter((w) => w.parentId === item.id)
      .map((w) => ({ sku: w.sku, name: products.get(w.sku)?.name ?? w.sku, minMonths: Math.min(...offeredFromProduct(products.get(w.sku)).map((o) => o.months)) }));
    if (item.kind === 'ssl_installation' && item.config.domain) upsell('ssl_maintenance_basic');
    const crossSells: CartLine['crossSells'] = offeredCrossSells(item, items).flatMap((sku) => {
      const p = products.get(sku);
      if (!p) return [];
      const first = offeredFromProduct(p)[0];
      const child = items.find((c) => c.parentId === item.id && c.sku === sku);
      return [{ sku, name: p.name, priceCents: first ? first.totalCents + first.setupFeeCents : null, months: first?.months ?? null, childId: child?.id ?? null }];
    });
    const renewal = price && !bundle ? renewalOf(item, tlds.get(item.sku), product, optionsCents(chosen, 1), price.selected.months) : null;
    return [{
      id: item.id,
      kind: item.kind,
      sku: item.sku,
      action: item.action,
      // A stand-alone add-on for a name the customer holds (ID protect bought from the portal) names it.
      name:
        item.kind === 'domain'
          ? item.name
          : !item.parentId && (item.kind === 'addon' || item.config.renewsService || change) && typeof item.config.domain === 'string'
            ? `${product?.name ?? item.sku} · ${item.config.domain}`
            : (product?.name ?? item.sku),
      subName: item.kind === 'domain' ? '' : (product?.summary ?? ''),
      asciiName: item.asciiName,
      registry: item.registry,
      parentId: item.parentId,
      relation: item.relation,
      lengthMonths: price?.selected.months ?? item.lengthMonths,
      price,
      renewal,
      config: domain ? { ...item.config, domain } : item.config,
      configStatus: item.kind === 'domain' ? (r ? domainConfigStatus(item, r) : null) : null,
      upsells,
      crossSells,
      rgp: item.rgp,
      premium: item.premiumYearCents !== null,
      needsDomain,
      domain,
      quantityOptions: item.kind === 'ssl' ? quantityOptions(sslSettings) : [],
      quantity,
      extraCents,
      specs: specsByCategory(chosen).map((g) => ({ category: g.category, items: g.items.map((i) => ({ name: i.name, label: i.label, storageType: i.storageType ?? null })) })),
      optionValues: Object.fromEntries(Object.entries(chosen).map(([k, v]) => [k, v.value])),
      optionsCents: optionsExtra,
      // A renewal or plan change keeps the service's options: nothing to configure.
      configurable: lineKind === null && isConfigurableType(product?.type ?? ''),
      sslStatus: item.kind === 'ssl' ? sslConfigStatus({ ...item.config, ...(domain ? { domain } : {}) }, sanAllowance(sslSettings, item.config.quantity ?? 0), sslSettings.wildcard === true) : null,
      bundleNotes,
      lengthOffered: bundle || lengthOk(item),
      taken: item.kind === 'domain' && typeof item.config.takenAt === 'number',
      serviceConflict,
    }];
  });
  const totals = cartTotals(
    lines.map((l) => l.price?.totalCents ?? 0),
    options.vatRateBp,
    options.vatWaived ?? false,
  );
  const ready = lines.every((l) => !l.taken && l.serviceConflict === null && l.price !== null && l.lengthOffered && (l.kind !== 'domain' || l.configStatus?.ready === true) && (!l.needsDomain || Boolean(l.domain)) && (l.sslStatus === null || l.sslStatus.ready));
  return { lines, count: visibleCount(items), totals, ready, needsLogin: options.needsLogin };
}
