// Billing profiles, complete (issue #13 §1, decision 037), with JavaScript on and off (the two
// projects): an invoice profile with ΑΦΜ and a ΔΟΥ chosen from AADE's list, a receipt profile set as
// the default, the default's deletion refused with the 3002 alert, the other one deleted, and the
// list readable at 390 px without sideways scrolling.
import { expect, hydrated, test, uniqueEmail } from './fixtures';
import { register } from './flows';

test('an invoice profile with ΑΦΜ and ΔΟΥ, set as default, the default not deleted', async ({ page, js }) => {
  await register(page, js, uniqueEmail('billing', js));
  await page.goto('/account/billing');
  await hydrated(page, js);

  // The first profile: an invoice with a ΑΦΜ and its ΔΟΥ from the grouped list.
  const add = page.getByTestId('new-profile');
  if ((await add.getAttribute('open')) === null) await add.locator('summary').click();
  await add.getByTestId('type-INV').check();
  await add.getByLabel('Ονοματεπώνυμο ή επωνυμία').fill('Καφενείο Ο.Ε.');
  await add.getByLabel('ΑΦΜ / αριθμός ΦΠΑ').fill('090000045');
  const office = add.getByLabel('ΔΟΥ');
  await expect(office.locator('optgroup[label="Αττική"] option[value="1101"]')).toHaveText('Α΄ Αθηνών');
  await office.selectOption('1101');
  await add.getByLabel('Επάγγελμα (προαιρετικά)').fill('Καφενείο');
  await add.getByLabel('Διεύθυνση').fill('Ερμού 5');
  await add.getByLabel('Πόλη').fill('Αθήνα');
  await add.getByLabel('Τ.Κ.').fill('10563');
  await page.getByTestId('profile-save').click();
  const invoice = page.getByTestId('billing-profile').filter({ hasText: 'Καφενείο Ο.Ε.' });
  await expect(invoice).toContainText('090000045');
  await expect(invoice).toContainText('Α΄ Αθηνών');
  await expect(invoice).toHaveAttribute('data-default', 'true');

  // A receipt profile, made the default.
  const again = page.getByTestId('new-profile');
  if ((await again.getAttribute('open')) === null) await again.locator('summary').click();
  await again.getByLabel('Ονοματεπώνυμο ή επωνυμία').fill('Ελένη Νικολάου');
  await again.getByLabel('Διεύθυνση').fill('Ερμού 7');
  await again.getByLabel('Πόλη').fill('Αθήνα');
  await again.getByLabel('Τ.Κ.').fill('10563');
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
