// Issue #11: the search results on a 390 px phone. A taken name's row (WHOIS and transfer) used to
// squeeze the name into a one-letter column; now the name has its own line and the actions wrap below.
// Also: the results render with JavaScript in slices (decision 029) and still all arrive; no sideways
// scroll; the flag filters' accessible names contain their visible text.
import { expect, hydrated, test } from './fixtures';

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
