// Issue #20 §4 as a buyer meets it, with JavaScript on and off: a Greek .gr in the cart is registered
// by someone else before checkout. Placing the order says the name is taken (in Greek letters, never
// "try again"), links to the search and back to the cart, where the line is marked and can be removed.
import { labelToAscii } from '../../core/domains/punycode';
import { expect, hydrated, test, uniqueEmail } from './fixtures';
import { addDomainFromSearch, checkoutProfile, configureDomain, formToken, register } from './flows';

test('a name registered by someone else before checkout: told it is taken, marked in the cart, removed', async ({ page, js }) => {
  test.setTimeout(90_000);
  await register(page, js, uniqueEmail('taken', js));
  const label = `καφενείο${Date.now() % 1_000_000_000}${js ? 1 : 2}`;
  const fqdn = `${label}.gr`;
  const ascii = `${labelToAscii(label)}.gr`;
  await addDomainFromSearch(page, js, fqdn);
  await configureDomain(page, ascii);

  await page.goto('/cart/checkout');
  await hydrated(page, js);
  await checkoutProfile(page);

  // Someone else registers the name while the customer is on the checkout page.
  const taken = await page.request.post('/api/dev/registry-taken', { data: { _token: await formToken(page), name: fqdn } });
  expect(taken.ok(), await taken.text()).toBe(true);

  await page.getByTestId('method-bank_transfer').check();
  await page.getByTestId('place-order-form').getByLabel(/Αποδέχομαι τους Όρους Χρήσης/).check();
  await page.getByTestId('place-order').click();
  const alert = page.getByTestId('checkout-taken');
  await expect(alert).toBeVisible();
  await expect(alert).toContainText(fqdn);
  await expect(alert).not.toContainText(ascii);
  await expect(alert).not.toContainText(/δοκιμάστε ξανά/i);
  await expect(alert.getByTestId('taken-search')).toHaveAttribute('href', `/domains/search?q=${encodeURIComponent(label)}`);

  await alert.getByTestId('taken-cart').click();
  await expect(page).toHaveURL(/\/cart$/);
  await hydrated(page, js);
  const line = page.locator(`[data-testid="cart-line"][data-name="${ascii}"]`);
  await expect(line.getByTestId('line-taken')).toContainText(fqdn);
  await expect(line.getByTestId('line-taken-search')).toHaveAttribute('href', `/domains/search?q=${encodeURIComponent(label)}`);
  await line.getByTestId('remove').click();
  await expect(page.locator(`[data-testid="cart-line"][data-name="${ascii}"]`)).toHaveCount(0);
});
