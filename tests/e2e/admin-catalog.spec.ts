// Issue #22 §2 as staff meet it, with JavaScript on and off: a new hosting product with a SKU that is
// taken is refused next to the SKU field (while typing with JavaScript, on save without), then a free
// SKU saves it, and the storefront's hosting page shows the plan at once.
import { expect, hydrated, PORT, test } from './fixtures';
import { signedIn } from './sessions';

test('staff create a hosting product: a taken SKU is refused next to the field, a free one reaches the storefront', async ({ page, js, browser }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ javaScriptEnabled: js });
  const staff = await context.newPage();
  await signedIn(staff, 'staff', '/admin/catalog/new');
  await hydrated(staff, js);
  await expect(staff.getByRole('heading', { level: 1 })).toHaveText('Νέο προϊόν φιλοξενίας');

  await staff.getByTestId('product-sku').fill('sha_lin_start');
  if (js) {
    // Checked while typing, before any save.
    await expect(staff.getByTestId('sku-error')).toHaveText('Το SKU sha_lin_start δεν είναι διαθέσιμο');
  }
  await staff.getByTestId('product-family').selectOption('wordpress');
  const name = `Δοκιμαστικό ${Date.now().toString(36)}${js ? 'j' : 'n'}`;
  await staff.getByTestId('product-name-el').fill(name);
  await staff.getByTestId('product-name-en').fill(`Test ${name}`);
  await staff.getByTestId('price_months-0').selectOption('12');
  await staff.getByTestId('price_amount-0').fill('59,00');
  // The answer draws the form again (keyed by what was sent): wait for that before typing, or the new
  // SKU is typed into the old form and the answer puts the refused one back.
  const sentField = await staff.getByTestId('product-sku').elementHandle();
  await staff.getByTestId('product-save').click();
  // (without JavaScript the whole page is new: the old field's page is gone and evaluate throws)
  await expect.poll(() => sentField!.evaluate((el) => el.isConnected).catch(() => false)).toBe(false);
  // Refused on save as well: the message next to the field, what was typed kept.
  await expect(staff.getByTestId('sku-error')).toHaveText('Το SKU sha_lin_start δεν είναι διαθέσιμο');
  await expect(staff.getByTestId('product-sku')).toHaveAttribute('aria-invalid', 'true');
  await expect(staff.getByTestId('product-name-el')).toHaveValue(name);

  const sku = `e2e_${Date.now().toString(36)}_${js ? 'js' : 'nojs'}`;
  await hydrated(staff, js);
  await staff.getByTestId('product-sku').fill(sku);
  if (js) await expect(staff.getByTestId('sku-free')).toBeVisible();
  await staff.getByTestId('product-save').click();
  await expect(staff.getByTestId('catalog-done')).toBeVisible();
  await expect(staff).toHaveURL(/\/admin\/catalog\/\d+\?done=saved$/);
  if (js) {
    // Spec §5 NOCHANGES: saving the unchanged form warns instead of posting.
    await hydrated(staff, js);
    await staff.getByTestId('product-save').click();
    await expect(staff.getByTestId('no-changes')).toBeVisible();
  }

  for (const width of [390, 1366]) {
    await staff.setViewportSize({ width, height: 900 });
    await staff.screenshot({ path: `test-results/screens/admin-catalog-edit-${js ? 'js' : 'nojs'}-${width}.png`, fullPage: true });
    expect(await staff.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  }
  await staff.goto(`http://admin.localhost:${PORT}/admin/catalog?q=${sku}`);
  await expect(staff.getByTestId(`catalog-row-${sku}`)).toBeVisible();
  for (const width of [390, 1366]) {
    await staff.setViewportSize({ width, height: 900 });
    await staff.screenshot({ path: `test-results/screens/admin-catalog-list-${js ? 'js' : 'nojs'}-${width}.png`, fullPage: true });
  }

  // The storefront shows the new plan now.
  await page.goto('/hosting/wordpress');
  const card = page.locator(`[data-testid="plan-card"][data-sku="${sku}"]`);
  await expect(card).toBeVisible();
  await expect(card.getByRole('heading', { level: 2 })).toHaveText(name);
  await context.close();
});
