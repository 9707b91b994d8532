// Billing profiles, complete (issue #13 §1, decision 037), with JavaScript on and off (the two
// projects): an invoice profile with ΑΦΜ and a ΔΟΥ chosen from AADE's list, a receipt profile set as
// the default, the default's deletion refused with the 3002 alert, the other one deleted, and the
// list readable at 390 px without sideways scrolling.
import { expect, hydrated, test, uniqueEmail } from './fixtures';
import { fillProfile, register } from './flows';

test('an invoice profile with ΑΦΜ and ΔΟΥ, set as default, the default not deleted', async ({ page, js }) => {
  await register(page, js, uniqueEmail('billing', js));
  await page.goto('/account/billing');
  await hydrated(page, js);

  // The first profile: an invoice with a ΑΦΜ and its ΔΟΥ from the grouped list.
  const add = await fillProfile(page, { name: 'Καφενείο Ο.Ε.', address: 'Ερμού 5', city: 'Αθήνα', zip: '10563', invoice: { vatNumber: '090000045', taxOffice: '1101' } });
  await expect(add.getByLabel('ΔΟΥ').locator('optgroup[label="Αττική"] option[value="1101"]')).toHaveText('Α΄ Αθηνών');
  await add.getByLabel('Επάγγελμα (προαιρετικά)').fill('Καφενείο');
  await page.getByTestId('profile-save').click();
  const invoice = page.getByTestId('billing-profile').filter({ hasText: 'Καφενείο Ο.Ε.' });
  await expect(invoice).toContainText('090000045');
  await expect(invoice).toContainText('Α΄ Αθηνών');
  await expect(invoice).toHaveAttribute('data-default', 'true');

  // A receipt profile, made the default.
  await fillProfile(page, { name: 'Ελένη Νικολάου', address: 'Ερμού 7', city: 'Αθήνα', zip: '10563' });
  await page.getByTestId('profile-save').click();
  const receipt = page.getByTestId('billing-profile').filter({ hasText: 'Ελένη Νικολάου' });
  await expect(receipt).toHaveAttribute('data-default', 'false');
  await receipt.getByTestId('make-default').click();
  await expect(receipt).toHaveAttribute('data-default', 'true');
  await expect(invoice).toHaveAttribute('data-default', 'false');

  // The default is not deleted: the 3002 alert, both profiles still there.
  await receipt.getByTestId('delete-profile').click();
  const refused = page.getByTestId('outcome-delete_profile');
  await expect(refused).toHaveAttribute('data-code', '3002');
  await expect(refused).toHaveAttribute('role', 'alert');
  await expect(page.getByTestId('billing-profile')).toHaveCount(2);

  // The invoice profile, no longer the default, is.
  await invoice.getByTestId('delete-profile').click();
  await expect(page.getByTestId('billing-done')).toBeVisible();
  await expect(page.getByTestId('billing-profile')).toHaveCount(1);
  await expect(receipt).toHaveAttribute('data-default', 'true');

  // Phones: the table is cards, nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});

test('another tab reloads its VAT widget through the reload call when the default profile changes, except on the cart', async ({ page, context, js }) => {
  test.skip(!js, 'a live update needs JavaScript; without it the next page load shows the change');
  await register(page, js, uniqueEmail('vatwidget', js));
  const other = await context.newPage();
  await other.goto('/');
  await hydrated(other, js);
  const cart = await context.newPage();
  await cart.goto('/cart');
  await hydrated(cart, js);
  await expect(other.getByTestId('vat-chip')).toContainText('Με ΦΠΑ 24%');
  const reloads: string[] = [];
  cart.on('request', (r) => (r.url().includes('/api/user/vat-widget') ? reloads.push(r.url()) : undefined));
  const reload = other.waitForResponse((r) => r.url().endsWith('/api/user/vat-widget') && r.request().method() === 'POST');

  // A German business VIES confirms: the first profile is the default, invoiced without VAT.
  await page.goto('/account/billing');
  await hydrated(page, js);
  const add = await fillProfile(page, { name: 'Beispiel Handels GmbH', address: 'Musterstraße 12', city: 'Berlin', zip: '10115', invoice: { vatNumber: 'DE123456789', taxOffice: '' } });
  await add.getByTestId('profile-country').selectOption('DE');
  await page.getByTestId('profile-save').click();
  const profile = page.getByTestId('billing-profile').filter({ hasText: 'Beispiel Handels GmbH' });
  await expect(profile).toHaveAttribute('data-default', 'true');
  await expect(profile.getByTestId('vies-evidence')).toContainText('WAPI');

  // The other tab asked the reload call and shows prices without VAT, forced; the cart did not ask.
  const answer = (await (await reload).json()) as { success: boolean; data: { billingProfile: { vat_waived: boolean; rate: string; type: string } } };
  expect(answer).toMatchObject({ success: true, data: { billingProfile: { vat_waived: true, rate: '1.00', type: 'inv' } } });
  await expect(other.getByTestId('vat-chip')).toContainText('Χωρίς ΦΠΑ');
  await other.getByTestId('vat-chip').click();
  await expect(other.getByTestId('vat-modal').getByTestId('vat-profile')).toContainText('Beispiel Handels GmbH');
  expect(reloads).toEqual([]);
});
