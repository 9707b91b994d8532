// Issue #22 §1 as a member of staff meets it, with JavaScript on and off: the back office's own frame
// (staff header with name and group, the side menu; no storefront chrome), live events on the admin
// host, the orders opened from the menu at 1366 px and the dashboard from the phone's drawer at 390 px.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, hydrated, test } from './fixtures';
import { SCREENS } from './quality-paths';
import { signedIn } from './sessions';
import { DEMO_ADMIN } from './staff';

test('staff see who is signed in and the side menu, and open the orders from it', async ({ page, js }) => {
  await signedIn(page, 'staff', '/admin');
  await hydrated(page, js);
  await expect(page.getByTestId('staff-name')).toHaveText(`${DEMO_ADMIN.firstName} ${DEMO_ADMIN.lastName}`);
  await expect(page.getByTestId('staff-group')).toHaveText('Διαχειριστής');
  await expect(page.getByTestId('work-queues')).toBeVisible();
  for (const id of ['site-header', 'site-footer', 'cookie-notice', 'header-cart', 'toolbox', 'banner-carousel']) await expect(page.getByTestId(id)).toHaveCount(0);
  // The live channel opens on the admin host too (the user room: its open event sets data-live).
  if (js) await expect(page.locator('html')).toHaveAttribute('data-live', 'open');
  mkdirSync(SCREENS, { recursive: true });
  await page.screenshot({ path: join(SCREENS, `admin-shell-dashboard-${js ? 'js' : 'nojs'}-1366.png`), fullPage: true });

  await page.getByTestId('staff-menu-orders').click();
  await expect(page.getByTestId('admin-orders')).toBeVisible();
  await expect(page.getByTestId('staff-menu-orders')).toHaveAttribute('aria-current', 'page');

  // On a phone the menu is a disclosure above the page, opened and followed without JavaScript too.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('staff-nav')).toBeHidden();
  await page.getByTestId('staff-menu-drawer').locator('summary').click();
  await page.getByTestId('staff-menu-mobile-dashboard').click();
  await expect(page.getByTestId('admin-home')).toBeVisible();
  await page.screenshot({ path: join(SCREENS, `admin-shell-dashboard-${js ? 'js' : 'nojs'}-390.png`), fullPage: true });
});
