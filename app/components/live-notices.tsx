// Global notifications arrive on the global-notifications channel; those marked display_on_screen
// are shown as a flash notice on every open page (spec §3 Notification).
import { useTranslation } from 'react-i18next';
import { useLiveChannel } from '../lib/live';
import { useUi, type AlertType } from '../lib/ui';

export function LiveNotices() {
  const { pushAlert } = useUi();
  useTranslation();
  // Spec §4 Login: a login or logout in another tab of this browser reloads this page.
  useLiveChannel('session', () => window.location.reload());
  useLiveChannel('global-notifications', (m) => {
    if (m.event !== 'GlobalNotificationWasCreated' || !m.data.display_on_screen) return;
    const tone = m.data.notification.tone;
    const type: AlertType = tone === 'alert' || tone === 'warning' || tone === 'success' ? tone : 'info';
    pushAlert(type, m.data.notification.display);
  });
  return null;
}
