// Issue #11 §2: the cart summary's lines name shared page forms (the `form` attribute) instead of a form
// each. The length select, the line's remove button and the header cart's remove button, with
// JavaScript (fetchers, no reload) and without (the shared form's plain POST).
import type { Page } from '@playwright/test';
import { expect, hydrated, test } from './fixtures';

async function cartOfTwo(page: Page, js: boolean) {
  await page.goto('/hosting/wordpress');
  const token = await page.locator('input[name="_token"]').first().inputValue();
  for (const sku of ['sha_lin_start', 'sha_lin_plus']) {
    const res = await page.request.post('/cart', { form: { _token: token, intent: 'add', type: 'product', sku, months: '12' }, maxRedirects: 0 });
    expect(res.status()).toBe(303);
  }
  await page.goto('/cart');
  await hydrated(page, js);
  // With JavaScript every change below is a fetcher: the document stays (this mark survives).
  if (js) await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
  const lines = page.getByTestId('cart-line');
  await expect(lines).toHaveCount(2);
  return { first: lines.nth(0), second: lines.nth(1) };
}

test("a line's length changes alone, and its remove button removes it alone", async ({ page, js }) => {
  const { first, second } = await cartOfTwo(page, js);
  const firstName = await first.getAttribute('data-name');
  const secondPrice = await second.getByTestId('line-price').getAttribute('data-cents');
  await second.getByTestId('length-select').selectOption('24');
  if (!js) await second.getByRole('button', { name: 'Αλλαγή' }).click();
  await expect(page.getByTestId('cart-line').nth(1).getByTestId('length-select')).toHaveValue('24');
  await expect(page.getByTestId('cart-line').nth(1).getByTestId('line-price')).not.toHaveAttribute('data-cents', secondPrice!);
  await expect(page.getByTestId('cart-line').nth(0).getByTestId('length-select')).toHaveValue('12');
  await page.getByTestId('cart-line').nth(0).getByTestId('remove').click();
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await expect(page.getByTestId('cart-line').first()).not.toHaveAttribute('data-name', firstName!);
  await expect(page.getByTestId('cart-line').first().getByTestId('length-select')).toHaveValue('24');
  if (js) expect(await page.evaluate(() => '__sameDocument' in window)).toBe(true);
});

test("the header cart's remove button removes its item", async ({ page, js }) => {
  const { first } = await cartOfTwo(page, js);
  const firstId = await first.getAttribute('data-id');
  // The panel's code arrives late, so the click lands on the server's HTML of the panel and is held
  // and replayed once the code is there (deferred-part.ts): the replay must still be a fetcher, not a
  // plain POST (it was, now and then, when the replay beat the panel's first effect).
  if (js) {
    await page.route(/part-cart-mini-cart-panel/, async (route) => {
      await new Promise((r) => setTimeout(r, 400));
      await route.continue();
    });
  }
  await page.getByTestId('header-cart').locator('summary').click();
  await page.getByTestId('header-cart-panel').getByTestId('mini-remove').first().click();
  await expect(page.getByTestId('header-cart-panel').getByTestId('mini-item')).toHaveCount(1);
  await expect(page.locator(`[data-testid="cart-line"][data-id="${firstId}"]`)).toHaveCount(0);
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  if (js) expect(await page.evaluate(() => '__sameDocument' in window)).toBe(true);
});
