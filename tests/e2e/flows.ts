// Steps several browser tests share: registering a fresh customer through the real forms (so each
// test and project has its own account and cart), logging in and out.
import type { Locator, Page } from '@playwright/test';
import { expect, hydrated, latestCode } from './fixtures';

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
  await scope.getByTestId('state-select').selectOption({ label: 'Κεντρική Μακεδονία' });
  await scope.getByLabel('Πόλη').fill('Θεσσαλονίκη');
  await scope.getByLabel('Ταχυδρομικός κώδικας').fill('54622');
  await scope.getByLabel('Διεύθυνση (οδός και αριθμός)').fill('Τσιμισκή 10');
  await scope.getByLabel('Κινητό τηλέφωνο').fill(options.mobile ?? '+30 691 111 2233');
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
  await solveCaptcha(page, scope);
  await scope.getByTestId('register-submit').click();
  await expect(scope.getByTestId('otp-block')).toBeVisible();
}

export async function register(page: Page, js: boolean, email: string, options: Parameters<typeof fillRegistration>[2] = {}) {
  await page.goto('/auth/register');
  await hydrated(page, js);
  await fillRegistration(page, email, options);
  const target = options.channel === 'sms' ? (options.mobile ?? '+306911112233').replace(/\s/g, '') : email;
  await main(page).getByLabel('Κωδικός μίας χρήσης').fill(await latestCode(page, target, 'otp:register'));
  await page.getByTestId('otp-submit').click();
  await expect(page).toHaveURL(/\/account\?welcome=1$/);
}

/** A new visitor in the same browser: leave the page first, so nothing in flight sets a cookie again. */
export async function signOut(page: Page) {
  await page.goto('about:blank');
  await page.context().clearCookies();
}

export async function login(page: Page, email: string, password = PASSWORD) {
  await page.goto('/auth/login');
  await main(page).getByLabel('E-mail').fill(email);
  await main(page).getByLabel('Κωδικός πρόσβασης').fill(password);
  await page.getByTestId('login-submit').click();
}

/**
 * Configures a domain line of the cart as a new customer does: a new contact for every role, the
 * nameservers (two custom ones, or none), the registry's terms; waits until the line is ready.
 */
export async function configureDomain(page: Page, fqdn: string, nameservers: 'custom' | 'none' = 'custom') {
  await page.goto('/cart');
  await page.getByTestId('new-contact').locator('summary').click();
  const contact = page.getByTestId('new-contact');
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
    await line.getByTestId('ns-mode-none').check();
  }
  await line.getByLabel(/Αποδέχομαι τους όρους καταχώρισης/).check();
  await line.getByTestId('config-save').click();
  await expect(page.locator(`[data-testid="cart-line"][data-name="${fqdn}"]`).getByTestId('domain-config')).toHaveAttribute('data-ready', 'true');
}
