// Issue #12 §5 as customers meet it, with JavaScript on and off: the demo customer offers a name to an
// address with no account yet, that person registers with it and accepts the offer on
// /account/transfers, then hands the name back, which the demo customer accepts (so the seeded names
// stay with the demo account for the other tests). Each project borrows a different seeded name.
import type { Page } from '@playwright/test';
import { expect, hydrated, outbox, test, uniqueEmail } from './fixtures';
import { login, main, register, signOut } from './flows';

const DEMO = 'demo@example.gr';
const DEMO_PASSWORD = 'Demo-Pelatis-2026';

async function offer(page: Page, js: boolean, fqdn: string, to: string) {
  await page.goto(`/account/domains/${encodeURIComponent(fqdn)}/ownership`);
  await hydrated(page, js);
  const section = page.getByTestId('handover-section');
  await expect(section).toHaveAttribute('data-ready', 'true');
  await section.getByLabel(/E-mail παραλήπτη/).fill(to);
  await section.getByTestId('offer-submit').click();
  await expect(page.getByTestId('transfer-done')).toBeVisible();
  await expect(page.getByTestId('pending-offer')).toContainText(to);
}

async function accept(page: Page, js: boolean, fqdn: string) {
  await page.goto('/account/transfers');
  await hydrated(page, js);
  const row = page.locator(`[data-testid="incoming-offer"][data-fqdn="${fqdn}"]`);
  await row.getByTestId('accept-offer').click();
  await expect(page.getByTestId('transfer-done')).toContainText(fqdn);
  await expect(page.locator(`[data-testid="incoming-offer"][data-fqdn="${fqdn}"]`)).toHaveCount(0);
  await expect(page.locator(`[data-testid="handover-row"][data-fqdn="${fqdn}"][data-direction="received"]`).first()).toHaveAttribute('data-status', 'completed');
}

test('a name handed to a new account by e-mail, accepted there, and handed back', async ({ page, js }) => {
  test.setTimeout(60_000);
  // Each project its own seeded name: the two projects may run at the same time.
  const fqdn = js ? 'καφενείο.gr' : 'kafeneio.com';
  const taker = uniqueEmail('taker', js);

  await login(page, DEMO, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  // A refusal is explained, and nothing is offered: one's own address.
  await page.goto(`/account/domains/${encodeURIComponent(fqdn)}/ownership`);
  await hydrated(page, js);
  await page.getByTestId('handover-section').getByLabel(/E-mail παραλήπτη/).fill(DEMO);
  await page.getByTestId('offer-submit').click();
  await expect(page.getByTestId('transfer-refusal')).toContainText('στον δικό σας λογαριασμό');
  if (js) {
    // The Greek .gr offers its .ελ, with a button that puts it in the cart.
    await expect(page.getByTestId('el-section')).toHaveAttribute('data-state', 'available');
    await expect(page.getByTestId('el-register')).toContainText('καφενείο.ελ');
  }
  await offer(page, js, fqdn, taker);
  const mail = (await outbox(page, taker))[0];
  expect(mail?.body).toContain('/account/transfers');

  // The address had no account: it registers, and the offer is waiting for it.
  await signOut(page);
  await register(page, js, taker);
  await accept(page, js, fqdn);

  // The new holder's page: the trade (registrant change) with its price; the contacts that came with
  // the name include one ready for the registry (the organisation, with its Latin names and ΑΦΜ), and
  // the trade goes to the cart.
  await page.goto(`/account/domains/${encodeURIComponent(fqdn)}/ownership`);
  await hydrated(page, js);
  await expect(page.getByTestId('trade-price')).toContainText('€');
  await page.getByTestId('trade-registrant').selectOption({ label: 'Καφενείο Ο.Ε. · Νίκος Τεχνικός (tech@example.gr)' });
  await page.getByLabel(/Αποδέχομαι τους όρους του μητρώου/).check();
  await page.getByTestId('trade-submit').click();
  await expect(page).toHaveURL(/\/cart$/);
  const line = page.getByTestId('cart-line').filter({ hasText: fqdn });
  await expect(line).toContainText('Αλλαγή κατόχου');
  await expect(line).toContainText('€');

  // Handed back to the demo account.
  await offer(page, js, fqdn, DEMO);
  await signOut(page);
  await login(page, DEMO, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  await accept(page, js, fqdn);
  await page.goto(`/account/domains/${encodeURIComponent(fqdn)}/ownership`);
  await expect(main(page).getByTestId('handover-section')).toHaveAttribute('data-ready', 'true');
});
