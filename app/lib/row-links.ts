// Links of a long list as plain anchors with one click handler for the whole list (issue #21 §4).
// Remix's <Link> runs half a dozen router hooks per link on every render (resolve the path, build
// the href, a click handler): a page of 50 rows with two links each spent a noticeable share of its
// server CPU on them. The anchors carry what <Link> renders (href, data-discover for the lazy route
// discovery), so the HTML is the same; with JavaScript one listener on the list's element turns a
// plain left click on one of them into a client-side navigation, as <Link> does. Without JavaScript
// they are ordinary links either way.
import { useNavigate } from '@remix-run/react';
import { useEffect, useRef } from 'react';

/** The attributes <Link to={href}> renders on its anchor, for an app path. */
export function rowLinkProps(href: string) {
  return { href, 'data-discover': 'true' } as const;
}

/** A ref for the list's element: clicks on its row links (rowLinkProps) navigate in the app. */
export function useRowLinks<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const navigate = useNavigate();
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const onClick = (event: MouseEvent) => {
      // What <Link> leaves to the browser: another button, a modifier (new tab, window, download).
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      const anchor = event.target instanceof Element ? event.target.closest('a[data-discover]') : null;
      if (!anchor || !element.contains(anchor) || anchor.hasAttribute('target') || anchor.hasAttribute('download')) return;
      const href = anchor.getAttribute('href');
      if (!href?.startsWith('/') || href.startsWith('//')) return;
      event.preventDefault();
      navigate(href);
    };
    element.addEventListener('click', onClick);
    return () => element.removeEventListener('click', onClick);
  }, [navigate]);
  return ref;
}
