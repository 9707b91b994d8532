// Floating toolbox (spec §2): support slides, the partners carousel (456 px per step) and the
// cookies notice; plus the back-to-top button with the 20 % rule on large screens. The cookies notice
// is a bar at the bottom of the page that covers no action (issue #25 §5, app.css .cookie-notice),
// linking the cookie policy; it closes with a plain form post too.
import { Form, useLocation } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRootData } from '../lib/root-data';
import { postJson } from '../lib/request';
import { useUi } from '../lib/ui';
import { BREAKPOINTS } from '../lib/use-media';
import { CsrfInput } from './csrf-input';
import { ArrowUpIcon } from './icons';
import { LegalLink } from './legal/legal-link';
import { deferredPart, keepServerHtml, useHeldClick } from '../lib/deferred-part';
import * as serverPanels from './toolbox-panel';

// The panel: imported by the server, loaded by the browser when the toolbox is first opened.
const panels = deferredPart(() => import('./toolbox-panel'), import.meta.env.SSR ? serverPanels : undefined);

export function CookieNotice() {
  const { t } = useTranslation();
  const { cookiesAccepted, csrfToken } = useRootData();
  const { reportFailure } = useUi();
  const location = useLocation();
  const [hidden, setHidden] = useState(cookiesAccepted);
  useEffect(() => setHidden(cookiesAccepted), [cookiesAccepted]);
  const bar = useRef<HTMLDivElement>(null);
  // The page's scroll padding follows the bar's real height (app.css), so focus never lands under it.
  useEffect(() => {
    const el = bar.current;
    if (hidden || !el || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => root.style.setProperty('--cookie-bar-h', `${el.getBoundingClientRect().height + 8}px`));
    observer.observe(el);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--cookie-bar-h');
    };
  }, [hidden]);
  if (hidden) return null;
  return (
    <div ref={bar} role="region" aria-label={t('cookies.title')} className="cookie-notice" data-testid="cookie-notice">
      <p className="text-sm">
        {t('cookies.text')}{' '}
        <LegalLink slug="cookies" className="underline">
          {t('cookies.policy_link')}
        </LegalLink>
      </p>
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

/**
 * The toolbox (a <details>, so it opens without JavaScript). Its panel's code (support slides, the
 * partners carousel) loads when it is first opened (decision 067); until then the server's HTML of
 * the panel stays as it is.
 */
export function Toolbox() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const Panel = panels.useModule(open)?.ToolboxPanel;
  const holdClick = useHeldClick(Panel !== undefined, '.toolbox-panel', () => setOpen(true));
  const label = open ? t('toolbox.close') : t('toolbox.open');
  // <details> so the toolbox opens without JavaScript too; React mirrors its state for the label.
  return (
    <details className="toolbox" data-testid="toolbox" open={open} onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)} onClickCapture={holdClick}>
      <summary className="toolbox-button" title={label} aria-label={label} data-testid="toolbox-toggle" onPointerEnter={panels.preload} onFocus={panels.preload}>
        <span aria-hidden="true">{open ? '×' : '?'}</span>
      </summary>
      {Panel ? <Panel key="panel" /> : <div key="server-html" className="toolbox-panel" role="region" aria-label={t('toolbox.title')} {...keepServerHtml} />}
    </details>
  );
}
