// Issue #24 §2 in the browser, with JavaScript on and off: subscribe from the footer (the
// confirmation dialog, or its plain page without JavaScript), confirm by the link of the mail read in
// the sandbox mailbox (which shows its RFC 8058 headers), then leave by the one-click link.
import { expect, hydrated, test, uniqueEmail } from './fixtures';

test('subscribe from the footer, confirm from the mailbox, unsubscribe by the one-click link', async ({ page, js }) => {
  const email = uniqueEmail('newsletter', js);
  await page.goto('/');
  await hydrated(page, js);
  await page.getByTestId('footer-newsletter-email').fill(email);
  await page.getByTestId('footer-newsletter-submit').click();
  if (js) await expect(page.getByTestId('newsletter-dialog')).toBeVisible();
  else await expect(page).toHaveURL(/\/newsletter\?email=/);
  await page.getByTestId('newsletter-confirm').click();
  await expect(page.getByTestId('newsletter-outcome')).toHaveAttribute('data-code', '2160');

  // The sandbox mailbox: the confirmation mail with its one-click headers.
  await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
  const mail = page.locator(`[data-testid="mailbox"] li[data-to="${email}"]`).first();
  await expect(mail.locator('[data-header="List-Unsubscribe-Post"]')).toContainText('List-Unsubscribe=One-Click');
  const unsubscribeUrl = /<(.+)>/.exec((await mail.locator('[data-header="List-Unsubscribe"] dd').textContent()) ?? '')![1]!;
  const confirmUrl = /(\S+\/newsletter\/confirm\?token=\S+)/.exec((await mail.locator('pre').textContent()) ?? '')![1]!;

  await page.goto(confirmUrl);
  await hydrated(page, js);
  await page.getByTestId('newsletter-confirm-submit').click();
  await expect(page.getByTestId('newsletter-confirmed')).toBeVisible();
  const token = new URL(unsubscribeUrl).searchParams.get('token')!;
  const status = async () => ((await (await page.request.get(`/api/newsletter/status?token=${encodeURIComponent(token)}`)).json()) as { data: { status: string } }).data.status;
  expect(await status()).toBe('subscribed');

  // The one-click link: a page with a button, no login needed.
  await page.goto(unsubscribeUrl);
  await hydrated(page, js);
  await page.getByTestId('newsletter-unsubscribe-submit').click();
  await expect(page.getByTestId('newsletter-unsubscribed')).toContainText(email);
  expect(await status()).toBe('unsubscribed');
});
