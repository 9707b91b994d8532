// Issue #13 §3 and §5 as a buyer meets it, with JavaScript on and off: buy a .gr with an invoice
// profile, pay by card in the sandbox, open the invoice's legal documents tab from the order, download
// its PDF and find the number, the buyer's ΑΦΜ and the total in the file's text.
import { readFileSync } from 'node:fs';
import { pdfText } from '../pdf-text';
import { expect, test, uniqueEmail } from './fixtures';
import { buyDomain, register, uniqueName } from './flows';
import { signedIn } from './sessions';

const AFM = '090000045';
const AFM_PROFILE = { name: 'Τιμολόγηση Ο.Ε.', address: 'Ερμού 5', city: 'Αθήνα', zip: '10563', invoice: { vatNumber: AFM, taxOffice: '1101' } };

test('the invoice of a paid order downloads as a PDF with its number, the buyer’s ΑΦΜ and the total; staff cannot attach it again', async ({ page, js, browser }) => {
  test.setTimeout(90_000);
  await register(page, js, uniqueEmail('legal', js));
  await buyDomain(page, js, `${uniqueName('timologio')}.gr`, 'card', AFM_PROFILE);
  await expect(page.getByTestId('order')).toHaveAttribute('data-status', 'completed');

  const invoice = page.locator('[data-testid="document"][data-kind="invoice"]');
  await expect(invoice).toHaveCount(1);
  const shown = (await invoice.innerText()).replace(/\u00a0/g, ' ');
  const number = /INV-\d{6}/.exec(shown)?.[0];
  const total = /\d{1,3}(?:\.\d{3})*,\d{2} €/.exec(shown)?.[0];
  expect(number).toBeTruthy();
  expect(total).toBeTruthy();

  await invoice.getByTestId('document-legal-link').click();
  await expect(page).toHaveURL(/\/account\/documents\/\d+\/legal$/);
  const doc = page.locator(`[data-testid="legal-document"][data-number="${number}"]`);
  await expect(doc.getByTestId('legal-file')).toHaveCount(1);
  await expect(doc.getByTestId('legal-file')).toContainText(`${number}.pdf`);

  const [download] = await Promise.all([page.waitForEvent('download'), doc.getByTestId('legal-download').click()]);
  expect(download.suggestedFilename()).toBe(`${number}.pdf`);
  const text = (await pdfText(readFileSync((await download.path())!))).replace(/\u00a0/g, ' ');
  expect(text).toContain(number!);
  expect(text).toContain(`ΑΦΜ / VAT No: ${AFM}`);
  expect(text).toContain(total!);
  expect(text).toContain('ΤΙΜΟΛΟΓΙΟ ΠΑΡΟΧΗΣ ΥΠΗΡΕΣΙΩΝ');

  // Staff find the invoice by number and try to attach the very file the customer downloaded: the
  // same bytes as the rendered PDF, refused with 35523 as an alert.
  const staffContext = await browser.newContext({ javaScriptEnabled: js });
  const staff = await staffContext.newPage();
  await signedIn(staff, 'staff', `/admin/legal-files?number=${number}`);
  await expect(staff.locator(`[data-testid="legal-admin-document"][data-number="${number}"]`)).toBeVisible();
  await expect(staff.getByTestId('legal-file')).toHaveCount(1);
  await staff.getByLabel('Αρχείο PDF').setInputFiles((await download.path())!);
  await staff.getByTestId('legal-upload-form').getByRole('button', { name: 'Ανέβασμα' }).click();
  await expect(staff.getByTestId('legal-upload-alert')).toHaveAttribute('data-code', '35523');
  await expect(staff.getByTestId('legal-file')).toHaveCount(1);
  await staffContext.close();
});
