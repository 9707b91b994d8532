// Issue #24 §3, spec §4 "GDPR approval at login": a seeded customer who has not approved the privacy
// policy logs in; the form becomes the two agreement checkboxes with the button relabelled (disabled
// until both are checked with JavaScript; without it the server answers 43006 and keeps the form open);
// no session exists until the approval, and the approval logs in.
import { expect, hydrated, test } from './fixtures';
import { main } from './flows';

test('a customer who has not approved the privacy policy approves it at login', async ({ page, context, js }) => {
  const email = js ? 'irini@example.gr' : 'stavros@example.gr';
  await page.goto('/auth/login');
  await hydrated(page, js);
  await main(page).getByLabel('E-mail').fill(email);
  await main(page).getByLabel('Κωδικός πρόσβασης').fill('Demo-Pelatis-2026');
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('gdpr-approval')).toBeVisible();
  const button = page.getByTestId('login-submit');
  await expect(button).toHaveText('Αποδοχή και σύνδεση');
  // Going elsewhere gets round nothing: there is no session yet.
  const other = await context.newPage();
  await other.goto('/account');
  await expect(other).toHaveURL(/\/auth\/login/);
  await other.close();
  const processing = page.getByLabel(/Συναινώ στην επεξεργασία/);
  const validity = page.getByLabel(/Βεβαιώνω ότι τα στοιχεία/);
  if (js) {
    await expect(button).toBeDisabled();
    await processing.check();
    await expect(button).toBeDisabled();
  } else {
    // Without JavaScript the server checks the boxes: 43006 keeps the form open.
    await button.click();
    await expect(page.locator('[data-code="43006"]')).toBeVisible();
    await expect(page.getByTestId('gdpr-approval')).toBeVisible();
    await processing.check();
  }
  await validity.check();
  await expect(button).toBeEnabled();
  await button.click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/account');
  await expect(page).toHaveURL(/\/account$/);
});
