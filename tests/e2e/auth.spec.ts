import { expect, hydrated, PORT, test } from './fixtures';
import { adminLogin } from './staff';

const DEMO = { email: 'demo@example.gr', password: 'Demo-Pelatis-2026' };

test('a customer logs in, sees the account, and logs out', async ({ page, js }) => {
  await page.goto('/auth/login?redirectTo=/account');
  await hydrated(page, js);
  // Sent empty: the same error summary with and without JavaScript (issue #25 §5), a link per field;
  // with JavaScript it takes the focus, and a link takes the focus to its field.
  await page.getByTestId('login-submit').click();
  const summary = page.locator('main').getByTestId('error-summary');
  await expect(summary).toBeVisible();
  await expect(summary.getByRole('link')).toHaveCount(2);
  if (js) {
    await expect(summary).toBeFocused();
    await summary.getByRole('link').first().click();
    await expect(page.locator('main').getByLabel('E-mail')).toBeFocused();
  }
  await page.locator('main').getByLabel('E-mail').fill(DEMO.email);
  await page.locator('main').getByLabel('Κωδικός πρόσβασης').fill('wrong-password-1');
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('login-alert')).toContainText('δεν είναι σωστά');
  // Nothing is lost: the e-mail is still there.
  await expect(page.locator('main').getByLabel('E-mail')).toHaveValue(DEMO.email);
  await page.locator('main').getByLabel('Κωδικός πρόσβασης').fill(DEMO.password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByTestId('account-email')).toContainText('επαληθευμένο');
  await hydrated(page, js);
  await page.getByTestId('side-nav-toggle').click();
  await expect(page.getByTestId('account-name')).toContainText('Μαρία Παπαδοπούλου');
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/account');
  await expect(page).toHaveURL(/\/auth\/login\?redirectTo=%2Faccount$/);
});

test('a logout in one tab reloads the other tab of the browser', async ({ page, context, js }) => {
  test.skip(!js, 'the other tab learns through the live channel');
  await page.goto('/auth/login');
  await page.locator('main').getByLabel('E-mail').fill(DEMO.email);
  await page.locator('main').getByLabel('Κωδικός πρόσβασης').fill(DEMO.password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/$/);
  const other = await context.newPage();
  await other.goto('/ssl');
  await other.waitForFunction(() => document.documentElement.dataset.live === 'open');
  await other.getByTestId('side-nav-toggle').click();
  await expect(other.getByTestId('account-name')).toBeVisible();
  await page.goto('/');
  await hydrated(page, js);
  await page.getByTestId('side-nav-toggle').click();
  await page.getByTestId('logout').click();
  // The other tab reloads by itself and shows a guest.
  await expect(other.getByTestId('account-name')).toHaveCount(0, { timeout: 10_000 });
  await expect(other).toHaveURL(/\/ssl$/);
});

test('a customer is refused on the admin host', async ({ page }) => {
  await page.goto('/auth/login');
  await page.locator('main').getByLabel('E-mail').fill(DEMO.email);
  await page.locator('main').getByLabel('Κωδικός πρόσβασης').fill(DEMO.password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/$/);
  // admin.localhost resolves to loopback in Chromium; the session cookie is host-only, so log in there.
  await page.goto(`http://admin.localhost:${PORT}/auth/login`);
  await page.locator('main').getByLabel('E-mail').fill(DEMO.email);
  await page.locator('main').getByLabel('Κωδικός πρόσβασης').fill(DEMO.password);
  await page.getByTestId('login-submit').click();
  // Wait for the login to land: going on at once would abort it and meet the login page instead.
  await expect(page).toHaveURL(`http://admin.localhost:${PORT}/`);
  await page.goto(`http://admin.localhost:${PORT}/admin`);
  await expect(page.getByTestId('access-denied')).toBeVisible();
});

test('an admin reaches the admin area on the admin host with the authenticator code', async ({ page }) => {
  // Waiting for a free 30-second step of the code can take up to a minute.
  test.setTimeout(90_000);
  await adminLogin(page, '/admin');
  await expect(page.getByTestId('admin-home')).toBeVisible();
  await page.getByTestId('staff-menu-audit').click();
  await expect(page.getByTestId('admin-audit')).toBeVisible();
});
