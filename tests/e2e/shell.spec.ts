import { expect, hydrated, test } from './fixtures';

test('a global notification shows as a flash notice on an open page', async ({ page, js }) => {
  test.skip(!js, 'live events need JavaScript');
  await page.goto('/ssl');
  await hydrated(page, js);
  await page.waitForFunction(() => document.documentElement.dataset.live === 'open');
  const token = await page.locator('input[name="_token"]').first().inputValue();
  const res = await page.request.post('/api/dev/global-notification', { data: { _token: token, display: 'Προγραμματισμένη συντήρηση απόψε στις 23:00', tone: 'warning' } });
  expect(res.ok()).toBe(true);
  const alert = page.getByTestId('alerts').getByText('Προγραμματισμένη συντήρηση απόψε στις 23:00');
  await expect(alert).toBeVisible();
  await expect(page.getByTestId('alerts').locator('[data-alert-type="warning"]')).toHaveCount(1);
});

test('main navigation dropdowns open with an overlay', async ({ page, js }) => {
  await page.goto('/');
  await hydrated(page, js);
  const overlay = page.getByTestId('nav-overlay');
  await expect(overlay).toBeHidden();
  await page.getByRole('navigation', { name: 'Κύρια πλοήγηση' }).getByText('Servers', { exact: true }).click();
  await expect(page.getByRole('link', { name: /Cloud VPS/ }).first()).toBeVisible();
  await expect(overlay).toBeVisible();
  if (js) {
    await page.keyboard.press('Escape');
    await expect(overlay).toBeHidden();
  }
});

test('the banner carousel steps, and a dismissed banner stays hidden for the session', async ({ page, js }) => {
  await page.goto('/');
  await hydrated(page, js);
  const current = page.getByTestId('banner-current');
  const first = await current.getAttribute('data-slug');
  if (js) {
    await page.getByTestId('banner-down').click();
    await expect(current).not.toHaveAttribute('data-slug', first!);
    await page.getByTestId('banner-up').click();
    await expect(current).toHaveAttribute('data-slug', first!);
  }
  await page.getByTestId('banner-dismiss').click();
  await expect(page.locator(`[data-slug="${first}"]`)).toHaveCount(0);
  await page.goto('/ssl');
  await expect(page.getByTestId('banner-current')).not.toHaveAttribute('data-slug', first!);
});

test('the toolbox opens with its support slides and partners', async ({ page, js }) => {
  await page.goto('/');
  await hydrated(page, js);
  const toggle = page.getByTestId('toolbox-toggle');
  await expect(toggle).toHaveAttribute('title', 'Εργαλειοθήκη');
  await toggle.click();
  await expect(page.getByTestId('support-slide')).toBeVisible();
  if (js) {
    await expect(toggle).toHaveAttribute('title', 'Κλείσιμο της εργαλειοθήκης');
    const track = page.getByTestId('partners-track');
    await expect(track).toBeVisible();
    await page.getByTestId('partners-next').click();
    await expect.poll(() => track.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  }
});

test('back to top appears after scrolling on large screens', async ({ page, js }) => {
  test.skip(!js, 'the scroll rule needs JavaScript');
  await page.goto('/domains/prices');
  await hydrated(page, js);
  const button = page.getByTestId('back-to-top');
  await expect(button).not.toHaveClass(/is-visible/);
  await page.mouse.wheel(0, 3000);
  await expect(button).toHaveClass(/is-visible/);
  await button.click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeLessThan(10);
});

test('an unknown page answers 404 inside the shell', async ({ page }) => {
  const res = await page.goto('/no-such-page');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Η σελίδα δεν βρέθηκε');
  await expect(page.getByTestId('site-header')).toBeVisible();
});
