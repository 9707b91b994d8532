// Steps several browser tests share: registering a fresh customer through the real forms (so each
// test and project has its own account and cart), logging in and out.
import type { Locator, Page } from '@playwright/test';
import { expect, hydrated, latestCode, outbox, PORT } from './fixtures';

export const PASSWORD = 'Kalimera-Thalassa-42!';

export function main(page: Page) {
  return page.locator('main');
}

export async function solveCaptcha(page: Page, scope: Locator = main(page)) {
  const box = scope.getByTestId('captcha');
  const a = Number(await box.getAttribute('data-a'));
  const b = Number(await box.getAttribute('data-b'));
  await box.locator('input[name="captcha_response"]').fill(String(a + b));
}

/** Steps 1 and 2 of the registration, ending on the OTP block; `scope` is the page's main or the dialog. */
export async function fillRegistration(page: Page, email: string, options: { channel?: 'email' | 'sms'; mobile?: string; question?: boolean } = {}, scope: Locator = main(page)) {
  await scope.getByLabel('E-mail').fill(email);
  await scope.getByLabel('Κωδικός πρόσβασης', { exact: true }).fill(PASSWORD);
  await scope.getByLabel('Επιβεβαίωση κωδικού').fill(PASSWORD);
  await scope.getByLabel('Όνομα', { exact: true }).fill('Νίκος');
  await scope.getByLabel('Επώνυμο').fill('Ιωάννου');
  await scope.getByTestId('register-continue').click();
  await expect(scope.getByTestId('register-form')).toHaveAttribute('data-step', '2');
  await fillAddressStep(scope, { mobile: options.mobile ?? '+30 691 111 2233', channel: options.channel, question: options.question });
  await solveCaptcha(page, scope);
  await scope.getByTestId('register-submit').click();
  await expect(scope.getByTestId('otp-block')).toBeVisible();
}

/** Step 2 of the registration up to the captcha: address, mobile (optional), channel, question, consents. */
export async function fillAddressStep(scope: Locator, options: { mobile?: string; channel?: 'email' | 'sms'; question?: boolean } = {}) {
  await scope.getByTestId('state-select').selectOption({ label: 'Κεντρική Μακεδονία' });
  await scope.getByLabel('Πόλη').fill('Θεσσαλονίκη');
  await scope.getByLabel('Ταχυδρομικός κώδικας').fill('54622');
  await scope.getByLabel('Διεύθυνση (οδός και αριθμός)').fill('Τσιμισκή 10');
  if (options.mobile) await scope.getByLabel('Κινητό τηλέφωνο').fill(options.mobile);
  if (options.channel === 'sms') await scope.getByLabel('Με SMS στο κινητό μου').check();
  if (options.question) {
    await scope.getByText('Ερώτηση ασφαλείας (προαιρετικά)').click();
    await scope.getByLabel('Ερώτηση ασφαλείας').selectOption('first_pet');
    await scope.getByLabel('Απάντηση').fill('Ρεξ');
    await scope.getByLabel('Ημερομηνία γέννησης').fill('05/11/1990');
  }
  await scope.getByLabel(/Συναινώ στην επεξεργασία/).check();
  await scope.getByLabel(/Βεβαιώνω ότι τα στοιχεία/).check();
  await scope.getByLabel(/Αποδέχομαι τους Όρους Χρήσης/).check();
}

export async function register(page: Page, js: boolean, email: string, options: Parameters<typeof fillRegistration>[2] = {}) {
  await page.goto('/auth/register');
  await hydrated(page, js);
  await fillRegistration(page, email, options);
  const target = options.channel === 'sms' ? (options.mobile ?? '+306911112233').replace(/\s/g, '') : email;
  await main(page).getByLabel('Κωδικός μίας χρήσης').fill(await latestCode(page, target, 'otp:register'));
  await page.getByTestId('otp-submit').click();
  // Nowhere to go back to: the new account, greeted by a flash (issue #25 §6).
  await expect(page).toHaveURL(/\/account$/);
}

/** A new visitor in the same browser: leave the page first, so nothing in flight sets a cookie again. */
export async function signOut(page: Page) {
  await page.goto('about:blank');
  await page.context().clearCookies();
}

/** Posts the login form and returns: the caller checks the answer (a refusal, a second step). */
export async function submitLogin(page: Page, email: string, password = PASSWORD) {
  await page.goto('/auth/login');
  await main(page).getByLabel('E-mail').fill(email);
  await main(page).getByLabel('Κωδικός πρόσβασης').fill(password);
  await page.getByTestId('login-submit').click();
}

/**
 * Logs in through the form and checks that it worked: the login page is left (for the home page, or
 * wherever it sends the account). Going on before that would abort the login in flight and meet the
 * login page instead, a flake that looked like a bug of the page under test.
 */
export async function login(page: Page, email: string, password = PASSWORD) {
  await submitLogin(page, email, password);
  await expect(page).not.toHaveURL(/\/auth\/login/);
}

/**
 * Configures a domain line of the cart as a new customer does: a new contact for every role, the
 * nameservers (two custom ones, or ours: 'none' is the older name), the registry's terms; waits until
 * the line is ready. The account's first contact form comes open and filled in (issue #25 §4).
 */
export async function configureDomain(page: Page, fqdn: string, nameservers: 'custom' | 'none' | 'default' = 'custom') {
  await page.goto('/cart');
  const contact = page.getByTestId('new-contact');
  if (await contact.evaluate((el) => el.tagName === 'DETAILS' && !(el as HTMLDetailsElement).open)) await contact.locator('summary').click();
  await contact.getByLabel('Όνομα', { exact: true }).fill('Ελένη');
  await contact.getByLabel('Επώνυμο', { exact: true }).fill('Οικονόμου');
  await contact.getByLabel('Όνομα με λατινικούς').fill('Eleni');
  await contact.getByLabel('Επώνυμο με λατινικούς').fill('Oikonomou');
  await contact.getByLabel('Email').fill('eleni.o@example.gr');
  await contact.getByLabel('Τηλέφωνο').fill('+306944444444');
  await contact.getByLabel('Διεύθυνση').fill('Ερμού 5');
  await contact.getByLabel('Πόλη').fill('Αθήνα');
  await contact.getByLabel('Τ.Κ.').fill('10563');
  await page.getByTestId('contact-save').click();
  const line = page.locator(`[data-testid="cart-line"][data-name="${fqdn}"]`);
  await expect(line.getByTestId('contact-registrant').locator('option')).toHaveCount(2);
  for (const role of ['registrant', 'admin', 'tech', 'billing']) await line.getByTestId(`contact-${role}`).selectOption({ index: 1 });
  if (nameservers === 'custom') {
    await line.getByTestId('ns-mode-custom').check();
    await line.getByTestId('ns-0').fill('ns1.example-dns.gr');
    await line.getByTestId('ns-1').fill('ns2.example-dns.gr');
  } else {
    await line.getByTestId('ns-mode-default').check();
  }
  await line.getByLabel(/Αποδέχομαι τους όρους καταχώρισης/).check();
  await line.getByTestId('config-save').click();
  await expect(page.locator(`[data-testid="cart-line"][data-name="${fqdn}"]`).getByTestId('domain-config')).toHaveAttribute('data-ready', 'true');
}

/** Searches for a free name and puts it in the cart from its result row. */
export async function addDomainFromSearch(page: Page, js: boolean, fqdn: string) {
  await page.goto(`/domains/search?q=${encodeURIComponent(fqdn)}${js ? '' : '&js=0'}`);
  await hydrated(page, js);
  const row = page.getByTestId('exact-result').getByTestId('result');
  await expect(row).toHaveAttribute('data-status', 'available');
  await row.getByTestId('add-to-cart').click();
  // With JavaScript the visitor stays and the row says 'in cart'; without, the cart page opens.
  if (js) await expect(page.getByTestId('exact-result').getByTestId('in-cart')).toBeVisible({ timeout: 20_000 });
  else await expect(page).toHaveURL(/\/cart$/);
}

/**
 * Adds a plan from its product page (hosting plans are `plan-card`s, certificates `ssl-card`s; the
 * first plan without `sku`). With JavaScript the header badge counts it (`count`: the items after it,
 * or one more than before); without, the cart page opens.
 */
export async function addPlan(page: Page, js: boolean, path: string, sku?: string, count?: number) {
  await page.goto(path);
  await hydrated(page, js);
  const badge = page.getByTestId('cart-badge').first();
  const expected = count ?? (js && (await badge.count()) ? Number(await badge.getAttribute('data-count')) : 0) + 1;
  const card = sku ? page.locator(`[data-testid="plan-card"][data-sku="${sku}"], [data-testid="ssl-card"][data-sku="${sku}"]`) : page.getByTestId('plan-card').first();
  await card.getByTestId('add-plan').click();
  if (js) await expect(badge).toHaveAttribute('data-count', String(expected));
  else await expect(page).toHaveURL(/\/cart$/);
}

export type Profile = { name: string; address: string; city: string; zip: string; invoice?: { vatNumber: string; taxOffice: string } };

export const RECEIPT_PROFILE: Profile = { name: 'Ελένη Οικονόμου', address: 'Ερμού 5', city: 'Αθήνα', zip: '10563' };

/** Fills the 'new billing profile' form (checkout or /account/billing), opening it when closed, without saving. */
export async function fillProfile(page: Page, p: Profile) {
  const form = page.getByTestId('new-profile');
  if ((await form.evaluate((el) => el.tagName === 'DETAILS' && !(el as HTMLDetailsElement).open))) await form.locator('summary').click();
  if (p.invoice) {
    await form.getByTestId('type-INV').check();
    await form.getByLabel('ΑΦΜ / αριθμός ΦΠΑ').fill(p.invoice.vatNumber);
    if (p.invoice.taxOffice) await form.getByLabel('ΔΟΥ').selectOption(p.invoice.taxOffice);
  }
  await form.getByLabel('Ονοματεπώνυμο ή επωνυμία').fill(p.name);
  await form.getByLabel('Διεύθυνση').fill(p.address);
  await form.getByLabel('Πόλη').fill(p.city);
  await form.getByLabel('Τ.Κ.').fill(p.zip);
  return form;
}

/** At checkout: a new billing profile, saved and chosen. */
export async function checkoutProfile(page: Page, p: Profile = RECEIPT_PROFILE) {
  await fillProfile(page, p);
  await page.getByTestId('profile-save').click();
  await expect(page.getByTestId('profile-option')).toHaveCount(1);
}

/**
 * Places the order on the checkout page: by bank transfer (it waits, pending), or by card through the
 * sandbox payment page, approved. Returns the order's id.
 */
export async function placeOrder(page: Page, method: 'card' | 'bank_transfer'): Promise<string> {
  if (method === 'bank_transfer') await page.getByTestId('method-bank_transfer').check();
  await page.getByTestId('place-order-form').getByLabel(/Αποδέχομαι τους Όρους Χρήσης/).check();
  await page.getByTestId('place-order').click();
  if (method === 'card') {
    await expect(page.getByTestId('sandbox-payment')).toBeVisible();
    await page.getByTestId('sandbox-approve').click();
    await expect(page.getByTestId('payment-done')).toBeVisible();
  } else {
    await expect(page.getByTestId('order')).toHaveAttribute('data-status', 'pending');
  }
  return /\/orders\/(\d+)/.exec(page.url())?.[1] ?? '';
}

/** A new .gr on our nameservers, configured, checked out with `profile` and paid by `method`. */
export async function buyDomain(page: Page, js: boolean, fqdn: string, method: 'card' | 'bank_transfer', profile: Profile = RECEIPT_PROFILE): Promise<string> {
  await addDomainFromSearch(page, js, fqdn);
  await configureDomain(page, fqdn, 'none');
  await page.getByTestId('to-checkout').click();
  await expect(page).toHaveURL(/\/cart\/checkout$/);
  await checkoutProfile(page, profile);
  return placeOrder(page, method);
}

/** A name no other test or run uses: `prefix` and the time. */
export function uniqueName(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
}

/** The first link in the newest message to `to` with `tag`, waiting for it to arrive. */
export async function mailLink(page: Page, to: string, tag: string): Promise<string> {
  let link = '';
  await expect
    .poll(async () => {
      const m = (await outbox(page, to)).find((x) => x.tag === tag);
      link = m ? (/https?:\/\/\S+/.exec(m.body)?.[0] ?? '') : '';
      return link;
    })
    .not.toBe('');
  return link;
}

/** The form token of the page (the `_token` of its first form), for calls a test makes itself. */
export async function formToken(page: Page): Promise<string> {
  return page.locator('input[name="_token"]').first().inputValue();
}

/**
 * Queues a mail template's example to `to` through the development API (issue #33: a message for the
 * e-mail log without a purchase first); its id. Called on the storefront's host in a page of its own
 * (the API's request context resolves no admin.localhost), whatever host `page` is on.
 */
export async function devMail(page: Page, to: string, template = 'password_changed'): Promise<number> {
  const shop = await page.context().newPage();
  await shop.goto(`http://localhost:${PORT}/auth/login`);
  const sent = await shop.request.post(`http://localhost:${PORT}/api/dev/mail`, { data: { _token: await formToken(shop), template, to } });
  await shop.close();
  expect(sent.ok()).toBe(true);
  return ((await sent.json()) as { data: { id: number } }).data.id;
}
