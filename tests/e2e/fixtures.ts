import { test as base, expect, type Page } from '@playwright/test';

/**
 * The development-only doors (/dev/mailbox, /api/dev/*) open only with DEV_API_TOKEN (decision 045):
 * playwright.config.ts makes one per run and the test server gets the same. Every context of every
 * test sends it, including contexts a test opens itself (browser.newContext below), so no test has to.
 */
export const DEV_HEADERS: Record<string, string> = process.env.DEV_API_TOKEN ? { 'X-Dev-Token': process.env.DEV_API_TOKEN } : {};

export const test = base.extend<{ js: boolean }, { browser: import('@playwright/test').Browser }>({
  browser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      // Only when the test gives its own headers: without any, Playwright fills in the test's options
      // (its random client address and the token, below); a key present here would hide them.
      browser.newContext = (options = {}) => newContext(options.extraHTTPHeaders ? { ...options, extraHTTPHeaders: { ...DEV_HEADERS, ...options.extraHTTPHeaders } } : options);
      await use(browser);
    },
    { scope: 'worker' },
  ],
  js: async ({}, use, testInfo) => {
    await use(testInfo.project.use.javaScriptEnabled !== false);
  },
  // Each test is its own client address (wrangler dev keeps a CF-Connecting-IP it is given), so the
  // per-IP rate limits of login, registration and OTPs meet one visitor, as in real use, and a test
  // never inherits another's counters.
  extraHTTPHeaders: async ({}, use) => {
    const octet = () => 1 + Math.floor(Math.random() * 250);
    await use({ 'CF-Connecting-IP': `10.${octet()}.${octet()}.${octet()}`, ...DEV_HEADERS });
  },
});
export { expect };

/** The test server's port (playwright.config.ts reads the same variable). */
export const PORT = Number(process.env.E2E_PORT ?? 8799);

export const NB = '\u00a0';

/** The displayed (last) price in a featured TLD chip on the home page. */
export function tldChipPrice(page: Page, tld: string) {
  return page.locator(`[data-testid="featured-tlds"] li[data-tld="${tld}"] span.font-semibold[data-price-net]`);
}

/** Waits until React has hydrated, so clicks reach the enhanced handlers. */
export async function hydrated(page: Page, js: boolean) {
  if (js) await page.waitForFunction(() => document.documentElement.dataset.live !== undefined);
}

type OutboxMessage = { to: string; subject: string; body: string; tag: string | null };

/** The sandbox mailbox (development only): newest message first. */
export async function outbox(page: Page, to: string): Promise<OutboxMessage[]> {
  const res = await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
  const json = (await res.json()) as { data: { messages: OutboxMessage[] } };
  return json.data.messages;
}

/** The six-digit code of the newest message to `to` (optionally with a tag), waiting for it to arrive. */
export async function latestCode(page: Page, to: string, tag?: string): Promise<string> {
  let code: string | null = null;
  await expect
    .poll(async () => {
      const m = (await outbox(page, to)).find((x) => !tag || x.tag === tag);
      code = m ? (/\b(\d{6})\b/.exec(m.body)?.[1] ?? null) : null;
      return code;
    })
    .not.toBeNull();
  return code!;
}

/** A fresh address per test and project, so runs never collide. */
export function uniqueEmail(prefix: string, js: boolean): string {
  return `${prefix}.${js ? 'js' : 'nojs'}.${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@example.gr`;
}
