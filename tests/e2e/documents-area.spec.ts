// Issue #13 §2 as the demo customer meets it, with JavaScript on and off: open the documents list,
// switch to receipts, filter by status in the GET form, open the seeded receipt (REC, document 3) and
// go through its tabs; the open debit (document 5) offers the pay tab, the receipt does not.
import { expect, hydrated, test } from './fixtures';
import { signedIn } from './sessions';

test('the documents list, its filters, and the receipt through its tabs', async ({ page, js }) => {
  await signedIn(page, 'demo');
  await page.goto('/account/documents');
  await hydrated(page, js);
  await expect(page.getByRole('heading', { level: 1, name: 'Παραστατικά' })).toBeVisible();
  await expect(page.locator('[data-testid="document-row"][data-id="3"]')).toBeVisible();
  await expect(page.locator('[data-testid="document-row"][data-id="5"]')).toHaveAttribute('data-kind', 'debit');

  // The kind switch: plain links.
  await page.getByTestId('kind-receipts').click();
  await expect(page).toHaveURL(/kind=receipts/);
  await expect(page.getByTestId('kind-receipts')).toHaveAttribute('aria-current', 'page');
  await expect(page.locator('[data-testid="document-row"][data-kind="debit"]')).toHaveCount(0);

  // The filter form (GET): a status no receipt has, then PAID.
  await page.getByLabel('Κατάσταση').selectOption('CANCELLED');
  await page.getByTestId('filters-apply').click();
  await expect(page).toHaveURL(/status=CANCELLED/);
  await expect(page.getByTestId('no-documents')).toBeVisible();
  await page.getByLabel('Κατάσταση').selectOption('PAID');
  await page.getByTestId('filters-apply').click();
  await expect(page).toHaveURL(/kind=receipts&status=PAID/);
  const row = page.locator('[data-testid="document-row"][data-id="3"]');
  await expect(row.getByTestId('document-status')).toHaveText('Εξοφλημένο');

  // The receipt: header and overview.
  await row.getByTestId('document-link').click();
  await expect(page).toHaveURL(/\/account\/documents\/3$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Απόδειξη REC-\d{6}/);
  await expect(page.getByTestId('document-tab-overview')).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('document-line')).toHaveCount(2);
  await expect(page.getByTestId('document-buyer')).toContainText('Ερμού 10');
  await expect(page.getByTestId('document-tab-pay')).toHaveCount(0);
  await expect(page.getByTestId('document-balance')).toHaveAttribute('data-cents', '0');

  // Paid by: the payment document, which used-to-pay leads back to the order.
  await page.getByTestId('document-tab-paid-by').click();
  await expect(page).toHaveURL(/\/account\/documents\/3\/paid-by$/);
  await expect(page.getByTestId('document-tab-paid-by')).toHaveAttribute('aria-current', 'page');
  const payer = page.getByTestId('paid-by-row').first();
  await expect(payer).toHaveAttribute('data-document', '4');
  await page.getByTestId('document-tab-credit').click();
  await expect(page.getByTestId('tab-empty')).toHaveText('Δεν χρησιμοποιήθηκε πίστωση για αυτό το παραστατικό.');
  await page.getByTestId('document-tab-used-to-pay').click();
  await expect(page.getByTestId('tab-empty')).toContainText('δεν εξοφλεί τίποτα');
  await page.getByTestId('document-tab-movements').click();
  await expect(page.getByTestId('document-movements')).toBeVisible();
  await page.getByTestId('document-tab-paid-by').click();
  await page.getByTestId('paid-by-row').first().getByTestId('document-link').click();
  await expect(page).toHaveURL(/\/account\/documents\/4$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Πληρωμή PAY-\d{6}/);
  await page.getByTestId('document-tab-used-to-pay').click();
  await expect(page.getByTestId('used-to-pay-row').first()).toHaveAttribute('data-document', '2');

  // The order's page links its documents here.
  await page.getByTestId('document-order').click();
  await expect(page).toHaveURL(/\/orders\/\d+$/);
  await expect(page.locator('[data-testid="document-link"][data-id="3"]')).toBeVisible();
});

test('the open debit offers the pay tab and its lines', async ({ page, js }) => {
  await signedIn(page, 'demo');
  await page.goto('/account/documents?kind=debits');
  await hydrated(page, js);
  await page.locator('[data-testid="document-row"][data-id="5"]').getByTestId('document-link').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Χρεωστικό DEB-\d{6}/);
  await expect(page.getByTestId('document-line')).toHaveCount(1);
  await expect(page.getByTestId('document-due')).toBeVisible();
  await expect(page.getByTestId('document-tab-pay')).toHaveAttribute('href', '/account/documents/5/pay');
  await expect(page.getByTestId('document-tab-legal')).toHaveAttribute('href', '/account/documents/5/legal');
});
