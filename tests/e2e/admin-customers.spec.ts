// Issue #22 §2 and §3, with JavaScript on and off: staff disable a customer in one browser and the
// customer's own browser is logged out: live with JavaScript (its open tab hears the logout and
// reloads), on its next request without. Either way the customer learns why (2011's alert).
import { expect, hydrated, test, uniqueEmail } from './fixtures';
import { register } from './flows';
import { signedIn } from './sessions';

const SUSPENDED = 'Ο λογαριασμός σας έχει ανασταλεί';

test('staff disable a customer, whose other browser is logged out and told why', async ({ browser, page, js }) => {
  test.setTimeout(90_000);
  // The customer's browser: a fresh account, on its account page.
  const email = uniqueEmail('disable', js);
  await register(page, js, email);
  await page.goto('/account');
  await hydrated(page, js);

  // Staff, in a browser of their own, find the customer and disable them.
  const staffContext = await browser.newContext({ javaScriptEnabled: js });
  const staff = await staffContext.newPage();
  await signedIn(staff, 'staff', '/admin/customers');
  await staff.getByTestId('customers-q').fill(email);
  await staff.getByTestId('list-filter-submit').click();
  await expect(staff.getByTestId('customer-row')).toHaveCount(1);
  await staff.getByTestId('customer-link').click();
  await expect(staff.getByTestId('customer-email')).toContainText(email);
  await expect(staff.getByTestId('customer-session')).toHaveCount(1);
  await hydrated(staff, js);
  await staff.getByTestId('status-change').click();
  // With JavaScript the app's dialog asks; without it, a page of its own. The same question either way.
  if (js) await expect(staff.getByTestId('status-dialog')).toBeVisible();
  else await expect(staff.getByTestId('admin-customer-status')).toBeVisible();
  await expect(staff.getByTestId('status-question')).toHaveText('Είστε σίγουροι ότι θέλετε να απενεργοποιήσετε τον χρήστη Νίκος Ιωάννου;');
  await staff.getByTestId('status-confirm').click();
  await expect(staff.getByTestId('customer-done')).toBeVisible();
  await expect(staff.getByTestId('customer-status')).toHaveAttribute('data-status', 'suspended');
  await expect(staff.getByTestId('customer-sessions-empty')).toBeVisible();

  // The customer's browser: with JavaScript the open tab reloads by itself; without, the next request.
  if (!js) await page.reload();
  await expect(page).toHaveURL(/\/auth\/login\?redirectTo=%2Faccount/);
  await expect(page.getByTestId('alerts')).toContainText(SUSPENDED);
  await staffContext.close();
});
