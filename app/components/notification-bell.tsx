// The bell with the unread count (issue #24 §1, decision 073): in the header and the side menus of a
// logged-in customer, a plain link to /account/notifications. The count comes with every page (one
// statement in the session check's batch); live, a new personal or global notice raises it at once and
// a deletion in another tab has the page's data read again (only the tab that deleted knows what went).
import { Link, useRevalidator } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLiveChannel } from '../lib/live';
import { useRootData } from '../lib/root-data';

/** The unread count as this tab knows it: the page's figure plus what arrived live since. */
export function useUnreadNotifications(): number | null {
  const { unreadNotifications } = useRootData();
  const revalidator = useRevalidator();
  const [arrived, setArrived] = useState(0);
  // Fresh page data counts everything: start again from it.
  useEffect(() => setArrived(0), [unreadNotifications]);
  useLiveChannel('notifications', (m) => {
    if (m.event === 'PersonalNotificationWasCreated') setArrived((n) => n + 1);
    else if (m.event === 'NotificationWasDeleted' && revalidator.state === 'idle') revalidator.revalidate();
  });
  useLiveChannel('global-notifications', (m) => {
    if (m.event === 'GlobalNotificationWasCreated') setArrived((n) => n + 1);
  });
  return unreadNotifications === null ? null : unreadNotifications + arrived;
}

export function BellIcon({ size = 24 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** The unread count's badge (nothing at zero). */
export function UnreadBadge({ count, className = '' }: { count: number; className?: string }) {
  if (count <= 0) return null;
  return (
    <span className={`cart-badge ${className}`} data-testid="notification-count" data-count={count}>
      {count > 99 ? '99+' : count}
    </span>
  );
}

/** The header's bell: only for a logged-in customer. */
export function NotificationBell() {
  const { t } = useTranslation('notifications');
  const count = useUnreadNotifications();
  if (count === null) return null;
  return (
    <Link to="/account/notifications" className="icon-btn relative" data-testid="notification-bell" data-count={count} prefetch="intent">
      <span className="sr-only">{count > 0 ? t('page.bell_unread', { count }) : t('page.bell')}</span>
      <BellIcon />
      <span aria-hidden="true">
        <UnreadBadge count={count} className="absolute -right-1 -top-1" />
      </span>
    </Link>
  );
}
