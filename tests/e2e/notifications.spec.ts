// The notification centre in a browser (issue #24 §1, decision 073). With JavaScript: a notice raised
// for the demo account appears live in a second tab (the bell rises, the flash notice shows), and its
// deletion from that tab removes it from the first tab's list. Without JavaScript: the page's plain
// forms mark a notice read and delete it.
import type { Page } from '@playwright/test';
import { expect, hydrated, test } from './fixtures';
import { DEMO, signedIn } from './sessions';

async function raise(page: Page, name: string, displayOnScreen: boolean): Promise<number> {
  const token = await page.locator('input[name="_token"]').first().inputValue();
  const res = await page.request.post('/api/dev/notification', { data: { _token: token, email: DEMO.email, name, display_on_screen: displayOnScreen } });
  expect(res.ok()).toBe(true);
  return (await res.json()).data.notification_id as number;
}

const bellCount = async (page: Page) => Number((await page.getByTestId('notification-bell').getAttribute('data-count')) ?? '0');

test('a new notice reaches a second tab live, and its deletion there leaves the first tab', async ({ page, js }) => {
  test.skip(!js, 'live events need JavaScript');
  await signedIn(page, 'demo', '/account/notifications');
  await hydrated(page, js);
  const second = await page.context().newPage();
  await second.goto('/account');
  await hydrated(second, js);
  await second.waitForFunction(() => document.documentElement.dataset.live === 'open');
  await page.waitForFunction(() => document.documentElement.dataset.live === 'open');
  const before = await bellCount(second);
  const name = `live-${Date.now()}.gr`;
  const id = await raise(page, name, true);
  // The second tab: the bell rises and the flash notice shows.
  await expect(second.getByTestId('notification-bell')).toHaveAttribute('data-count', String(before + 1));
  await expect(second.getByTestId('alerts').getByText(name)).toBeVisible();
  // The first tab (on the list) shows it, then loses it when the second tab deletes it.
  const row = page.locator(`[data-testid="notification"][data-id="${id}"]`);
  await expect(row).toBeVisible();
  await second.goto('/account/notifications');
  await hydrated(second, js);
  await second.locator(`[data-testid="notification"][data-id="${id}"]`).getByTestId('notification-delete').click();
  await expect(second.locator(`[data-testid="notification"][data-id="${id}"]`)).toHaveCount(0);
  await expect(row).toHaveCount(0);
  await second.close();
});

test('marks a notice read and deletes it with plain forms', async ({ page, js }) => {
  test.skip(js, 'the no-JavaScript page');
  await signedIn(page, 'demo', '/account/notifications');
  const name = `plain-${Date.now()}.gr`;
  const id = await raise(page, name, false);
  await raise(page, `other-${name}`, false);
  await page.goto('/account/notifications?type=3');
  const row = page.locator(`[data-testid="notification"][data-id="${id}"]`);
  await expect(row).toHaveAttribute('data-read', 'false');
  const before = await bellCount(page);
  await row.getByTestId('notification-read').click();
  await expect(page.getByTestId('notifications-outcome')).toBeVisible();
  await expect(row).toHaveAttribute('data-read', 'true');
  expect(await bellCount(page)).toBe(before - 1);
  await row.getByTestId('notification-delete').click();
  await expect(page.getByTestId('notifications-outcome')).toBeVisible();
  await expect(row).toHaveCount(0);
  // 'Delete all' asks first, on its own page.
  await page.getByTestId('delete-all').click();
  await expect(page.getByTestId('delete-all-page')).toBeVisible();
});
