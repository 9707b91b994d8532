// Issue #11: the search results on a 390 px phone. A taken name's row (WHOIS and transfer) used to
// squeeze the name into a one-letter column; now the name has its own line and the actions wrap below.
// Also: the results render with JavaScript in slices (decision 029) and still all arrive; no sideways
// scroll; the flag filters' accessible names contain their visible text.
import { formatMoney } from '../../core/money';
import { expect, hydrated, test } from './fixtures';
import { signedIn } from './sessions';

test.use({ viewport: { width: 390, height: 844 } });

// A name shorter than this fits any phone; the old layout gave it one letter.
const MIN_NAME_CH = 14;

test('at 390 px a taken name keeps a readable width and nothing scrolls sideways', async ({ page, js }) => {
  // A search link opened directly (no js=0, issue #25 §5): without JavaScript the page load itself
  // waits for every registry, instead of "no results" above checks that never finish.
  await page.goto('/domains/search?q=kafeneio');
  await hydrated(page, js);
  await expect(page.getByTestId('search-results')).toHaveAttribute('data-pending', '0');
  const count = Number(await page.getByTestId('result-count').getAttribute('data-count'));
  expect(count).toBeGreaterThanOrEqual(30);
  // Every row arrives, also when the browser renders them a slice at a time.
  await expect(page.getByTestId('result-list').getByTestId('result')).toHaveCount(count);

  const taken = page.locator('[data-testid="result"][data-fqdn="kafeneio.gr"]');
  await expect(taken).toHaveAttribute('data-status', 'registered');
  await expect(taken.getByTestId('whois-open')).toBeVisible();
  await expect(taken.getByTestId('transfer-link')).toBeVisible();
  const name = taken.locator('p.font-semibold').first();
  const { width, height, minWidth, lineHeight } = await name.evaluate((el, ch) => {
    const probe = document.createElement('span');
    probe.style.cssText = `display:inline-block;width:${ch}ch`;
    el.appendChild(probe);
    const minWidth = probe.getBoundingClientRect().width;
    probe.remove();
    const box = el.getBoundingClientRect();
    return { width: box.width, height: box.height, minWidth, lineHeight: parseFloat(getComputedStyle(el).lineHeight) };
  }, MIN_NAME_CH);
  expect(width).toBeGreaterThanOrEqual(minWidth);
  // "kafeneio.gr" on one line, not one letter per line.
  expect(height).toBeLessThan(lineHeight * 1.5);
  // The actions sit below the name, not beside it.
  const nameBox = (await name.boundingBox())!;
  const whoisBox = (await taken.getByTestId('whois-open').boundingBox())!;
  expect(whoisBox.y).toBeGreaterThanOrEqual(nameBox.y + nameBox.height);

  const sideways = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(sideways).toBeLessThanOrEqual(0);
});

test('the flag filters are named after what they show (the visible code first)', async ({ page, js }) => {
  await page.goto(`/domains/search?q=kafeneio${js ? '' : '&js=0'}`);
  await hydrated(page, js);
  await expect(page.getByTestId('search-results')).toHaveAttribute('data-pending', '0');
  const gr = page.getByTestId('filter-flag-GR');
  await expect(gr).toContainText('GR');
  await expect(gr).toHaveAccessibleName(/^GR: /);
});

// Issue #25 §5/§6, the rest of the phone: tabs one row with the current one in view, the account menu
// one row, the checkout's summary above a button that says the amount.
test('at 390 px tabs stay one row, the account menu is one row, the checkout shows the order above "Πληρωμή <amount>"', async ({ page, js }) => {
  // Two accounts' pages (a first login each when run alone): room for a loaded machine.
  test.setTimeout(60_000);
  await signedIn(page, 'demo', '/account/domains/kafeneio.gr/ownership');
  await hydrated(page, js);
  for (const [path, prefix, current] of [
    ['/account/domains/kafeneio.gr/ownership', 'domain-tab-', 'ownership'],
    ['/account/documents/3/legal', 'document-tab-', 'legal'],
  ] as const) {
    if (!page.url().endsWith(path)) await page.goto(path);
    const tabs = page.locator(`[data-testid^="${prefix}"]`);
    expect(await tabs.count()).toBeGreaterThanOrEqual(5);
    const tops = await tabs.evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)));
    expect(new Set(tops).size, `${path}: the tabs wrap (${tops.join(', ')})`).toBe(1);
    // The current tab (far right of the row) is scrolled into view, also without JavaScript.
    const active = page.getByTestId(`${prefix}${current}`);
    await expect(active).toHaveAttribute('aria-current', 'page');
    await expect.poll(async () => { const b = (await active.boundingBox())!; return b.x >= 0 && b.x + b.width <= 390; }, { message: `${path}: the current tab is out of view` }).toBe(true);
    // The account menu is one row before the page's content.
    const nav = (await page.getByTestId('account-nav').boundingBox())!;
    expect(nav.height, 'the account menu before the content').toBeLessThanOrEqual(64);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  }
  // The menu opens (a <details>: also without JavaScript) and leads to the areas.
  await page.getByTestId('account-menu-toggle').click();
  await expect(page.getByTestId('account-nav-documents')).toBeVisible();

  // The checkout of the portfolio account (no credit: the whole total is paid), a renewal line of its own.
  const name = js ? 'pf-kafe-1500.gr' : 'pf-ergo-1501.gr';
  await page.context().clearCookies();
  await signedIn(page, 'portfolio', `/account/domains?q=${name}`);
  await hydrated(page, js);
  await page.locator(`[data-testid="my-domain"][data-fqdn="${name}"]`).getByTestId('renew-domain').click();
  await expect(page).toHaveURL(/\/cart$/);
  await page.goto('/cart/checkout');
  await hydrated(page, js);
  const total = Number(await page.getByTestId('checkout-total').getAttribute('data-cents'));
  expect(total).toBeGreaterThan(0);
  const button = page.getByTestId('place-order');
  await expect(button).toHaveText(new RegExp(`^Πληρωμή ${formatMoney(total).replace(/\s/g, '\\s')}$`));
  const summary = (await page.getByTestId('checkout-summary').boundingBox())!;
  expect(summary.y + summary.height).toBeLessThanOrEqual((await button.boundingBox())!.y);
  // The account's cart as it was for the other tests.
  await page.goto('/cart');
  await page.locator(`[data-testid="cart-line"][data-name="${name}"]`).getByTestId('remove').click();
  await expect(page.locator(`[data-testid="cart-line"][data-name="${name}"]`)).toHaveCount(0);
});
