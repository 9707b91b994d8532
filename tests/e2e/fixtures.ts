import { test as base, expect, type Page } from '@playwright/test';

export const test = base.extend<{ js: boolean }>({
  js: async ({}, use, testInfo) => {
    await use(testInfo.project.name === 'js');
  },
});
export { expect };

export const NB = '\u00a0';

/** The displayed (last) price in a featured TLD chip on the home page. */
export function tldChipPrice(page: Page, tld: string) {
  return page.locator(`[data-testid="featured-tlds"] li[data-tld="${tld}"] span.font-semibold[data-price-net]`);
}

/** Waits until React has hydrated, so clicks reach the enhanced handlers. */
export async function hydrated(page: Page, js: boolean) {
  if (js) await page.waitForFunction(() => document.documentElement.dataset.live !== undefined);
}
