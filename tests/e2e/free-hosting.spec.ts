// Issue #23 §3 in the browser, with JavaScript on and off (the two projects): the demo customer turns
// on free hosting for a name on our nameservers, sees its fields and panel password, and turns it off
// again (the delete-after notice). With JavaScript a second tab of the same browser follows live: the
// created event refreshes every field, the status update only the label. Each project works on its
// own seeded name (ergastirio.gr / ergastirio.com) so the two runs never meet.
import type { Page } from '@playwright/test';
import { expect, hydrated, test } from './fixtures';
import { signedIn } from './sessions';

async function liveOpen(page: Page, js: boolean) {
  await hydrated(page, js);
  if (js) await page.waitForFunction(() => document.documentElement.dataset.live === 'open');
}

test('free hosting: enable, see the fields and password, a second tab follows; disable with its deletion date', async ({ page, js }) => {
  const path = `/account/domains/${js ? 'ergastirio.gr' : 'ergastirio.com'}/hosting`;
  await signedIn(page, 'demo', path);
  const toggle = page.getByTestId('free-hosting-toggle');
  const status = page.getByTestId('free-hosting-status');
  await liveOpen(page, js);
  // A repeated run on the same server finds it on: start from off.
  if ((await toggle.getAttribute('aria-pressed')) === 'true') {
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  }

  const other = await page.context().newPage();
  await other.goto(path);
  await liveOpen(other, js);
  await expect(other.getByTestId('free-hosting-fields')).toHaveCount(0);

  await toggle.click();
  await expect(page.getByTestId('free-hosting-outcome')).toContainText('ενεργοποιήθηκε');
  await expect(status).toHaveAttribute('data-state', 'active');
  await expect(status).toHaveAttribute('data-type', 'success');
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('free-hosting-delete-at')).toHaveCount(0);
  await expect(page.getByTestId('free-hosting-field-username')).toContainText('ergast');
  await page.getByTestId('free-hosting-field-passwd').getByText('Εμφάνιση κωδικού').click();
  await expect(page.getByTestId('free-hosting-password')).toHaveText(/^.{8,16}$/);

  if (js) {
    // The other tab was not reloaded: the created event brought every field.
    await expect(other.getByTestId('free-hosting-status')).toHaveAttribute('data-state', 'active');
    await expect(other.getByTestId('free-hosting-field-username')).toContainText('ergast');
    await expect(other.getByTestId('free-hosting-toggle')).toHaveAttribute('aria-pressed', 'true');
  }

  await toggle.click();
  await expect(page.getByTestId('free-hosting-outcome')).toContainText('απενεργοποιήθηκε');
  await expect(status).toHaveAttribute('data-state', 'disabled');
  await expect(status).toHaveAttribute('data-type', 'warning');
  await expect(page.getByTestId('free-hosting-delete-at')).toContainText('θα διαγραφούν');

  if (js) {
    // A status update changes the other tab's label only.
    await expect(other.getByTestId('free-hosting-status')).toHaveAttribute('data-state', 'disabled');
    await expect(other.getByTestId('free-hosting-status')).toHaveText('Απενεργοποιημένη');
  } else {
    await other.reload();
    await expect(other.getByTestId('free-hosting-delete-at')).toBeVisible();
  }
  await other.close();
});
