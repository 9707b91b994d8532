// Top banner carousel (spec §2): rotates on the interval the page carries, pauses on hover, has up
// and down buttons; dismissing removes the banner and advances in the current direction; dismissed
// banners stay hidden for the browser session (a session cookie, so the server omits them too);
// a single banner does not rotate and shows no buttons.
import { Form, useLocation } from '@remix-run/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRootData } from '../lib/root-data';
import { CsrfInput } from './csrf-input';
import { ChevronDownIcon, ChevronUpIcon } from './icons';

export const DISMISSED_COOKIE = 'banners_dismissed';

function rememberDismissed(slug: string) {
  const current = document.cookie.match(/(?:^|;\s*)banners_dismissed=([^;]*)/)?.[1] ?? '';
  const slugs = new Set(decodeURIComponent(current).split('.').filter(Boolean));
  slugs.add(slug);
  // No Max-Age: a session cookie, i.e. "remembered for the browser session".
  document.cookie = `${DISMISSED_COOKIE}=${encodeURIComponent([...slugs].join('.'))}; Path=/; SameSite=Lax`;
}

export function BannerCarousel() {
  const { banners } = useRootData();
  const { t } = useTranslation();
  const location = useLocation();
  const [items, setItems] = useState(banners.items);
  const [index, setIndex] = useState(0);
  const [direction, setDirection] = useState<1 | -1>(1);
  const paused = useRef(false);
  useEffect(() => setItems(banners.items), [banners.items]);

  const step = useCallback(
    (dir: 1 | -1, count = items.length) => {
      setDirection(dir);
      setIndex((i) => (count === 0 ? 0 : (i + dir + count) % count));
    },
    [items.length],
  );

  useEffect(() => {
    if (items.length < 2) return;
    const timer = window.setInterval(() => {
      if (!paused.current) setIndex((i) => (i + direction + items.length) % items.length);
    }, banners.intervalMs);
    return () => window.clearInterval(timer);
  }, [items.length, banners.intervalMs, direction]);

  if (items.length === 0) return null;
  const current = items[Math.min(index, items.length - 1)];
  if (!current) return null;

  function dismiss(slug: string) {
    rememberDismissed(slug);
    const remaining = items.filter((b) => b.slug !== slug);
    setItems(remaining);
    // Advance in the current direction: going down, the next banner slides into this index.
    setIndex((i) => (remaining.length === 0 ? 0 : direction === 1 ? i % remaining.length : (i - 1 + remaining.length) % remaining.length));
  }

  const multiple = items.length > 1;
  return (
    <div
      className="banner-bar"
      role="region"
      aria-roledescription={t('banner.roledescription')}
      aria-label={t('banner.label')}
      data-interval={banners.intervalMs}
      data-testid="banner-carousel"
      onMouseEnter={() => (paused.current = true)}
      onMouseLeave={() => (paused.current = false)}
      onFocus={() => (paused.current = true)}
      onBlur={() => (paused.current = false)}
    >
      <div className="mx-auto flex max-w-7xl items-center gap-3 px-4 py-2 text-sm">
        {multiple ? (
          <button type="button" className="banner-btn" onClick={() => step(-1)} aria-label={t('banner.up')} data-testid="banner-up">
            <ChevronUpIcon size={16} />
          </button>
        ) : null}
        <a href={current.href} className={`flex-1 truncate banner-${current.tone}`} data-testid="banner-current" data-slug={current.slug}>
          {current.text}
        </a>
        {multiple ? (
          <button type="button" className="banner-btn" onClick={() => step(1)} aria-label={t('banner.down')} data-testid="banner-down">
            <ChevronDownIcon size={16} />
          </button>
        ) : null}
        <Form
          method="post"
          action="/settings"
          onSubmit={(e) => {
            e.preventDefault();
            dismiss(current.slug);
          }}
        >
          <CsrfInput />
          <input type="hidden" name="intent" value="banner" />
          <input type="hidden" name="slug" value={current.slug} />
          <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
          <button type="submit" className="banner-btn" data-testid="banner-dismiss">
            <span aria-hidden="true">×</span>
            <span className="sr-only">{t('banner.dismiss')}</span>
          </button>
        </Form>
      </div>
    </div>
  );
}
