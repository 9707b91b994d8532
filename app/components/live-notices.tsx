// Global notifications arrive on the global-notifications channel; those marked display_on_screen
// are shown as a flash notice on every open page (spec §3 Notification).
import { useLocation, useRevalidator } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { useLiveChannel } from '../lib/live';
import { useUi, type AlertType } from '../lib/ui';

export function LiveNotices() {
  const { pushAlert } = useUi();
  useTranslation();
  const revalidator = useRevalidator();
  const location = useLocation();
  // Spec §4 Login: a login or logout in another tab of this browser reloads this page.
  useLiveChannel('session', () => window.location.reload());
  // Spec §4 VAT display: the default billing profile changed elsewhere — the VAT widget reloads (the
  // root data carries it), except on cart pages, whose totals must not change under the visitor.
  useLiveChannel('billing', (m) => {
    if (m.event === 'DefaultProfileWasUpdated' && !location.pathname.startsWith('/cart')) revalidator.revalidate();
  });
  useLiveChannel('global-notifications', (m) => {
    if (m.event !== 'GlobalNotificationWasCreated' || !m.data.display_on_screen) return;
    const tone = m.data.notification.tone;
    const type: AlertType = tone === 'alert' || tone === 'warning' || tone === 'success' ? tone : 'info';
    pushAlert(type, m.data.notification.display);
  });
  return null;
}
