// Issue #13 §3 and §5 as a buyer meets it, with JavaScript on and off: buy a .gr with an invoice
// profile, pay by card in the sandbox, open the invoice's legal documents tab from the order, download
// its PDF and find the number, the buyer's ΑΦΜ and the total in the file's text.
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { pdfText } from '../pdf-text';
import { expect, hydrated, test, uniqueEmail } from './fixtures';
import { register } from './flows';
import { adminLogin } from './staff';

const AFM = '090000045';
const unique = (p: string) => `${p}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

async function buyWithInvoice(page: Page, js: boolean) {
  const fqdn = `${unique('timologio')}.gr`;
  await page.goto(`/domains/search?q=${encodeURIComponent(fqdn)}${js ? '' : '&js=0'}`);
  await hydrated(page, js);
  const row = page.getByTestId('exact-result').getByTestId('result');
  await expect(row).toHaveAttribute('data-status', 'available');
  await row.getByTestId('add-to-cart').click();
  if (js) await expect(page.getByTestId('exact-result').getByTestId('in-cart')).toBeVisible();
  else await expect(page).toHaveURL(/\/cart$/);

  await page.goto('/cart');
  await page.getByTestId('new-contact').locator('summary').click();
  const contact = page.getByTestId('new-contact');
  await contact.getByLabel('Όνομα', { exact: true }).fill('Ελένη');
  await contact.getByLabel('Επώνυμο', { exact: true }).fill('Οικονόμου');
  await contact.getByLabel('Όνομα με λατινικούς').fill('Eleni');
  await contact.getByLabel('Επώνυμο με λατινικούς').fill('Oikonomou');
  await contact.getByLabel('Email').fill('eleni.o@example.gr');
  await contact.getByLabel('Τηλέφωνο').fill('+306944444444');
  await contact.getByLabel('Διεύθυνση').fill('Ερμού 5');
  await contact.getByLabel('Πόλη').fill('Αθήνα');
  await contact.getByLabel('Τ.Κ.').fill('10563');
  await page.getByTestId('contact-save').click();
  const line = page.locator(`[data-testid="cart-line"][data-name="${fqdn}"]`);
  await expect(line.getByTestId('contact-registrant').locator('option')).toHaveCount(2);
  for (const role of ['registrant', 'admin', 'tech', 'billing']) await line.getByTestId(`contact-${role}`).selectOption({ index: 1 });
  await line.getByTestId('ns-mode-none').check();
  await line.getByLabel(/Αποδέχομαι τους όρους καταχώρισης/).check();
  await line.getByTestId('config-save').click();
  await expect(page.locator(`[data-testid="cart-line"][data-name="${fqdn}"]`).getByTestId('domain-config')).toHaveAttribute('data-ready', 'true');
  await page.getByTestId('to-checkout').click();
  await expect(page).toHaveURL(/\/cart\/checkout$/);

  const profile = page.getByTestId('new-profile');
  await profile.getByTestId('type-INV').check();
  await profile.getByLabel('Ονοματεπώνυμο ή επωνυμία').fill('Τιμολόγηση Ο.Ε.');
  await profile.getByLabel('ΑΦΜ / αριθμός ΦΠΑ').fill(AFM);
  await profile.getByLabel('ΔΟΥ').selectOption('1101');
  await profile.getByLabel('Διεύθυνση').fill('Ερμού 5');
  await profile.getByLabel('Πόλη').fill('Αθήνα');
  await profile.getByLabel('Τ.Κ.').fill('10563');
  await page.getByTestId('profile-save').click();
  await expect(page.getByTestId('profile-option')).toHaveCount(1);
  await page.getByTestId('place-order-form').getByLabel(/Αποδέχομαι τους Όρους Χρήσης/).check();
  await page.getByTestId('place-order').click();
  await expect(page.getByTestId('sandbox-payment')).toBeVisible();
  await page.getByTestId('sandbox-approve').click();
  await expect(page.getByTestId('order')).toHaveAttribute('data-status', 'completed');
}

test('the invoice of a paid order downloads as a PDF with its number, the buyer’s ΑΦΜ and the total; staff cannot attach it again', async ({ page, js, browser }) => {
  // The staff login may wait for the next TOTP step (the other project's login holds this one).
  test.setTimeout(100_000);
  await register(page, js, uniqueEmail('legal', js));
  await buyWithInvoice(page, js);

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
  await adminLogin(staff, `/admin/legal-files?number=${number}`);
  await expect(staff.locator(`[data-testid="legal-admin-document"][data-number="${number}"]`)).toBeVisible();
  await expect(staff.getByTestId('legal-file')).toHaveCount(1);
  await staff.getByLabel('Αρχείο PDF').setInputFiles((await download.path())!);
  await staff.getByTestId('legal-upload-form').getByRole('button', { name: 'Ανέβασμα' }).click();
  await expect(staff.getByTestId('legal-upload-alert')).toHaveAttribute('data-code', '35523');
  await expect(staff.getByTestId('legal-file')).toHaveCount(1);
  await staffContext.close();
});
