// Every live event of spec §7, as one zod-typed union. Services validate what they publish and the
// parties validate again before fanning out; the browser imports only the types (and channels.ts),
// trusting its own origin, so that zod stays out of the storefront bundle.
// Every message carries the sender page's unique_id; a page ignores events with its own id (spec §3).
import { z } from 'zod';

import { type Channel } from './channels';

export * from './channels';

const uniqueId = z.string().min(1).max(64).nullable();
const looseRecord = z.record(z.string(), z.unknown());

const notificationPayload = z.object({
  /** 'all' means every notification (spec §3 Notification). */
  notification_id: z.union([z.number().int(), z.literal('all')]),
  display_on_screen: z.boolean(),
  notification: z.object({
    display: z.string(),
    /** 1 DOMAIN_EXPIRATION, 2 OFFER, 3 SYSTEM */
    type: z.union([z.literal(1), z.literal(2), z.literal(3)]).optional(),
    tone: z.enum(['alert', 'warning', 'success', 'info']).optional(),
  }),
});

const freeHostingPayload = z
  .object({
    domain_id: z.number().int(),
    user_interacts: z.boolean().optional(),
    general: z
      .object({
        delete_at: z.string().nullable().optional(),
        status: z.object({ type: z.string(), locale: z.string() }).optional(),
      })
      .passthrough()
      .optional(),
    customer: z.object({ passwd: z.string().optional() }).passthrough().optional(),
  })
  .passthrough();

/** A hosting service changed (issue #23): other tabs refresh its row or page; `fields` names what changed. */
const hostingServicePayload = z.object({
  service_id: z.number().int(),
  status: z.enum(['provisioning', 'active', 'suspended', 'terminated']),
  /** 'status', 'expires_at', 'renewal' (a renewal document was issued) … */
  fields: z.array(z.string().max(40)).max(20),
});

const cartPayload = z
  .object({
    cart_item_id: z.union([z.string(), z.number()]).optional(),
    items: z.array(looseRecord).optional(),
    not_found: z.array(z.union([z.string(), z.number()])).optional(),
    deleted_items: z.array(z.union([z.string(), z.number()])).optional(),
    checkout: looseRecord.optional(),
  })
  .passthrough();

const promotionPayload = z.object({
  promotion: z.object({ name: z.string(), soft_end: z.object({ date: z.string() }).optional() }),
});

const billingProfile = z.object({
  vat_waived: z.boolean(),
  rate: z.string(),
  country: z.string(),
  type: z.string(),
  name: z.string(),
  id: z.number().int(),
});

const domainPayload = z.object({
  domain_id: z.number().int(),
  fqdn: z.string(),
  /** What changed: 'nameservers', 'auto_renew', 'locked', 'id_protect', 'contacts', 'expires_at', 'status', 'holder' … */
  fields: z.array(z.string().max(40)).max(20),
});

const contactPayload = z.object({
  contact_id: z.number().int(),
  name: z.string().optional(),
});

function event<C extends Channel, E extends string, D extends z.ZodType>(channel: C, name: E, data: D) {
  return z.object({ channel: z.literal(channel), event: z.literal(name), unique_id: uniqueId, data });
}

export const liveMessageSchema = z.discriminatedUnion('event', [
  // Hosting
  event('hosting', 'FreeHostingWasCreated', freeHostingPayload),
  event('hosting', 'FreeHostingWasUndeleted', freeHostingPayload),
  event('hosting', 'FreeHostingStatusWasUpdated', freeHostingPayload),
  event('hosting', 'HostingServiceWasUpdated', hostingServicePayload),
  // Auth (sent on the session channel: every tab of that browser reloads)
  event('session', 'UserHasLoggedIn', z.object({ session_id: z.string().optional() }).passthrough()),
  event('session', 'UserHasLoggedOut', z.object({ session_id: z.string().optional() }).passthrough()),
  // Cart
  event('cart', 'CartItemWasCreated', cartPayload),
  event('cart', 'CartItemsWereCreated', cartPayload),
  event('cart', 'CartItemWasDeleted', cartPayload),
  event('cart', 'CartItemWasUpdated', cartPayload),
  event('cart', 'CartItemNotFound', cartPayload),
  event('cart', 'ItemAlreadyInCart', cartPayload),
  // Notifications
  event('notifications', 'PersonalNotificationWasCreated', notificationPayload),
  event('global-notifications', 'GlobalNotificationWasCreated', notificationPayload),
  event('notifications', 'NotificationWasDeleted', notificationPayload.pick({ notification_id: true })),
  // Account
  event('account', 'EmailVerified', z.object({ notification: z.object({ display: z.string() }), saved: z.object({ display: z.string() }) })),
  // Promotions
  event('global-promotions', 'PromotionAutoRenew', promotionPayload),
  event('global-promotions', 'PromotionAutoRemove', promotionPayload),
  // Billing
  event('billing', 'DefaultProfileWasUpdated', z.object({ billingProfile, country: z.string().optional(), quote: z.string().optional() })),
  // Domains (issue #12 §6; the spec does not show these events): a change that landed at the registry
  // and here. Other tabs update the row or the page; `fields` names what changed.
  event('domain', 'DomainWasUpdated', domainPayload),
  event('domain', 'DomainsWereUpdated', z.object({ domains: z.array(domainPayload).max(500) })),
  event('domain', 'DomainWasTransferredIn', domainPayload),
  event('domain', 'DomainWasTransferredOut', domainPayload),
  event('domain', 'DomainTransferWasOffered', z.object({ handover_id: z.number().int(), fqdn: z.string() })),
  // Contacts
  event('contacts', 'ContactWasCreated', contactPayload),
  event('contacts', 'ContactWasUpdated', contactPayload),
  event('contacts', 'ContactWasDeleted', contactPayload.pick({ contact_id: true })),
  // GDPR
  event('account', 'ArchiveReady', z.object({ archive_id: z.union([z.string(), z.number()]).optional() }).passthrough()),
]);

export type LiveMessage = z.infer<typeof liveMessageSchema>;
export type LiveEventName = LiveMessage['event'];

export function parseLiveMessage(raw: unknown): LiveMessage | null {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      return null;
    }
  }
  const parsed = liveMessageSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
