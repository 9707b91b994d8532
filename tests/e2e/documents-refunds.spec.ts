// Issue #13 §2 as staff meet it, with JavaScript on and off: a new customer buys a hosting plan and
// pays by card in the sandbox; staff find the customer on the back office's documents screen, give part
// of the payment back to the card, and see the payment PARTIALLY_REFUNDED with its corrective credit note.
import { expect, hydrated, test, uniqueEmail } from './fixtures';
import { addPlan, checkoutProfile, placeOrder, register } from './flows';
import { axeFindings, sidewaysScroll } from './quality-checks';
import { signedIn } from './sessions';

test('staff refund part of a card payment: the payment is partly refunded and a credit note corrects the receipt', async ({ page, js }) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('refund', js);
  await register(page, js, email);

  // A hosting plan, paid by card in the sandbox.
  await addPlan(page, js, '/hosting/shared-linux', 'sha_lin_start', 1);
  await page.goto('/cart/checkout');
  await hydrated(page, js);
  await checkoutProfile(page, { name: 'Δήμητρα Παπαδοπούλου', address: 'Ερμού 5', city: 'Αθήνα', zip: '10563' });
  await placeOrder(page, 'card');

  // Staff, on the admin host (its own cookies), from the back office's home.
  await signedIn(page, 'staff', '/admin');
  await expect(page.getByTestId('admin-home')).toBeVisible();
  await page.getByTestId('staff-menu-documents').click();
  await expect(page.getByTestId('admin-documents')).toBeVisible();
  await hydrated(page, js);
  await page.getByTestId('staff-documents-email').fill(email);
  await page.getByTestId('staff-documents-find').click();
  await expect(page.getByTestId('staff-documents-customer')).toContainText(email);

  const payment = page.locator('[data-testid^="staff-document-"][data-kind="payment"]');
  await expect(payment).toHaveAttribute('data-status', 'COMPLETED');
  const testId = (await payment.getAttribute('data-testid')) ?? '';
  const id = testId.replace('staff-document-', '');
  // More than was paid is refused with its code, and the typed values stay.
  await page.getByTestId(`staff-refund-amount-${id}`).fill('100000');
  await page.getByTestId(`staff-refund-reason-${id}`).fill('Λάθος χρέωση');
  await page.getByTestId(`staff-refund-submit-${id}`).click();
  await expect(payment.getByTestId('staff-documents-alert')).toHaveAttribute('data-code', '35516');
  await expect(page.getByTestId(`staff-refund-reason-${id}`)).toHaveValue('Λάθος χρέωση');
  // One euro back to the card.
  await page.getByTestId(`staff-refund-amount-${id}`).fill('1,00');
  await page.getByTestId(`staff-refund-submit-${id}`).click();
  await expect(page.getByTestId('staff-documents-done')).toBeVisible();
  await expect(payment).toHaveAttribute('data-status', 'PARTIALLY_REFUNDED');
  await expect(payment.getByTestId('staff-refund')).toHaveCount(1);
  await expect(payment.getByTestId('staff-refund')).toHaveAttribute('data-status', 'succeeded');
  const note = page.locator('[data-testid^="staff-document-"][data-kind="credit"]');
  await expect(note).toHaveCount(1);
  await expect(note).toContainText('CRN-');
  await expect(note).toContainText('Επιστροφή στην κάρτα');
  await expect(note).toContainText('1,00');
  // A credit note whose money went to the card cannot be cancelled as credit.
  await expect(note.locator('[data-testid^="staff-cancel-"]')).toHaveCount(0);
  // The screen with a payment, its refunds and a credit note: accessible, and no sideways scroll on a phone.
  // (axe runs in the page: with JavaScript only.)
  if (js) {
    expect(await axeFindings(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await sidewaysScroll(page)).toBeNull();
  }
});
