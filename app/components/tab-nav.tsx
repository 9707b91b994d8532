// The tabs of a page with sub-pages (a domain's pages, a sale document's tabs): relative links, so
// every child page keeps the same name in its address; the current one is marked by NavLink.
// On a phone (issue #25 §6) the tabs stay one row that scrolls sideways instead of wrapping into a
// wall of pills: the current tab is brought into view by CSS alone (`scroll-initial-target`, so also
// without JavaScript) and, with JavaScript, again after every navigation (browsers without that
// property). Every tab is a link, so the keyboard reaches each one and the row follows the focus.
import { NavLink, useLocation } from '@remix-run/react';
import { useEffect, useRef } from 'react';

export type Tab = { key: string; to: string; end?: boolean };

export function TabNav({ label, tabs, name, testIdPrefix, className = '' }: { label: string; tabs: readonly Tab[]; name: (key: string) => string; testIdPrefix: string; className?: string }) {
  const row = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    const list = row.current;
    const current = list?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!list || !current || list.scrollWidth <= list.clientWidth) return;
    // The row's own scroll only (scrollIntoView would also move the page).
    const box = list.getBoundingClientRect();
    const tab = current.getBoundingClientRect();
    const start = tab.left - box.left + list.scrollLeft;
    const end = start + tab.width;
    if (start < list.scrollLeft || end > list.scrollLeft + list.clientWidth) list.scrollLeft = Math.max(0, start - 16);
  }, [pathname]);
  return (
    <nav aria-label={label} className={`border-b border-slate-200 ${className}`}>
      <ul ref={row} className="tab-row -mb-px flex gap-1">
        {tabs.map((tab) => (
          <li key={tab.key} className="shrink-0">
            <NavLink
              to={tab.to}
              end={tab.end ?? false}
              relative="route"
              prefetch="intent"
              className={({ isActive }) => `block whitespace-nowrap border-b-2 px-3 py-2 text-sm ${isActive ? 'tab-current border-blue-800 font-semibold text-blue-900' : 'border-transparent text-slate-700 hover:text-slate-900'}`}
              data-testid={`${testIdPrefix}-${tab.key}`}
            >
              {name(tab.key)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
