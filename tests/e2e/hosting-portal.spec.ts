// Issue #23 §1 as a customer meets it, with JavaScript on and off: shared hosting bought and paid by
// card appears in My services; its page shows the plan, the panel and usage; a weak panel password
// is refused next to the field (with JavaScript before anything is sent, the meter low), a strong one
// is set. A customer of their own: the cart is theirs alone, whichever project runs beside.
import { expect, hydrated, test, uniqueEmail } from './fixtures';
import { addPlan, checkoutProfile, placeOrder, register } from './flows';

test('bought shared hosting is in My services; the panel password refuses a weak one and takes a strong one', async ({ page, js }) => {
  test.setTimeout(60_000);
  await register(page, js, uniqueEmail('hosting', js));
  await addPlan(page, js, '/hosting/shared-linux', 'sha_lin_start', 1);
  await page.goto('/cart/checkout');
  await hydrated(page, js);
  await checkoutProfile(page);
  await placeOrder(page, 'card');
  await expect(page.getByTestId('order')).toHaveAttribute('data-status', 'completed');

  // The list: one service, active, with its renewal and price; the menu now has the hosting links.
  await page.goto('/account/hosting');
  const row = page.getByTestId('service-row');
  await expect(row).toHaveCount(1);
  await expect(row).toHaveAttribute('data-status', 'active');
  await expect(row).toHaveAttribute('data-kind', 'shared');
  await expect(page.getByTestId('account-nav-hosting')).toHaveAttribute('data-pbas', 'true');
  await row.getByTestId('service-link').click();
  await expect(page).toHaveURL(/\/account\/hosting\/\d+$/);
  await hydrated(page, js);
  await expect(page.getByTestId('service-status')).toHaveAttribute('data-status', 'active');
  await expect(page.getByTestId('panel-username')).not.toBeEmpty();
  await expect(page.getByTestId('usage-disk')).toBeVisible();

  // A weak password: refused next to the field, nothing set.
  const field = page.getByTestId('panel-password-form').getByLabel('Νέος κωδικός πίνακα ελέγχου');
  await field.fill('kodikos1');
  if (js) await expect(page.getByTestId('panel-strength-meter')).toHaveAttribute('data-level', /^[01]$/);
  await page.getByTestId('panel-password-save').click();
  await expect(page.locator('[id$="panel_password-error"]')).toContainText('από 8 έως 64 χαρακτήρες');
  await expect(page.getByTestId('panel-password-saved')).toHaveCount(0);

  // A strong one: set at the panel.
  await page.getByTestId('panel-password-form').getByLabel('Νέος κωδικός πίνακα ελέγχου').fill('Kal0s-Kodikos!');
  if (js) await expect(page.getByTestId('panel-strength-meter')).toHaveAttribute('data-level', '3');
  await page.getByTestId('panel-password-save').click();
  await expect(page.getByTestId('panel-password-saved')).toBeVisible();
  await expect(page.locator('[id$="panel_password-error"]')).toHaveCount(0);
});
