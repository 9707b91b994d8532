// The notification list's query (issue #24 §1): a page number and a type (1 DOMAIN_EXPIRATION,
// 2 OFFER, 3 SYSTEM; spec §3 Notification). Anything else in the address means "all" and page 1, so a
// hand-edited link still opens the list.
export const NOTIFICATION_TYPE_IDS = [1, 2, 3] as const;
export type NotificationTypeId = (typeof NOTIFICATION_TYPE_IDS)[number];

export type NotificationFilters = { page: number; type: NotificationTypeId | null };

export function parseNotificationFilters(params: URLSearchParams): NotificationFilters {
  const rawPage = params.get('page') ?? '';
  const page = /^\d{1,6}$/.test(rawPage) ? Math.max(1, Number(rawPage)) : 1;
  const rawType = Number(params.get('type'));
  const type = (NOTIFICATION_TYPE_IDS as readonly number[]).includes(rawType) ? (rawType as NotificationTypeId) : null;
  return { page, type };
}

/** The list's address for a page and a type ('' parts left out). */
export function notificationsHref(filters: NotificationFilters): string {
  const q = new URLSearchParams();
  if (filters.type) q.set('type', String(filters.type));
  if (filters.page > 1) q.set('page', String(filters.page));
  const s = q.toString();
  return s ? `/account/notifications?${s}` : '/account/notifications';
}
