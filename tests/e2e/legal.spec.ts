// Issue #25 §3 and §5, with JavaScript on and off at 390 px: the footer links the legal documents
// (each with its version and date); the checkout's consent box links the terms (a new tab, so nothing
// typed is lost); the cookie bar at the bottom covers neither the checkout's submit button nor the
// footer, links the cookie policy, and goes away when dismissed.
import type { Locator } from '@playwright/test';
import { expect, hydrated, test } from './fixtures';
import { signedIn } from './sessions';

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function box(locator: Locator): Promise<Box> {
  const b = await locator.boundingBox();
  expect(b, 'visible').not.toBeNull();
  return b!;
}

test('legal pages from the footer and the checkout, and a cookie bar that covers no action', async ({ page, js }) => {
  // Two pages and a cart line first: slower than most on a loaded machine.
  test.slow();
  await page.setViewportSize({ width: 390, height: 844 });
  await signedIn(page, 'portfolio', '/account');
  // The footer → the terms, with version and date.
  await page.getByTestId('footer-legal').getByTestId('legal-link-terms').click();
  await expect(page).toHaveURL(/\/legal\/terms$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Όροι χρήσης');
  await expect(page.getByTestId('legal-version')).toHaveText(/^Έκδοση \d+ · \d{1,2} \S+ \d{4}$/);
  // The cookie bar links the cookie policy.
  await expect(page.getByTestId('cookie-notice').getByRole('link', { name: 'Πολιτική cookies' })).toHaveAttribute('href', '/legal/cookies');

  // A renewal of one of the account's names: it needs no configuration, so the shared cart never
  // holds back another test's way to the checkout (a new .gr waiting for its contacts did).
  const name = js ? 'pf-oliva-1513.gr' : 'pf-techno-1524.gr';
  await page.goto(`/account/domains?q=${name}`);
  await hydrated(page, js);
  await page.locator(`[data-testid="my-domain"][data-fqdn="${name}"]`).getByTestId('renew-domain').click();
  await expect(page).toHaveURL(/\/cart$/);
  await page.goto('/cart/checkout');
  await hydrated(page, js);
  const consent = page.getByTestId('checkout-consent');
  await expect(consent.getByTestId('withdrawal-note')).toContainText('14 ημερών');
  const terms = consent.getByTestId('legal-link-terms');
  await expect(terms).toHaveAttribute('target', '_blank');
  const [tab] = await Promise.all([page.context().waitForEvent('page'), terms.click()]);
  await expect(tab).toHaveURL(/\/legal\/terms$/);
  await tab.close();

  // The bar never covers the submit button, wherever the page puts it in view, nor the footer's end.
  const bar = page.getByTestId('cookie-notice');
  const submit = page.getByTestId('place-order');
  for (const block of ['end', 'center'] as const) {
    await submit.evaluate((el, b) => el.scrollIntoView({ block: b }), block);
    expect(overlaps(await box(bar), await box(submit)), `bar over the submit button (${block})`).toBe(false);
  }
  await page.evaluate(() => window.scrollTo(0, document.scrollingElement!.scrollHeight));
  for (const part of [page.getByTestId('footer-legal'), page.getByTestId('site-footer').getByText(/©/)]) expect(overlaps(await box(bar), await box(part)), 'bar over the footer').toBe(false);
  // Keyboard focus on the button scrolls it clear of the bar too.
  await page.evaluate(() => window.scrollTo(0, 0));
  await submit.focus();
  expect(overlaps(await box(bar), await box(submit)), 'bar over the focused button').toBe(false);

  await bar.getByTestId('cookie-accept').click();
  await expect(page.getByTestId('cookie-notice')).toHaveCount(0);
  await expect(page).toHaveURL(/\/cart\/checkout$/);

  // Leave the shared account's cart as it was.
  await page.goto('/cart');
  await hydrated(page, js);
  await page.locator(`[data-testid="cart-line"][data-name="${name}"]`).getByTestId('remove').click();
  await expect(page.locator(`[data-testid="cart-line"][data-name="${name}"]`)).toHaveCount(0);
});
