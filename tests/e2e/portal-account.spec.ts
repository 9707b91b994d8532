// The account as nested routes (issue #12 §1, decision 036), with JavaScript on and off (the two
// projects): the areas through the account's navigation, the openPref cookie opening the preferences,
// an old `?tab=` URL landing on its page, no sideways scroll at 390 px, and a billing profile edited.
import { expect, hydrated, PORT, test } from './fixtures';
import { fillProfile, main } from './flows';
import { signedIn } from './sessions';

const AREAS = [
  { key: 'orders', path: '/account/orders', panel: 'panel-orders' },
  { key: 'billing', path: '/account/billing', panel: 'panel-billing' },
  { key: 'security', path: '/account/security', panel: 'panel-security' },
  { key: 'preferences', path: '/account/preferences', panel: 'panel-preferences' },
  { key: 'sessions', path: '/account/sessions', panel: 'panel-sessions' },
  { key: 'overview', path: '/account', panel: 'panel-profile' },
];

test.beforeEach(async ({ page }) => {
  await signedIn(page, 'demo');
});

test('the account areas open through the account navigation', async ({ page, js }) => {
  await page.goto('/account');
  await hydrated(page, js);
  await expect(page.getByTestId('account-holder')).toContainText('Μαρία Παπαδοπούλου');
  for (const area of AREAS) {
    await page.getByTestId('account-nav').getByTestId(`account-nav-${area.key}`).click();
    await expect(page).toHaveURL(new RegExp(`${area.path.replace(/\//g, '\\/')}$`));
    await expect(page.getByTestId(area.panel)).toBeVisible();
    await expect(page.getByTestId(`account-nav-${area.key}`)).toHaveAttribute('aria-current', 'page');
    await expect(main(page).locator('h1')).toHaveCount(1);
  }
  // The credit balance and the sessions list are where the old tabs had them.
  await page.getByTestId('account-nav-billing').click();
  await expect(page.getByTestId('credit-balance')).toHaveAttribute('data-cents', /\d+/);
  await page.getByTestId('account-nav-sessions').click();
  await expect(page.getByTestId('session').filter({ hasText: 'αυτή η συσκευή' })).toHaveCount(1);
});

// One login for the small checks: the machine is shared and logins are the slow part.
test('the openPref cookie opens the preferences once; old ?tab= URLs land on their pages; an unchanged form says so', async ({ page, context, js }) => {
  // Many page visits in one test: 31–34 s at load average ~15 on the 2 cores missed the 30 s default
  // (issue #32 §4). A limit with room, not a speed target.
  test.setTimeout(90_000);
  await context.addCookies([{ name: 'openPref', value: '1', url: `http://localhost:${PORT}` }]);
  await page.goto('/account');
  await expect(page).toHaveURL(/\/account\/preferences$/);
  await expect(page.getByTestId('preferences-save')).toBeVisible();
  expect((await context.cookies()).some((c) => c.name === 'openPref')).toBe(false);
  // With JavaScript the 'no changes' guard answers in the page; without it the server answers.
  await hydrated(page, js);
  await page.getByTestId('preferences-save').click();
  await expect(page.getByTestId(js ? 'no-changes' : 'outcome-preferences')).toBeVisible();
  await page.goto('/account');
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByTestId('panel-profile')).toBeVisible();

  await page.goto('/account?tab=security');
  await expect(page).toHaveURL(/\/account\/security$/);
  await expect(page.getByTestId('panel-security')).toBeVisible();
  await page.goto('/account?tab=billing');
  await expect(page).toHaveURL(/\/account\/billing$/);
  await expect(page.getByTestId('credit-balance')).toBeVisible();

  // No area scrolls sideways on a phone.
  await page.setViewportSize({ width: 390, height: 800 });
  for (const area of AREAS) {
    await page.goto(area.path);
    await expect(page.getByTestId(area.panel)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), area.path).toBeLessThanOrEqual(390);
  }
});

test('a billing profile is added, edited through its row and deleted', async ({ page, js }) => {
  const name = `Δοκιμή ${js ? 'js' : 'nojs'} ${Date.now().toString(36)}`;
  await page.goto('/account/billing');
  await hydrated(page, js);
  await fillProfile(page, { name, address: 'Ερμού 5', city: 'Αθήνα', zip: '10563' });
  await page.getByTestId('profile-save').click();
  const row = page.getByTestId('billing-profile').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  // The default profile is never deleted (3002, decision 037): when this is the account's first one,
  // another becomes the default first.
  if ((await row.getAttribute('data-default')) === 'true') {
    await fillProfile(page, { name: `Κύριο ${name.slice(7)}`, address: 'Ερμού 5', city: 'Αθήνα', zip: '10563' });
    await page.getByTestId('profile-save').click();
    await page.getByTestId('billing-profile').filter({ hasText: `Κύριο ${name.slice(7)}` }).getByTestId('make-default').click();
    await expect(row).toHaveAttribute('data-default', 'false');
  }
  await row.getByTestId('edit-profile-link').click();
  const edit = page.getByTestId('edit-profile');
  await expect(edit.getByLabel('Διεύθυνση')).toHaveValue('Ερμού 5');
  await edit.getByLabel('Πόλη').fill('Πάτρα');
  await page.getByTestId('profile-update').click();
  await expect(page).toHaveURL(/\/account\/billing\?done=3001$/);
  await expect(page.getByTestId('billing-done')).toBeVisible();
  await expect(page.getByTestId('billing-profile').filter({ hasText: name })).toContainText('Πάτρα');
  await row.getByTestId('delete-profile').click();
  await expect(row).toHaveCount(0);
});
