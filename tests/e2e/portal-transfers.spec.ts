// Issue #12 §5 and #19 as customers meet them, with JavaScript on and off: the demo customer offers a
// name to an address with no account yet (after a confirmation that says what happens, with the price
// of the registrant change for a .gr), that person registers with it (proving it), creates a contact of
// their own from the accept step and accepts with it, then hands the name back, which the demo customer
// accepts with one of theirs (so the seeded names stay with the demo account for the other tests).
// Each project borrows a different seeded name.
import type { Page } from '@playwright/test';
import { expect, hydrated, outbox, test, uniqueEmail } from './fixtures';
import { main, register, signOut } from './flows';
import { signedIn } from './sessions';

const DEMO = 'demo@example.gr';

async function offer(page: Page, js: boolean, fqdn: string, to: string, gr: boolean) {
  await page.goto(`/account/domains/${encodeURIComponent(fqdn)}/ownership`);
  await hydrated(page, js);
  const section = page.getByTestId('handover-section');
  await expect(section).toHaveAttribute('data-ready', 'true');
  await section.getByLabel(/E-mail παραλήπτη/).fill(to);
  await section.getByTestId('offer-submit').click();
  // The confirmation says what happens (for a .gr: the change of holder the recipient pays).
  const confirm = page.getByTestId('offer-confirm');
  await expect(confirm).toContainText(to);
  if (gr) await expect(confirm.getByTestId('handover-trade-price')).toContainText('€');
  else await expect(confirm.getByTestId('handover-trade')).toHaveCount(0);
  await confirm.getByTestId('offer-confirm-submit').click();
  await expect(page.getByTestId('transfer-done')).toBeVisible();
  await expect(page.getByTestId('pending-offer')).toContainText(to);
}

/** Accepts on the step: the registrant chosen by its option's label, the registry's terms for a .gr. */
async function accept(page: Page, js: boolean, fqdn: string, registrant: string, gr: boolean) {
  await page.goto('/account/transfers');
  await hydrated(page, js);
  await page.locator(`[data-testid="incoming-offer"][data-fqdn="${fqdn}"]`).getByTestId('accept-offer').click();
  const step = page.getByTestId('accept-step');
  await expect(step).toBeVisible();
  await step.getByTestId('accept-registrant').selectOption({ label: registrant });
  if (gr) {
    await expect(step.getByTestId('handover-trade-price')).toContainText('€');
    await step.getByTestId('accept-agree').check();
  }
  await step.getByTestId('accept-confirm').click();
  await expect(page.getByTestId('transfer-done')).toContainText(fqdn);
  await expect(page.locator(`[data-testid="incoming-offer"][data-fqdn="${fqdn}"]`)).toHaveCount(0);
  await expect(page.locator(`[data-testid="handover-row"][data-fqdn="${fqdn}"][data-direction="received"]`).first()).toHaveAttribute('data-status', 'completed');
}

test('a name handed to a new account by e-mail, accepted there with its own contact, and handed back', async ({ page, js }) => {
  test.setTimeout(90_000);
  // Each project its own seeded name: the two projects may run at the same time.
  const fqdn = js ? 'καφενείο.gr' : 'kafeneio.com';
  const gr = js;
  const taker = uniqueEmail('taker', js);

  await signedIn(page, 'demo');
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
  await offer(page, js, fqdn, taker, gr);
  const mail = (await outbox(page, taker))[0];
  expect(mail?.body).toContain('/account/transfers');

  // The address had no account: it registers (proving the address), and the offer is waiting for it.
  await signOut(page);
  await register(page, js, taker);
  await page.goto('/account/transfers');
  await hydrated(page, js);
  await page.locator(`[data-testid="incoming-offer"][data-fqdn="${fqdn}"]`).getByTestId('accept-offer').click();
  // No contact of their own yet: the step links to a new one and comes back.
  await expect(page.getByTestId('accept-no-contacts')).toBeVisible();
  await page.getByTestId('accept-new-contact').click();
  await expect(page).toHaveURL(/\/account\/contacts\/new\?return=/);
  await hydrated(page, js);
  const form = page.getByTestId('contact-form');
  await form.getByLabel('Όνομα', { exact: true }).fill('Ελένη');
  await form.getByLabel('Επώνυμο', { exact: true }).fill('Σταύρου');
  await form.getByLabel('Όνομα (λατινικά)').fill('Eleni');
  await form.getByLabel('Επώνυμο (λατινικά)').fill('Stavrou');
  await form.getByLabel('Email').fill(taker);
  await form.getByLabel('Τηλέφωνο').fill('+30.2101234567');
  await form.getByLabel('Διεύθυνση').fill('Σταδίου 5');
  await form.getByLabel('Πόλη').fill('Αθήνα');
  await form.getByLabel('Τ.Κ.').fill('10562');
  await page.getByTestId('contact-submit').click();
  await expect(page).toHaveURL(/\/account\/transfers\?accept=\d+/);
  await accept(page, js, fqdn, `Ελένη Σταύρου (${taker})`, gr);
  if (gr) {
    // The change of holder is in the cart, priced; until it runs nobody gets the EPP code.
    await page.goto(`/account/domains/${encodeURIComponent(fqdn)}/ownership`);
    await expect(page.getByTestId('registrant-change-pending')).toBeVisible();
    await page.goto('/cart');
    const line = page.getByTestId('cart-line').filter({ hasText: fqdn });
    await expect(line).toContainText('Αλλαγή κατόχου');
    await expect(line).toContainText('€');
  } else {
    await page.goto(`/account/domains/${encodeURIComponent(fqdn)}/ownership`);
    await expect(page.getByTestId('trade-price')).toContainText('€');
  }

  // Handed back to the demo account, which accepts with one of its own contacts.
  await offer(page, js, fqdn, DEMO, gr);
  await signOut(page);
  await signedIn(page, 'demo');
  await accept(page, js, fqdn, 'Μαρία Παπαδοπούλου (demo@example.gr)', gr);
  if (gr) {
    // The demo cart stays as the other tests expect it: the trade line that came with the name goes.
    await page.goto('/cart');
    await hydrated(page, js);
    await page.getByTestId('cart-line').filter({ hasText: fqdn }).getByTestId('remove').click();
    await expect(page.getByTestId('cart-line').filter({ hasText: fqdn })).toHaveCount(0);
  }
  await page.goto(`/account/domains/${encodeURIComponent(fqdn)}/ownership`);
  await expect(main(page).getByTestId('handover-section')).toHaveAttribute('data-ready', 'true');
});
