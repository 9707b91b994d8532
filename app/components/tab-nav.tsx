// The tabs of a page with sub-pages (a domain's pages, a sale document's tabs): relative links, so
// every child page keeps the same name in its address; the current one is marked by NavLink.
import { NavLink } from '@remix-run/react';

export type Tab = { key: string; to: string; end?: boolean };

export function TabNav({ label, tabs, name, testIdPrefix, className = '' }: { label: string; tabs: readonly Tab[]; name: (key: string) => string; testIdPrefix: string; className?: string }) {
  return (
    <nav aria-label={label} className={`border-b border-slate-200 ${className}`}>
      <ul className="-mb-px flex flex-wrap gap-1">
        {tabs.map((tab) => (
          <li key={tab.key}>
            <NavLink
              to={tab.to}
              end={tab.end ?? false}
              relative="route"
              prefetch="intent"
              className={({ isActive }) => `block border-b-2 px-3 py-2 text-sm ${isActive ? 'border-blue-800 font-semibold text-blue-900' : 'border-transparent text-slate-700 hover:text-slate-900'}`}
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
