// Issue #22 §2 as staff and a customer meet it, with JavaScript on and off: an admin creates a coupon
// for new customers in the back office (a taken code is refused next to its field first), a newly
// registered customer applies it at checkout and sees the discount, orders, and the coupon's page
// shows the use.
import { expect, hydrated, test, uniqueEmail } from './fixtures';
import { addPlan, checkoutProfile, placeOrder, register, uniqueName } from './flows';
import { signedIn } from './sessions';
import { ADMIN_ORIGIN } from './staff';

test('an admin creates a coupon for new customers and a newly registered customer uses it at checkout', async ({ page, js }) => {
  test.setTimeout(120_000);
  const code = uniqueName(js ? 'NEOIJS' : 'NEOINOJS').toUpperCase().slice(0, 32);
  const email = uniqueEmail('coupon', js);

  await signedIn(page, 'staff', '/admin/coupons');
  await page.getByTestId('coupon-new').click();
  await expect(page).toHaveURL(`${ADMIN_ORIGIN}/admin/coupons/new`);
  await hydrated(page, js);
  const form = page.getByTestId('coupon-form');
  // A code already taken (a demo coupon, typed in lower case) is refused next to the field.
  await form.locator('#coupon-create-code').fill('kalosorisma10');
  await form.locator('#coupon-create-percent').fill('15');
  await form.getByTestId('coupon-audience').selectOption('new');
  await page.getByTestId('coupon-save').click();
  await expect(page.locator('#coupon-create-code-error')).toContainText('Ο κωδικός αυτός υπάρχει ήδη');
  await expect(form.locator('#coupon-create-code')).toHaveAttribute('aria-invalid', 'true');
  await form.locator('#coupon-create-code').fill(code.toLowerCase());
  await form.locator('#coupon-create-percent').fill('15');
  await form.getByTestId('coupon-audience').selectOption('new');
  await page.getByTestId('coupon-save').click();
  await expect(page).toHaveURL(`${ADMIN_ORIGIN}/admin/coupons/${code}?done=created`);
  await expect(page.getByTestId('coupon-done')).toBeVisible();
  await expect(page.getByTestId('coupon-status-label')).toHaveAttribute('data-status', 'ACTIVE');
  await expect(page.getByTestId('coupon-history-empty')).toBeVisible();

  // A new customer: registered now, so the coupon is theirs.
  await register(page, js, email);
  await addPlan(page, js, '/hosting/shared-linux', 'sha_lin_start');
  await page.goto('/cart/checkout');
  await hydrated(page, js);
  await checkoutProfile(page);
  const total = Number(await page.getByTestId('checkout-total').getAttribute('data-cents'));
  await page.getByTestId('coupon').getByLabel('Κουπόνι έκπτωσης').fill(code.toLowerCase());
  await page.getByTestId('coupon-apply').click();
  await expect(page.getByTestId('coupon-discount')).toContainText(code);
  expect(Number(await page.getByTestId('checkout-total').getAttribute('data-cents'))).toBeLessThan(total);
  const orderId = await placeOrder(page, 'bank_transfer');
  await expect(page.getByTestId('order-discount')).toContainText(code);

  // The back office shows who used it, on which order.
  await page.goto(`${ADMIN_ORIGIN}/admin/coupons/${code}`);
  const use = page.locator(`[data-testid="coupon-redemption"][data-order="${orderId}"]`);
  await expect(use).toContainText(email);
});
