// The quality layer, first half (issue #11 §1, decision 026): every page of tests/page-list.ts is
// visited with the role it needs, in groups that share one logged-in context and run in parallel.
// Each page: the HTML it was served with (the response body, before hydration) is saved for the Nu
// HTML Checker, axe-core runs with the WCAG 2.2 AA tags, screenshots at 1366 and 390 px go to
// test-results/screens/, and the page must not scroll sideways at 390 px. The findings are written
// to disk, not failed here: quality-report.spec.ts (the 'quality' project, which depends on this one)
// checks the HTML in one batch and fails with the whole list at once.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { fillPath, PAGES, type PageEntry, type Role } from '../page-list';
import { expect, hydrated, PORT, test } from './fixtures';
import { FINDINGS_DIR, HTML_DIR, SCREENS, type Finding } from './quality-paths';
import { addPlan, checkoutProfile, devMail } from './flows';
import { axeFindings, sidewaysScroll } from './quality-checks';
import { signedIn } from './sessions';

test.describe.configure({ mode: 'parallel' });

async function newContext(browser: Browser): Promise<BrowserContext> {
  const octet = () => 1 + Math.floor(Math.random() * 250);
  return browser.newContext({
    baseURL: `http://localhost:${PORT}`,
    locale: 'el-GR',
    timezoneId: 'Europe/Athens',
    viewport: { width: 1366, height: 900 },
    extraHTTPHeaders: { 'CF-Connecting-IP': `10.${octet()}.${octet()}.${octet()}` },
  });
}

/**
 * The demo customer with an unpaid card order (its order page and sandbox payment page) and a cart
 * holding a shared hosting plan and a VPS (the cart, the VPS's configure page, the checkout).
 */
async function customerState(page: Page): Promise<Record<string, string>> {
  await signedIn(page, 'demo');
  await addPlan(page, true, '/hosting/shared-linux', 'sha_lin_start');
  await page.goto('/cart/checkout');
  await hydrated(page, true);
  if ((await page.getByTestId('profile-option').count()) === 0) await checkoutProfile(page, { name: 'Δήμητρα Παπαδοπούλου', address: 'Ερμού 5', city: 'Αθήνα', zip: '10563' });
  // The demo customer's credit would pay the order at once: pay by card instead.
  if (await page.getByTestId('use-credit').count()) await page.getByTestId('use-credit').uncheck();
  await page.getByTestId('place-order-form').getByLabel(/Αποδέχομαι τους Όρους Χρήσης/).check();
  await page.getByTestId('place-order').click();
  await expect(page.getByTestId('sandbox-payment')).toBeVisible();
  const payment = /\/payments\/sandbox\/([^/?#]+)/.exec(page.url())?.[1] ?? '';
  await page.goto('/account/orders');
  const orderHref = (await page.locator('a[href^="/orders/"]').first().getAttribute('href')) ?? '';
  const order = /\/orders\/(\d+)/.exec(orderHref)?.[1] ?? '';
  await addPlan(page, true, '/hosting/shared-linux', 'sha_lin_start');
  await addPlan(page, true, '/hosting/cloud-vps');
  await page.goto('/cart');
  const configure = (await page.getByTestId('configure-link').first().getAttribute('href')) ?? '';
  const cartItem = /\/cart\/configure\/([^/?#]+)/.exec(configure)?.[1] ?? '';
  // A multi-domain certificate with a pack of extra domains, for its names page (issue #20 §2).
  await addPlan(page, true, '/ssl', 'ssl_dv_multi');
  await page.goto('/cart');
  await hydrated(page, true);
  const sslLine = page.locator('[data-testid="cart-line"][data-kind="ssl"]').first();
  await sslLine.getByTestId('item-domain').fill('quality-example.gr');
  await sslLine.getByTestId('item-quantity').selectOption('5');
  await sslLine.getByTestId('item-settings-save').click();
  await expect(sslLine.getByTestId('ssl-names-link')).toBeVisible();
  const sslItem = (await sslLine.getAttribute('data-id')) ?? '';
  return { payment, order, cartItem, sslItem };
}

/**
 * Pages axe checks with every rule it has (best practices as well as WCAG 2.2 AA): home.spec.ts did
 * this for them in a visit of its own, merged here (decision 066).
 */
const EVERY_AXE_RULE = new Set(['home', 'hosting-wordpress']);

/** Requests of each page in flight (documents, fetches, assets; WebSockets are no requests here). */
const inFlight = new WeakMap<Page, Set<unknown>>();

function trackRequests(page: Page) {
  const open = new Set<unknown>();
  inFlight.set(page, open);
  page.on('request', (r) => open.add(r));
  page.on('requestfinished', (r) => open.delete(r));
  page.on('requestfailed', (r) => open.delete(r));
}

/**
 * Waits until no request of the page has been in flight for 100 ms (5 s at most). Playwright's
 * 'networkidle' waits for 500 ms of quiet after the last one: 0.4 s more per page, 70 pages per
 * run, for the same settled page (decision 066).
 */
async function requestsSettled(page: Page) {
  const open = inFlight.get(page);
  if (!open) throw new Error('requestsSettled: trackRequests(page) first');
  const deadline = Date.now() + 5000;
  let quietSince = open.size ? 0 : Date.now();
  while (Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 25));
    if (open.size) quietSince = 0;
    else if (!quietSince) quietSince = Date.now();
    else if (Date.now() - quietSince >= 100) return;
  }
}

/**
 * Full-page screenshots are for people looking at the pages (test-results/screens/), not checks: on
 * with E2E_SCREENS=1 (`E2E_SCREENS=1 npm run test:e2e -- --project quality-visit`). Off by default,
 * under CI since decision 077 and in `npm test` since decision 095: two per page, 110 pages, were
 * ~12 % of the visits' CPU.
 */
const SCREENSHOTS = process.env.E2E_SCREENS === '1';

/** Visits one page: served HTML to disk, axe, screenshots at 1366 and 390 px, the sideways check. */
async function visit(page: Page, entry: PageEntry, url: string): Promise<Finding> {
  const lines: string[] = [];
  await page.setViewportSize({ width: 1366, height: 900 });
  const res = await page.goto(url);
  if (!res) return { page: entry.name, lines: ['no response'] };
  const status = res.status();
  if (status !== (entry.status ?? 200)) lines.push(`HTTP ${status} (expected ${entry.status ?? 200}) at ${page.url()}`);
  writeFileSync(join(HTML_DIR, `${entry.name}.html`), await res.body());
  // A page that never hydrates is a finding, not a hang until the group's time runs out.
  const live = await page.waitForFunction(() => document.documentElement.dataset.live !== undefined, null, { timeout: 15_000 }).catch(() => null);
  if (!live) lines.push('did not hydrate within 15 s (no data-live on <html>)');
  // Streamed parts (search results per registry) and fetches started on hydration settle; the live
  // channel is a WebSocket and does not count.
  await requestsSettled(page);
  for (const f of await axeFindings(page, EVERY_AXE_RULE.has(entry.name) ? null : undefined)) lines.push(`axe ${f}`);
  if (SCREENSHOTS) await page.screenshot({ path: join(SCREENS, `${entry.name}-1366.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const scroll = await sidewaysScroll(page);
  if (scroll) lines.push(`scrolls sideways at 390 px: ${scroll}`);
  if (SCREENSHOTS) await page.screenshot({ path: join(SCREENS, `${entry.name}-390.png`), fullPage: true });
  return { page: entry.name, lines };
}

/**
 * Groups that run side by side, each in one browser context logged in once: small enough that two
 * workers finish together (the longest first). The customer's cart, order and payment pages come with
 * the state they need; the guest's many pages are split in chunks.
 */
const visible = (role: Role) => PAGES.filter((p) => p.role === role && !p.browserSkip);
const chunks = <T,>(list: T[], size: number) => Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, (i + 1) * size));
const local = `http://localhost:${PORT}`;
const GROUPS: { name: string; role: Role; origin: string; pages: PageEntry[] }[] = [
  { name: 'customer-cart', role: 'customer', origin: local, pages: visible('customer').filter((p) => p.withCart) },
  ...chunks(visible('guest'), 8).map((pages, i) => ({ name: `guest-${i + 1}`, role: 'guest' as const, origin: local, pages })),
  // In halves: one group of all 32 took 2.1 min on a quiet machine and ran out of its 150 s when loaded.
  ...chunks(visible('customer').filter((p) => !p.withCart), 16).map((pages, i) => ({ name: `customer-account-${i + 1}`, role: 'customer' as const, origin: local, pages })),
  // The back office's pages in chunks too (issue #22 brings a screen per area): one group of 11 pages
  // ran past the group's 150 s on a loaded machine.
  ...chunks(visible('staff'), 8).map((pages, i) => ({ name: `staff-${i + 1}`, role: 'staff' as const, origin: `http://admin.localhost:${PORT}`, pages })),
];

for (const group of GROUPS) {
  test(`visit the ${group.name} pages (${group.pages.length}): served HTML, axe, screenshots, sideways scroll`, async ({ browser }) => {
    test.setTimeout(150_000);
    for (const dir of [HTML_DIR, SCREENS, FINDINGS_DIR]) mkdirSync(dir, { recursive: true });
    const context = await newContext(browser);
    const page = await context.newPage();
    trackRequests(page);
    let values: Record<string, string> = {};
    if (group.name === 'customer-cart') values = await customerState(page);
    else if (group.role === 'customer') await signedIn(page, 'demo');
    if (group.role === 'staff') {
      await signedIn(page, 'staff');
      if (group.pages.some((p) => p.path.includes('{mail}'))) values = { mail: String(await devMail(page, 'quality-mail@example.gr')) };
    }
    const findings: Finding[] = [];
    for (const entry of group.pages) findings.push(await visit(page, entry, group.origin + fillPath(entry.path, values)));
    await context.close();
    writeFileSync(join(FINDINGS_DIR, `${group.name}.json`), JSON.stringify(findings, null, 1));
  });
}

test('the sideways check names the element that sticks out, and passes a page that fits', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.setContent('<body style="margin:0"><main><p>fits</p><div class="row"><span data-testid="wide" style="display:inline-block;width:600px">wide</span></div></main><aside style="position:fixed;left:400px;width:300px">drawer</aside></body>');
  expect(await sidewaysScroll(page)).toMatch(/^scrollWidth 600 > 390 px: <span data-testid="wide"> "wide" ends at 600 px$/);
  await page.setContent('<body style="margin:0"><p>fits</p><aside style="position:fixed;left:400px;width:300px">parked drawer</aside></body>');
  expect(await sidewaysScroll(page)).toBeNull();
});

test('axe in the page names serious and critical violations, and the best-practice ones when asked for every rule', async ({ page }) => {
  await page.setContent('<!doctype html><html lang="el"><head><title>t</title></head><body><main><h1>t</h1><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" width="10" height="10"><p tabindex="3">x</p></main></body></html>');
  const wcag = await axeFindings(page);
  expect(wcag).toEqual([expect.stringMatching(/^image-alt \[critical\] img$/)]);
  const every = await axeFindings(page, null);
  expect(every).toEqual(expect.arrayContaining([expect.stringMatching(/^image-alt \[critical\]/), expect.stringMatching(/^tabindex \[serious\] p$/)]));
});
