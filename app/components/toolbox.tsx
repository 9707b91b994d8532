// Floating toolbox (spec §2): support slides, the partners carousel (456 px per step) and the
// cookies notice; plus the back-to-top button with the 20 % rule on large screens.
import { Form, useLocation } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRootData } from '../lib/root-data';
import { postJson } from '../lib/request';
import { useUi } from '../lib/ui';
import { BREAKPOINTS } from '../lib/use-media';
import { CsrfInput } from './csrf-input';
import { ArrowUpIcon } from './icons';

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

export function CookieNotice() {
  const { t } = useTranslation();
  const { cookiesAccepted, csrfToken } = useRootData();
  const { reportFailure } = useUi();
  const location = useLocation();
  const [hidden, setHidden] = useState(cookiesAccepted);
  useEffect(() => setHidden(cookiesAccepted), [cookiesAccepted]);
  if (hidden) return null;
  return (
    <div role="region" aria-label={t('cookies.title')} className="cookie-notice" data-testid="cookie-notice">
      <p className="text-sm">{t('cookies.text')}</p>
      <Form
        method="post"
        action="/settings"
        onSubmit={async (e) => {
          e.preventDefault();
          setHidden(true);
          const res = await postJson('/api/user/set-cookie', { cName: 'cookiesAccepted', cValue: 'true', cAction: 'set' }, { token: csrfToken });
          if (!res.ok) {
            setHidden(false);
            reportFailure(res);
          }
        }}
      >
        <CsrfInput />
        <input type="hidden" name="intent" value="cookies" />
        <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
        <button type="submit" className="link-button" data-testid="cookie-accept">
          {t('cookies.accept')}
        </button>
      </Form>
    </div>
  );
}

export function BackToTop() {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    let timer: number | undefined;
    const check = () => {
      const large = window.innerWidth >= BREAKPOINTS.large;
      // Spec §2: after 20 % of the page height on large screens, else once past the header/banner.
      const header = document.querySelector('[data-testid="site-header"]') as HTMLElement | null;
      const threshold = large ? document.documentElement.scrollHeight * 0.2 : (header?.offsetTop ?? 0) + (header?.offsetHeight ?? 64);
      setVisible(window.scrollY > threshold);
    };
    // Spec §9 scroll debounce: 100 ms.
    const onScroll = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(check, 100);
    };
    check();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      window.clearTimeout(timer);
    };
  }, []);
  return (
    <a
      href="#top"
      className={`back-to-top ${visible ? 'is-visible' : ''}`}
      aria-label={t('toolbox.back_to_top')}
      data-testid="back-to-top"
      onClick={(e) => {
        e.preventDefault();
        window.scrollTo({ top: 0, behavior: 'smooth' });
        document.getElementById('top')?.focus({ preventScroll: true });
      }}
    >
      <ArrowUpIcon />
    </a>
  );
}

export function Toolbox() {
  const { t } = useTranslation();
  const { seller } = useRootData();
  const [open, setOpen] = useState(false);
  const [slide, setSlide] = useState(0);
  const label = open ? t('toolbox.close') : t('toolbox.open');
  // <details> so the toolbox opens without JavaScript too; React mirrors its state for the label.
  return (
    <details className="toolbox" data-testid="toolbox" open={open} onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}>
      <summary className="toolbox-button" title={label} aria-label={label} data-testid="toolbox-toggle">
        <span aria-hidden="true">{open ? '×' : '?'}</span>
      </summary>
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
    </details>
  );
}
