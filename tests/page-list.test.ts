// Every route file must be in the page list (tests/page-list.ts), so the quality layer visits every
// page a new route adds; and the list names no route that no longer exists.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NOT_PAGES, PAGES, unlistedRoutes } from './page-list';

/** Route modules as Remix's flat routes see them: files, or folders holding a route.tsx. */
function routeFiles(): string[] {
  return readdirSync(join(__dirname, '..', 'app', 'routes'), { withFileTypes: true })
    .filter((d) => d.isDirectory() || (/\.tsx?$/.test(d.name) && !/\.test\.tsx?$/.test(d.name)))
    .map((d) => d.name);
}

describe('the page list', () => {
  it('has an entry (a page, or not a page with the reason) for every file in app/routes/', () => {
    const missing = unlistedRoutes(routeFiles());
    expect(missing, `add these routes to tests/page-list.ts (PAGES, or NOT_PAGES with the reason): ${missing.join(', ')}`).toEqual([]);
  });

  it('names only routes that exist, and each page once', () => {
    const routes = new Set(routeFiles().map((f) => f.replace(/\.tsx?$/, '')));
    const stale = [...PAGES, ...NOT_PAGES].map((p) => p.route).filter((r) => !routes.has(r));
    expect(stale, 'entries whose route file is gone').toEqual([]);
    const names = PAGES.map((p) => p.name);
    expect(names.filter((n, i) => names.indexOf(n) !== i), 'duplicate page names').toEqual([]);
    expect(names.filter((n) => !/^[a-z0-9-]+$/.test(n)), 'names must be file-name safe').toEqual([]);
  });

  it('fails for a route file nobody listed', () => {
    expect(unlistedRoutes(['_index.tsx', 'brand-new.tsx', 'locales.$lng.ts'])).toEqual(['brand-new']);
  });
});
