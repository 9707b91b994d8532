// Issue #13 §2 as a customer meets it, with JavaScript on and off: an order placed by bank transfer is
// paid from its document's pay-with tab, part with credit (20 €, as the demo customer has) and the
// rest by card on the sandbox payment page; the document ends PAID with nothing left to pay. The card,
// saved on the way (issue #25 §1), is listed under billing and removed there.
import { expect, hydrated, test, uniqueEmail } from './fixtures';
import { addPlan, checkoutProfile, formToken, placeOrder, register } from './flows';

test('an order placed by bank transfer is paid from its pay tab: part with credit, the rest by card', async ({ page, js }) => {
  test.setTimeout(60_000);
  const email = uniqueEmail('paytab', js);
  await register(page, js, email);
  await page.waitForLoadState('networkidle');
  await hydrated(page, js);
  const granted = await page.request.post('/api/dev/credits', { data: { _token: await formToken(page), email, amount_cents: 2000, note: 'Πίστωση' } });
  expect(granted.ok(), await granted.text()).toBe(true);

  // A hosting plan, ordered by bank transfer without using the credit at checkout.
  await addPlan(page, js, '/hosting/shared-linux', 'sha_lin_start', 1);
  await page.goto('/cart/checkout');
  await hydrated(page, js);
  await checkoutProfile(page, { name: 'Σοφία Αλεξίου', address: 'Αγίας Σοφίας 12', city: 'Θεσσαλονίκη', zip: '54622' });
  if (await page.getByTestId('use-credit').count()) await page.getByTestId('use-credit').uncheck();
  await placeOrder(page, 'bank_transfer');
  const orderUrl = new URL(page.url()).pathname;
  const ordDoc = page.locator('[data-testid="document"][data-kind="order"]');
  const docId = await ordDoc.getAttribute('data-id');
  const total = Number(await page.getByTestId('bank-amount').getAttribute('data-cents'));
  expect(total).toBeGreaterThan(100);

  // The pay tab: the whole total owed, 20 € of credit, the amount prefilled with what credit covers.
  await page.goto(`/account/documents/${docId}/pay`);
  await hydrated(page, js);
  await expect(page.getByTestId('pay-balance')).toHaveAttribute('data-cents', String(total));
  await expect(page.getByTestId('pay-credit')).toHaveAttribute('data-cents', '2000');
  const amount = page.getByTestId('pay-form').getByLabel('Ποσό πιστωτικού (€)');
  await expect(amount).toHaveValue(total >= 2000 ? '20,00' : `${Math.floor(total / 100)},${String(total % 100).padStart(2, '0')}`);
  // More than it owes or than the credit: refused, the value kept.
  await amount.fill('25,00');
  await page.getByTestId('pay-credit-submit').click();
  await expect(page.getByTestId('pay-alert')).toBeVisible();
  await expect(page.getByTestId('pay-form').getByLabel('Ποσό πιστωτικού (€)')).toHaveValue('25,00');
  // Part of it: 1 €.
  await page.getByTestId('pay-form').getByLabel('Ποσό πιστωτικού (€)').fill('1,00');
  await page.getByTestId('pay-credit-submit').click();
  await expect(page.getByTestId('pay-notice')).toBeVisible();
  await expect(page.getByTestId('pay-balance')).toHaveAttribute('data-cents', String(total - 100));
  await expect(page.getByTestId('pay-credit')).toHaveAttribute('data-cents', '1900');
  // The transfer still awaited now asks for the rest only.
  await expect(page.getByTestId('pay-bank-amount')).toHaveAttribute('data-cents', String(total - 100));

  // The rest by card, the card saved for renewals (issue #25 §1): the sandbox payment page says it
  // keeps the card, approve, back on the tab with nothing left to pay.
  await hydrated(page, js);
  await page.getByTestId('save-card').check();
  await page.getByTestId('pay-card-submit').click();
  await expect(page.getByTestId('sandbox-payment')).toBeVisible();
  await expect(page.getByTestId('sandbox-save-card')).toBeVisible();
  await page.getByTestId('sandbox-approve').click();
  await expect(page).toHaveURL(new RegExp(`/account/documents/${docId}/pay\\?payment=return`));
  await expect(page.getByTestId('pay-balance')).toHaveAttribute('data-cents', '0');
  await expect(page.getByTestId('pay-notice')).toBeVisible();
  await expect(page.getByTestId('pay-form')).toHaveCount(0);
  await expect(page.getByTestId('pay-tab')).toHaveAttribute('data-status', /^(PAID|COMPLETED)$/);

  // The order: paid, its receipt and its payment document for the card's part.
  await page.goto(orderUrl);
  await expect(page.getByTestId('order')).not.toHaveAttribute('data-status', 'pending');
  await expect(page.locator('[data-testid="document"][data-kind="receipt"]')).toHaveCount(1);
  await expect(page.locator('[data-testid="document"][data-kind="payment"]')).toHaveCount(1);

  // The saved card under billing, the default; removed after its confirmation step.
  await page.goto('/account/billing');
  await hydrated(page, js);
  const card = page.getByTestId('saved-card');
  await expect(card).toHaveCount(1);
  await expect(card.getByTestId('saved-card-label')).toHaveText('Visa •••• 4242');
  await expect(card).toHaveAttribute('data-default', 'true');
  await card.getByTestId('saved-card-remove').click();
  await expect(page.getByTestId('saved-card-confirm')).toBeVisible();
  await page.getByTestId('confirm-remove_card').click();
  await expect(page.getByTestId('saved-card-removed')).toBeVisible();
  await expect(page.getByTestId('saved-card')).toHaveCount(0);
});
