// Issue #33 §3 as a member of staff meets it, with JavaScript on and off: the e-mail log from the side
// menu, searched by the customer's address, a message opened as the customer received it (the HTML in
// its sandboxed frame, the text part), and sent again, which shows the new message with what it repeats.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, hydrated, test } from './fixtures';
import { devMail } from './flows';
import { SCREENS } from './quality-paths';
import { signedIn } from './sessions';

test('staff find a message in the e-mail log, read it as it was sent and send it again', async ({ page, js }) => {
  await signedIn(page, 'staff', '/admin');
  const to = `log-${js ? 'js' : 'nojs'}-${Date.now()}@example.gr`;
  // A message of the queue without a purchase first: a template's example, through the dev API.
  const id = await devMail(page, to);

  await hydrated(page, js);
  await page.getByTestId('staff-menu-mail').click();
  await expect(page.getByTestId('admin-mail')).toBeVisible();
  await page.getByTestId('mail-q').fill(to);
  await page.getByTestId('mail-filters').getByTestId('list-filter-submit').click();
  await expect(page).toHaveURL(/[?&]q=/);
  const row = page.getByTestId('mail-row');
  await expect(row).toHaveCount(1);
  await expect(row).toHaveAttribute('data-id', String(id));
  await expect(row.getByTestId('mail-template')).toHaveText('Ειδοποίηση αλλαγής κωδικού');
  await expect(row.getByTestId('mail-status')).toHaveText('Στάλθηκε');
  mkdirSync(SCREENS, { recursive: true });
  await page.screenshot({ path: join(SCREENS, `admin-mail-log-${js ? 'js' : 'nojs'}-1366.png`), fullPage: true });

  await row.getByTestId('mail-link').click();
  await expect(page.getByTestId('admin-mail-message')).toHaveAttribute('data-id', String(id));
  await expect(page.getByTestId('mail-to')).toHaveText(to);
  // The HTML as the customer's client draws it, inside its frame; the text part beside it.
  await expect(page.frameLocator('[data-testid="mail-html"]').locator('h1')).toContainText('κωδικός');
  await expect(page.getByTestId('mail-text')).toContainText('Ο κωδικός πρόσβασής σας');
  await page.screenshot({ path: join(SCREENS, `admin-mail-message-${js ? 'js' : 'nojs'}-1366.png`), fullPage: true });

  await hydrated(page, js);
  await page.getByTestId('mail-resend').click();
  await expect(page.getByTestId('mail-resent')).toBeVisible();
  await expect(page.getByTestId('admin-mail-message')).not.toHaveAttribute('data-id', String(id));
  await expect(page.getByTestId('mail-resent-of')).toHaveText(`#${id}`);
  await expect(page.getByTestId('mail-to')).toHaveText(to);
});
