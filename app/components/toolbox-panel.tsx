// The toolbox's panel (spec §2): support slides and the partners carousel (456 px per step), loaded
// by the browser when the toolbox is first opened (app/lib/deferred-part.ts, decision 067).
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRootData } from '../lib/root-data';

export const PARTNERS_STEP_PX = 456;
const PARTNERS = ['eett', 'forth', 'eurid', 'icann', 'sectigo', 'digicert', 'cpanel', 'plesk', 'cloudlinux', 'litespeed'] as const;
const SUPPORT_SLIDES = ['phone', 'email', 'ticket', 'kb'] as const;

export function PartnersCarousel() {
  const { t } = useTranslation();
  const track = useRef<HTMLUListElement>(null);
  const scroll = (dir: 1 | -1) => track.current?.scrollBy({ left: dir * PARTNERS_STEP_PX, behavior: 'smooth' });
  return (
    <section aria-labelledby="partners-title" className="space-y-2">
      <div className="flex items-center justify-between">
        <h3 id="partners-title" className="font-semibold">
          {t('toolbox.partners')}
        </h3>
        <div className="flex gap-1">
          <button type="button" className="icon-btn" onClick={() => scroll(-1)} aria-label={t('carousel.previous')} data-testid="partners-prev">
            ‹
          </button>
          <button type="button" className="icon-btn" onClick={() => scroll(1)} aria-label={t('carousel.next')} data-testid="partners-next">
            ›
          </button>
        </div>
      </div>
      <ul ref={track} className="partners-track" data-testid="partners-track">
        {PARTNERS.map((p) => (
          <li key={p} className="partner-card">
            {t(`partners.${p}`)}
          </li>
        ))}
      </ul>
    </section>
  );
}

export function ToolboxPanel() {
  const { t } = useTranslation();
  const { seller } = useRootData();
  const [slide, setSlide] = useState(0);
  return (
    <div className="toolbox-panel" role="region" aria-label={t('toolbox.title')}>
      <section aria-labelledby="support-slides-title" className="space-y-2">
        <h3 id="support-slides-title" className="font-semibold">
          {t('toolbox.support')}
        </h3>
        <div className="rounded-lg bg-slate-50 p-3" aria-live="polite" data-testid="support-slide">
          <p className="font-medium">{t(`toolbox.slides.${SUPPORT_SLIDES[slide]}.title`)}</p>
          <p className="text-sm text-slate-700">{t(`toolbox.slides.${SUPPORT_SLIDES[slide]}.text`, { phone: seller.phone, email: seller.email })}</p>
        </div>
        <div className="flex justify-center gap-2">
          {SUPPORT_SLIDES.map((s, i) => (
            <button
              key={s}
              type="button"
              className={`dot ${i === slide ? 'is-active' : ''}`}
              aria-label={t(`toolbox.slides.${s}.title`)}
              aria-current={i === slide}
              onClick={() => setSlide(i)}
            />
          ))}
        </div>
      </section>
      <PartnersCarousel />
    </div>
  );
}
