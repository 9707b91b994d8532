// A service's plan page (issue #23 §1, decision 070): the renewal date and price, renewal through the
// cart, a move to another plan of the same family and configuration set (an upgrade through the cart
// at the prorated difference, a downgrade scheduled for the period's end), and cancellation at the
// period's end with its undo. Each change here is one conditional statement on our record.
import { and, eq, gt, ne } from 'drizzle-orm';
import { chosenOptions, optionsCents } from '../../../core/cart/options';
import { ErrorCode } from '../../../core/errors';
import { prorate } from '../../../core/hosting/proration';
import { hostingServices } from '../../../db/schema';
import { createCartService } from '../cart';
import { optionChoices, type CartOwner } from '../cart';
import { createCatalogService, type ProductCard } from '../catalog';
import type { ServiceDeps } from '../deps';
import { HOSTING_FAMILIES, type Refusal } from './servers';
import { createServiceRecords, type HostingServiceRow } from './service-records';

type Lang = 'el' | 'en';

export type PlanChoice = { sku: string; name: string; direction: 'upgrade' | 'downgrade'; planCents: number; chargeCents: number };

export type PlanView = {
  service: HostingServiceRow;
  productName: string;
  /** The plan the next renewal is for (the scheduled downgrade's, or the current one) and its price per length. */
  renewal: { sku: string; name: string; lengths: { months: number; totalCents: number }[]; selectedMonths: number } | null;
  scheduled: { sku: string; name: string } | null;
  choices: PlanChoice[];
  /** Renewal, plan changes and cancellation need a service that still runs and a period not yet over. */
  manageable: boolean;
};

/** The paid period's start: its end less the service's length. */
export function periodStart(expiresAt: Date, lengthMonths: number): Date {
  const d = new Date(expiresAt.getTime());
  d.setUTCMonth(d.getUTCMonth() - lengthMonths);
  return d;
}

/** What a plan costs for `months`, with the options the service has (the cart's own rule). */
function priceFor(product: ProductCard, months: number, options: Record<string, string>): number | null {
  const length = product.prices.find((p) => p.months === months);
  if (!length) return null;
  return length.totalCents + optionsCents(chosenOptions(optionChoices(product), options), months);
}

export function createHostingPlans(deps: ServiceDeps) {
  const { db, now } = deps;
  const records = createServiceRecords(deps);

  async function context(userId: number, id: number, lang: Lang) {
    const service = await records.ownedBy(userId, id);
    if (!service) return null;
    const all = await createCatalogService(deps).productsByFamily(HOSTING_FAMILIES, lang);
    const product = all.find((p) => p.sku === service.sku) ?? null;
    // The same family and configuration set: a Linux VPS moves to a bigger Linux VPS, not to Windows.
    const siblings = product ? all.filter((p) => p.family === product.family && p.configSet === product.configSet && p.sku !== product.sku) : [];
    const manageable = service.status !== 'terminated' && service.expiresAt.getTime() > now.getTime();
    return { service, product, siblings, all, manageable };
  }

  function choicesOf(service: HostingServiceRow, product: ProductCard, siblings: ProductCard[]): PlanChoice[] {
    const current = product.prices.find((p) => p.months === service.lengthMonths)?.totalCents;
    if (current === undefined) return [];
    return siblings.flatMap((p): PlanChoice[] => {
      const planCents = p.prices.find((l) => l.months === service.lengthMonths)?.totalCents;
      if (planCents === undefined) return [];
      const r = prorate({ periodStartMs: periodStart(service.expiresAt, service.lengthMonths).getTime(), periodEndMs: service.expiresAt.getTime(), nowMs: now.getTime(), currentPlanCents: current, newPlanCents: planCents });
      if (r.direction === 'same') return [];
      return [{ sku: p.sku, name: p.name, direction: r.direction, planCents, chargeCents: r.chargeCents }];
    });
  }

  return {
    async view(userId: number, id: number, lang: Lang): Promise<PlanView | null> {
      const c = await context(userId, id, lang);
      if (!c) return null;
      const { service, product, siblings, all, manageable } = c;
      const next = service.scheduledSku ? (all.find((p) => p.sku === service.scheduledSku) ?? null) : product;
      const lengths = next ? next.prices.flatMap((l) => {
        const total = priceFor(next, l.months, service.options);
        return total === null ? [] : [{ months: l.months, totalCents: total }];
      }) : [];
      return {
        service,
        productName: product?.name ?? service.sku,
        renewal: next && lengths.length ? { sku: next.sku, name: next.name, lengths, selectedMonths: lengths.some((l) => l.months === service.lengthMonths) ? service.lengthMonths : lengths[0]!.months } : null,
        scheduled: service.scheduledSku ? { sku: service.scheduledSku, name: next?.name ?? service.scheduledSku } : null,
        choices: product && manageable ? choicesOf(service, product, siblings) : [],
        manageable,
      };
    },

    /** Puts a renewal of the service in the customer's cart (at the scheduled plan, if a downgrade waits). */
    async renew(owner: CartOwner, userId: number, id: number, months: number, uniqueId: string | null): Promise<{ ok: true } | Refusal> {
      const service = await records.ownedBy(userId, id);
      if (!service) return { ok: false, code: ErrorCode.ACTION_NOT_ALLOWED, status: 404 };
      if (service.status === 'terminated') return { ok: false, code: ErrorCode.ACTION_NOT_ALLOWED, status: 409 };
      const sku = service.scheduledSku ?? service.sku;
      const r = await createCartService(deps).addServiceLine(owner, {
        sku,
        months,
        action: 'renew',
        serviceId: service.id,
        config: { renewsService: service.id, options: service.options, ...(service.domain ? { domain: service.domain } : {}) },
        uniqueId,
      });
      return r.ok ? { ok: true } : { ok: false, code: r.code, status: 409 };
    },

    /** An upgrade goes to the cart; a downgrade is scheduled for the period's end (decision 070). */
    async changePlan(owner: CartOwner, userId: number, id: number, sku: string, uniqueId: string | null, lang: Lang): Promise<{ ok: true; direction: 'upgrade' | 'downgrade' } | Refusal> {
      const c = await context(userId, id, lang);
      if (!c) return { ok: false, code: ErrorCode.ACTION_NOT_ALLOWED, status: 404 };
      const choice = c.product && c.manageable ? choicesOf(c.service, c.product, c.siblings).find((x) => x.sku === sku) : undefined;
      if (!choice) return { ok: false, code: ErrorCode.ACTION_NOT_ALLOWED, status: 409 };
      const { service } = c;
      if (choice.direction === 'downgrade') {
        const [done] = await db
          .update(hostingServices)
          .set({ scheduledSku: sku, updatedAt: now })
          .where(and(eq(hostingServices.id, service.id), ne(hostingServices.status, 'terminated'), gt(hostingServices.expiresAt, now)))
          .returning({ id: hostingServices.id });
        return done ? { ok: true, direction: 'downgrade' } : { ok: false, code: ErrorCode.ACTION_NOT_ALLOWED, status: 409 };
      }
      const r = await createCartService(deps).addServiceLine(owner, {
        sku,
        months: service.lengthMonths,
        action: null,
        serviceId: service.id,
        config: {
          planChange: { serviceId: service.id, fromSku: service.sku, periodStartMs: periodStart(service.expiresAt, service.lengthMonths).getTime(), periodEndMs: service.expiresAt.getTime(), months: service.lengthMonths },
          ...(service.domain ? { domain: service.domain } : {}),
        },
        uniqueId,
      });
      return r.ok ? { ok: true, direction: 'upgrade' } : { ok: false, code: r.code, status: 409 };
    },

    /** Withdraws a scheduled downgrade. */
    async keepPlan(userId: number, id: number): Promise<{ ok: true } | Refusal> {
      const [done] = await db
        .update(hostingServices)
        .set({ scheduledSku: null, updatedAt: now })
        .where(and(eq(hostingServices.id, id), eq(hostingServices.userId, userId)))
        .returning({ id: hostingServices.id });
      return done ? { ok: true } : { ok: false, code: ErrorCode.ACTION_NOT_ALLOWED, status: 404 };
    },

    /** Cancel at the period's end, or undo that, while the period runs (one conditional statement). */
    async setCancel(userId: number, id: number, cancel: boolean): Promise<{ ok: true } | Refusal> {
      const [done] = await db
        .update(hostingServices)
        .set({ cancelAtPeriodEnd: cancel, updatedAt: now })
        .where(and(eq(hostingServices.id, id), eq(hostingServices.userId, userId), ne(hostingServices.status, 'terminated'), gt(hostingServices.expiresAt, now)))
        .returning({ id: hostingServices.id });
      if (done) return { ok: true };
      const exists = await records.ownedBy(userId, id);
      return { ok: false, code: ErrorCode.ACTION_NOT_ALLOWED, status: exists ? 409 : 404 };
    },
  };
}

export type HostingPlans = ReturnType<typeof createHostingPlans>;
