// The running promotion's countdown (spec §4 Promotions): PromotionAutoRenew moves it to the new
// soft end, PromotionAutoRemove hides it. The server renders the end date, so it reads right
// without JavaScript too.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLiveChannel } from '../lib/live';
import { useRootData } from '../lib/root-data';
import { athensFormat } from '../lib/date-format';

function remaining(ms: number) {
  const s = Math.max(0, Math.floor(ms / 1000));
  return { days: Math.floor(s / 86400), hours: Math.floor((s % 86400) / 3600), minutes: Math.floor((s % 3600) / 60), seconds: s % 60 };
}

export function PromotionCountdown() {
  const { promotion } = useRootData();
  const { t, i18n } = useTranslation();
  const [softEnd, setSoftEnd] = useState(promotion?.softEndAt ?? null);
  const [removed, setRemoved] = useState(false);
  const [now, setNow] = useState<number | null>(null);

  useEffect(() => setSoftEnd(promotion?.softEndAt ?? null), [promotion?.softEndAt]);
  useEffect(() => {
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  useLiveChannel('global-promotions', (m) => {
    if (!promotion || (m.event !== 'PromotionAutoRenew' && m.event !== 'PromotionAutoRemove')) return;
    if (m.data.promotion.name !== promotion.name) return;
    if (m.event === 'PromotionAutoRenew' && m.data.promotion.soft_end) setSoftEnd(m.data.promotion.soft_end.date);
    if (m.event === 'PromotionAutoRemove') setRemoved(true);
  });

  if (!promotion || !softEnd || removed) return null;
  const end = new Date(softEnd);
  // The server's wording of the end date is used as long as the end has not moved, so hydration
  // never meets a different Intl rendering; a moved end (live event) is formatted here.
  const endText =
    softEnd === promotion.softEndAt
      ? promotion.softEndText
      : athensFormat(i18n.language, { dateStyle: 'long', timeStyle: 'short' }).format(end);
  const r = now === null ? null : remaining(end.getTime() - now);
  return (
    <div className="promo-strip" data-testid="promotion-countdown" data-soft-end={softEnd}>
      <span className="promo-badge">{t('catalog:promotion.badge')}</span>
      <strong>{promotion.title}</strong>
      {/* Only the end date is announced (and again when it moves); the ticking clock is not. */}
      <span className="sr-only" role="status">
        {t('promotion.ends_at', { date: endText })}
      </span>
      <span aria-hidden="true">
        {r === null
          ? t('promotion.ends_at', { date: endText })
          : t('promotion.ends_in', { days: r.days, hours: String(r.hours).padStart(2, '0'), minutes: String(r.minutes).padStart(2, '0'), seconds: String(r.seconds).padStart(2, '0') })}
      </span>
    </div>
  );
}
