// Issue #22 §1 as a new member of staff meets it, with JavaScript on and off: an admin invites a
// support member on /admin/staff; the invitee opens the link from the sandbox mailbox, sets a name and
// a password, logs in, is sent to the two-factor enrolment first, enrols, and then sees the back
// office without its money screens (175) or the staff screen.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { totp } from '../../core/totp';
import { expect, hydrated, PORT, test, uniqueEmail } from './fixtures';
import { mailLink } from './flows';
import { axeFindings } from './quality-checks';
import { SCREENS } from './quality-paths';
import { signedIn } from './sessions';

const ADMIN = `http://admin.localhost:${PORT}`;
const PASSWORD = 'Kalimera-Thalassa-42!';

test('an admin invites a support member, who accepts through the e-mailed link, enrols two-factor and reads without money actions', async ({ page, js, browser }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('staffinvite', js);

  await signedIn(page, 'staff', '/admin/staff');
  await hydrated(page, js);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Προσωπικό');
  await page.getByLabel('E-mail').fill(email);
  await page.getByTestId('staff-invite-group').selectOption('support');
  await page.getByTestId('staff-invite-submit').click();
  await expect(page.getByTestId('staff-done')).toContainText(email);
  await expect(page.locator('[data-testid="staff-invitation"]').filter({ hasText: email })).toBeVisible();

  const link = await mailLink(page, email, 'staff_invitation');
  expect(link.startsWith(`${ADMIN}/admin/invitation?t=`)).toBe(true);

  // The invitee, in a browser of their own.
  const context = await browser.newContext({ javaScriptEnabled: js, locale: 'el-GR' });
  const invitee = await context.newPage();
  await invitee.goto(link);
  await hydrated(invitee, js);
  await expect(invitee.getByTestId('staff-accept-intro')).toContainText(email);
  await invitee.getByLabel('Όνομα', { exact: true }).fill('Σοφία');
  await invitee.getByLabel('Επώνυμο').fill('Νέα');
  await invitee.getByLabel('Κωδικός πρόσβασης', { exact: true }).fill(PASSWORD);
  await invitee.getByLabel('Επιβεβαίωση κωδικού').fill(PASSWORD);
  await invitee.getByTestId('staff-accept-gdpr').check();
  if (js) {
    expect(await axeFindings(invitee)).toEqual([]);
    mkdirSync(SCREENS, { recursive: true });
    await invitee.setViewportSize({ width: 390, height: 844 });
    await invitee.screenshot({ path: join(SCREENS, 'staff-invitation-form-390.png'), fullPage: true });
    await invitee.setViewportSize({ width: 1366, height: 900 });
    await invitee.screenshot({ path: join(SCREENS, 'staff-invitation-form-1366.png'), fullPage: true });
  }
  await invitee.getByTestId('staff-accept-submit').click();
  await expect(invitee.getByTestId('staff-accept-done')).toBeVisible();

  // The link is good once.
  await invitee.goto(link);
  await expect(invitee.getByTestId('staff-accept-invalid')).toBeVisible();

  // The first login leads to the enrolment before anything else.
  await invitee.goto(`${ADMIN}/auth/login?redirectTo=${encodeURIComponent('/admin/search')}`);
  await hydrated(invitee, js);
  await invitee.locator('main').getByLabel('E-mail').fill(email);
  await invitee.locator('main').getByLabel('Κωδικός πρόσβασης').fill(PASSWORD);
  await invitee.getByTestId('login-submit').click();
  await expect(invitee).toHaveURL(/\/admin\/two-factor/);
  const secret = (await invitee.getByTestId('totp-secret').getAttribute('data-secret')) ?? '';
  await invitee.locator('main').getByLabel('Κωδικός από την εφαρμογή').fill(await totp(secret, Date.now()));
  await invitee.getByTestId('totp-confirm').click();
  await expect(invitee).toHaveURL((u) => u.pathname === '/admin/search');

  // Support reads: the search finds the admin's own account …
  await invitee.getByTestId('admin-search-q').fill('admin@example.gr');
  await invitee.getByTestId('admin-search-submit').click();
  await expect(invitee).toHaveURL((u) => u.pathname.startsWith('/admin/customers/') || u.pathname === '/admin/search');
  // … and neither the money screens nor the staff screen open (175).
  for (const path of ['/admin/documents', '/admin/staff']) {
    const res = await invitee.goto(`${ADMIN}${path}`);
    expect(res?.status(), path).toBe(403);
  }
  await context.close();

  // The admin sees the new member, without two-factor pending any more.
  await page.goto(`${ADMIN}/admin/staff`);
  const row = page.locator(`[data-testid="staff-member"][data-email="${email}"]`);
  await expect(row).toHaveAttribute('data-group', 'support');
  await expect(row.getByTestId('staff-two-factor')).toHaveAttribute('data-enrolled', 'true');
});
