// Issue #23 §2, with JavaScript on and off: staff find a hosting service in the back office, suspend
// it with a reason (the app's dialog with JavaScript, the confirmation on the page without), see it
// in the service's history, and lift the suspension. Each project works on its own seeded portfolio
// service, so the two runs never meet.
import { expect, hydrated, test } from './fixtures';
import { signedIn } from './sessions';

test('staff suspend a service with a reason and unsuspend it', async ({ page, js }) => {
  test.setTimeout(60_000);
  const name = js ? 'pf-hosting-0001.gr' : 'pf-hosting-0002.gr';
  await signedIn(page, 'staff', '/admin/hosting');
  await page.getByTestId('hosting-q').fill(name);
  await page.getByTestId('list-filter-submit').click();
  await expect(page.getByTestId('hosting-row')).toHaveCount(1);
  await page.getByTestId('hosting-link').click();
  await expect(page.getByTestId('hosting-status')).toHaveText('Ενεργή');
  await hydrated(page, js);

  await page.getByTestId('action-suspend').click();
  // With JavaScript the app's dialog asks; without it, the confirmation stands on the page.
  if (js) await expect(page.getByTestId('confirm-dialog')).toBeVisible();
  else await expect(page.getByTestId('confirm-panel')).toBeVisible();
  await page.getByTestId('action-reason').fill('Αναφορά κατάχρησης (e2e)');
  await page.getByTestId('confirm-suspend').click();
  await expect(page.getByTestId('hosting-done')).toHaveText('Η υπηρεσία ανεστάλη.');
  await expect(page.getByTestId('hosting-status')).toHaveText('Σε αναστολή');
  await expect(page.getByTestId('hosting-history')).toContainText('Αναφορά κατάχρησης (e2e)');

  await hydrated(page, js);
  await page.getByTestId('action-unsuspend').click();
  await page.getByTestId('confirm-unsuspend').click();
  await expect(page.getByTestId('hosting-done')).toHaveText('Η αναστολή άρθηκε.');
  await expect(page.getByTestId('hosting-status')).toHaveText('Ενεργή');
});
