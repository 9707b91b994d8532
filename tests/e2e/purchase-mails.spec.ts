// Issue #33 as a new customer meets it, with JavaScript on and off: a .gr and a hosting plan bought by
// card leave in the mailbox the order received, the payment received, the receipt with its PDF (which
// opens), the name registered and the hosting ready, each once, in Greek, with an HTML part.
import { expect, test, uniqueEmail } from './fixtures';
import { outbox } from './fixtures';
import { addDomainFromSearch, addPlan, checkoutProfile, configureDomain, placeOrder, register, uniqueName } from './flows';

test('a name and hosting bought by card leave the order, payment, receipt and ready messages in the mailbox', async ({ page, js }) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('mails', js);
  await register(page, js, email);
  const fqdn = `${uniqueName('taverna')}.gr`;
  await addDomainFromSearch(page, js, fqdn);
  await addPlan(page, js, '/hosting/shared-linux', 'sha_lin_start', 2);
  await configureDomain(page, fqdn, 'none');
  await page.getByTestId('to-checkout').click();
  await expect(page).toHaveURL(/\/cart\/checkout$/);
  await checkoutProfile(page);
  const orderId = await placeOrder(page, 'card');
  await expect(page.getByTestId('order')).toHaveAttribute('data-status', 'completed');

  const expected = [
    `Λάβαμε την παραγγελία σας #${orderId}`,
    `Λάβαμε την πληρωμή της παραγγελίας #${orderId}`,
    /^Η απόδειξή σας REC-\d+$/,
    `Το ${fqdn} καταχωρίστηκε στο όνομά σας`,
    /^Η φιλοξενία σας/,
  ];
  // Delivered at once through the sandbox (the queue retries only what failed).
  await expect
    .poll(async () => {
      const subjects = (await outbox(page, email)).map((m) => m.subject);
      return expected.every((e) => subjects.filter((s) => (typeof e === 'string' ? s === e : e.test(s))).length === 1);
    }, { timeout: 60_000 })
    .toBe(true);

  // The mailbox shows them; the receipt carries its PDF, and the PDF opens.
  await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
  const receipt = page.locator('[data-testid="mailbox"] > li').filter({ hasText: /Η απόδειξή σας REC-/ });
  await expect(receipt).toHaveCount(1);
  const attachment = receipt.getByTestId('mailbox-attachment');
  await expect(attachment).toHaveAttribute('data-content-type', 'application/pdf');
  const pdf = await page.request.get((await attachment.getAttribute('href'))!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  // The order message says what was bought and links back to the order.
  const order = page.locator('[data-testid="mailbox"] > li').filter({ hasText: `Λάβαμε την παραγγελία σας #${orderId}` });
  await expect(order.locator('pre')).toContainText(fqdn);
  await expect(order.locator('pre')).toContainText(`/orders/${orderId}`);
  await expect(order.getByTestId('mailbox-html')).toHaveCount(1);
  // The hosting message gives where to sign in, never a password.
  const hosting = page.locator('[data-testid="mailbox"] > li').filter({ hasText: /Η φιλοξενία σας/ });
  await expect(hosting.locator('pre')).toContainText(/https?:\/\//);
  await expect(hosting.locator('pre')).not.toContainText(/κωδικός:\s*\S{8,}/i);
});
