// Global notifications arrive on the global-notifications channel; those marked display_on_screen
// are shown as a flash notice on every open page (spec §3 Notification).
import { useLocation, useRevalidator } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { useLiveChannel } from '../lib/live';
import { postJson } from '../lib/request';
import { useRootData } from '../lib/root-data';
import { useUi, type AlertType } from '../lib/ui';
import { useVat } from '../lib/vat';

/** Spec §7 VAT widget reload: what POST /api/user/vat-widget answers (decision 037). */
export type VatWidgetData = {
  billingProfile: { vat_waived: boolean; rate: string; country: string; type: string; name: string; id: number } | null;
  country: string;
  quote: string;
  show: boolean;
  forcedOff: boolean;
};

export function LiveNotices() {
  const { pushAlert } = useUi();
  useTranslation();
  const revalidator = useRevalidator();
  const location = useLocation();
  const { csrfToken } = useRootData();
  const { countries, setDisplay, setProfile } = useVat();
  // Spec §4 Login: a login or logout in another tab of this browser reloads this page.
  useLiveChannel('session', () => window.location.reload());
  // Spec §4 VAT display: the default billing profile changed elsewhere — the VAT widget reloads
  // through the reload call of §7, except on cart pages, whose totals must not change under the visitor.
  useLiveChannel('billing', async (m) => {
    if (m.event !== 'DefaultProfileWasUpdated' || location.pathname.startsWith('/cart')) return;
    const answer = await postJson<VatWidgetData>('/api/user/vat-widget', {}, { token: csrfToken });
    const widget = answer.ok ? answer.envelope.data : null;
    const rateBp = widget ? countries.find((c) => c.iso2 === widget.country)?.vatRateBp : undefined;
    if (!widget || rateBp === undefined) {
      // The call failed: the page's own data carries the widget too.
      if (revalidator.state === 'idle') revalidator.revalidate();
      return;
    }
    setDisplay({ show: widget.show, country: widget.country, rateBp, quote: widget.quote, forcedOff: widget.forcedOff });
    const p = widget.billingProfile;
    setProfile(p ? { type: p.type === 'inv' ? 'inv' : 'rec', name: p.name } : null);
  });
  // A notice marked display_on_screen shows as a flash notice: a global one on every open page, a
  // personal one (issue #24 §1) on every open page of its user.
  const flashNotice = (data: { display_on_screen: boolean; notification: { display: string; tone?: string } }) => {
    if (!data.display_on_screen) return;
    const tone = data.notification.tone;
    const type: AlertType = tone === 'alert' || tone === 'warning' || tone === 'success' ? tone : 'info';
    pushAlert(type, data.notification.display);
  };
  useLiveChannel('global-notifications', (m) => {
    if (m.event === 'GlobalNotificationWasCreated') flashNotice(m.data);
  });
  useLiveChannel('notifications', (m) => {
    if (m.event === 'PersonalNotificationWasCreated') flashNotice(m.data);
  });
  return null;
}
