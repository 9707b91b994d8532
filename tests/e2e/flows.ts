// Steps several browser tests share: registering a fresh customer through the real forms (so each
// test and project has its own account and cart), logging in and out.
import type { Page } from '@playwright/test';
import { expect, hydrated, latestCode } from './fixtures';

export const PASSWORD = 'Kalimera-Thalassa-42!';

export function main(page: Page) {
  return page.locator('main');
}

export async function solveCaptcha(page: Page) {
  const box = page.getByTestId('captcha');
  const a = Number(await box.getAttribute('data-a'));
  const b = Number(await box.getAttribute('data-b'));
  await page.locator('#captcha_response').fill(String(a + b));
}

/** Steps 1 and 2 of the registration, ending on the OTP block. */
export async function fillRegistration(page: Page, email: string, options: { channel?: 'email' | 'sms'; mobile?: string; question?: boolean } = {}) {
  await main(page).getByLabel('E-mail').fill(email);
  await main(page).getByLabel('Κωδικός πρόσβασης', { exact: true }).fill(PASSWORD);
  await main(page).getByLabel('Επιβεβαίωση κωδικού').fill(PASSWORD);
  await main(page).getByLabel('Όνομα', { exact: true }).fill('Νίκος');
  await main(page).getByLabel('Επώνυμο').fill('Ιωάννου');
  await page.getByTestId('register-continue').click();
  await expect(page.getByTestId('register-form')).toHaveAttribute('data-step', '2');
  await page.getByTestId('state-select').selectOption({ label: 'Κεντρική Μακεδονία' });
  await main(page).getByLabel('Πόλη').fill('Θεσσαλονίκη');
  await main(page).getByLabel('Ταχυδρομικός κώδικας').fill('54622');
  await main(page).getByLabel('Διεύθυνση (οδός και αριθμός)').fill('Τσιμισκή 10');
  await main(page).getByLabel('Κινητό τηλέφωνο').fill(options.mobile ?? '+30 691 111 2233');
  if (options.channel === 'sms') await main(page).getByLabel('Με SMS στο κινητό μου').check();
  if (options.question) {
    await page.getByText('Ερώτηση ασφαλείας (προαιρετικά)').click();
    await main(page).getByLabel('Ερώτηση ασφαλείας').selectOption('first_pet');
    await main(page).getByLabel('Απάντηση').fill('Ρεξ');
    await main(page).getByLabel('Ημερομηνία γέννησης').fill('05/11/1990');
  }
  await page.getByLabel(/Συναινώ στην επεξεργασία/).check();
  await page.getByLabel(/Βεβαιώνω ότι τα στοιχεία/).check();
  await page.getByLabel(/Αποδέχομαι τους Όρους Χρήσης/).check();
  await solveCaptcha(page);
  await page.getByTestId('register-submit').click();
  await expect(page.getByTestId('otp-block')).toBeVisible();
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

