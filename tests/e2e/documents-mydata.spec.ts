// Issue #13 §4 as staff meet it, with JavaScript on and off: a customer's bank transfer is confirmed,
// the receipt reaches the myDATA sandbox (right after payment, or by the 5-minute cron), and on
// /admin/mydata staff see it with its MARK and cancel it at AADE.
import { expect, hydrated, PORT, test, uniqueEmail } from './fixtures';
import { buyDomain, register, uniqueName } from './flows';
import { mkdirSync, writeFileSync } from 'node:fs';
import { axeFindings, vnuErrors } from './quality-checks';
import { signedIn } from './sessions';

test('staff see a paid receipt transmitted to myDATA with its MARK and cancel it at AADE', async ({ page, js, browser }) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('mydata', js);
  await register(page, js, email);
  const orderId = await buyDomain(page, js, `${uniqueName('mydata')}.gr`, 'bank_transfer', { name: 'Νίκος Ιωάννου', address: 'Τσιμισκή 10', city: 'Θεσσαλονίκη', zip: '54622' });

  const context = await browser.newContext({ javaScriptEnabled: js });
  const staff = await context.newPage();
  await signedIn(staff, 'staff', '/admin/orders');
  await hydrated(staff, js);
  await staff.getByTestId(`bank-received-${orderId}`).click();
  await expect(staff.getByTestId('admin-done')).toContainText(`#${orderId}`);

  // The cron sends what is pending (the order service may have sent it already: then nothing to do).
  const cron = await page.request.get(`http://localhost:${PORT}/__scheduled?cron=${encodeURIComponent('*/5 * * * *')}`);
  expect(cron.ok()).toBe(true);

  await staff.goto(`http://admin.localhost:${PORT}/admin/mydata`);
  await expect(staff.getByRole('heading', { level: 1 })).toHaveText('Διαβίβαση στο myDATA');
  await expect(staff.getByTestId('mydata-count-sent')).toBeVisible();
  const row = staff.locator('[data-testid^="mydata-sent-"]').filter({ hasText: email });
  await expect(row).toHaveAttribute('data-status', 'sent');
  await expect(row).toHaveAttribute('data-number', /^REC-\d+$/);
  await expect(row.getByTestId('mydata-mark')).toHaveText(/^\d{15}$/);
  const number = (await row.getAttribute('data-number'))!;
  await hydrated(staff, js);
  await row.locator('[data-testid^="mydata-cancel-"]').click();
  await expect(staff.getByTestId('mydata-done')).toContainText(`Το ${number} ακυρώθηκε στην ΑΑΔΕ`);
  await expect(staff.locator('[data-testid^="mydata-sent-"]').filter({ hasText: email })).toHaveAttribute('data-status', 'cancelled');
  for (const width of [390, 1366]) {
    await staff.setViewportSize({ width, height: 900 });
    await staff.screenshot({ path: `test-results/screens/admin-mydata-${js ? 'js' : 'nojs'}-${width}.png`, fullPage: true });
    // No sideways scroll, even with a long e-mail address.
    expect(await staff.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  }
  // The quality layer's checks on this page with its rows: axe (WCAG 2.2 AA) and the served HTML valid.
  // (axe runs inside the page: only where scripts run.)
  if (js) expect(await axeFindings(staff)).toEqual([]);
  const html = await (await staff.goto(`http://admin.localhost:${PORT}/admin/mydata`))!.text();
  mkdirSync('test-results/html', { recursive: true });
  const file = `test-results/html/admin-mydata-${js ? 'js' : 'nojs'}.html`;
  writeFileSync(file, html);
  expect(vnuErrors([file]).report).toEqual([]);
  await context.close();
});
