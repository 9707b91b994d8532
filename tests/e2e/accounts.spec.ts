// Issue #3 flows as a visitor meets them, with JavaScript on and off: registration in two steps with
// the captcha and the OTP from the dev mailbox, two-factor login with an authenticator app, each
// password-reset method (the e-mail first, then the question or the SMS: decision 023), the login delay (no
// auto-suspension: decision 022), GDPR approval at login and e-mail verification by link.
import { totp } from '../../core/totp';
import { expect, hydrated, latestCode, test, uniqueEmail } from './fixtures';

import { fillAddressStep, fillRegistration, login, mailLink, main, PASSWORD, register, signOut, solveCaptcha, submitLogin } from './flows';

test('a visitor registers in two steps, fixes bad input, verifies the OTP from the mailbox and is logged in', async ({ page, js }) => {
  // Many page visits in one test: 31–34 s at load average ~15 on the 2 cores missed the 30 s default
  // (issue #32 §4). A limit with room, not a speed target.
  test.setTimeout(90_000);
  const email = uniqueEmail('nikos', js);
  // As the side menu's link on the cart leads (issue #25 §6): the registration comes back to the cart.
  await page.goto('/auth/register?redirectTo=%2Fcart');
  await hydrated(page, js);
  await expect(page.locator('#panel2')).toBeVisible();
  // Step 1 with a weak password and a confirmation that does not match.
  await main(page).getByLabel('E-mail').fill(email);
  await main(page).getByLabel('Κωδικός πρόσβασης', { exact: true }).fill('abc');
  await main(page).getByLabel('Επιβεβαίωση κωδικού').fill('abd');
  await main(page).getByLabel('Όνομα', { exact: true }).fill('Νίκος');
  await main(page).getByLabel('Επώνυμο').fill('Ιωάννου');
  await page.getByTestId('register-continue').click();
  await expect(page.locator('#register-password-error, [id$="password-error"]').first()).toBeVisible();
  await expect(page.getByTestId('register-form')).toHaveAttribute('data-step', '1');
  // Nothing is lost.
  await expect(main(page).getByLabel('E-mail')).toHaveValue(email);
  await expect(main(page).getByLabel('Επώνυμο')).toHaveValue('Ιωάννου');
  // A common leaked password is refused by the server even though the meter calls it good.
  await main(page).getByLabel('Κωδικός πρόσβασης', { exact: true }).fill('Password1');
  await main(page).getByLabel('Επιβεβαίωση κωδικού').fill('Password1');
  await page.getByTestId('register-continue').click();
  await expect(page.locator('[id$="password-error"]')).toContainText('διαρρεύσει');
  await expect(page.getByTestId('register-form')).toHaveAttribute('data-step', '1');
  await main(page).getByLabel('Κωδικός πρόσβασης', { exact: true }).fill(PASSWORD);
  await main(page).getByLabel('Επιβεβαίωση κωδικού').fill(PASSWORD);
  await page.getByTestId('register-continue').click();
  await expect(page.getByTestId('register-form')).toHaveAttribute('data-step', '2');

  // Step 2: a wrong captcha keeps every value and gives a new challenge.
  await fillAddressStep(main(page));
  await page.locator('#captcha_response').fill('99');
  await page.getByTestId('register-submit').click();
  await expect(page.locator('#captcha-error')).toContainText('δεν είναι σωστή');
  await expect(main(page).getByLabel('Πόλη')).toHaveValue('Θεσσαλονίκη');
  await expect(page.getByTestId('register-form')).toHaveAttribute('data-step', '2');
  // 'Previous' goes back to step 1 with the values kept.
  await page.getByTestId('register-previous').click();
  await expect(page.getByTestId('register-form')).toHaveAttribute('data-step', '1');
  await expect(main(page).getByLabel('E-mail')).toHaveValue(email);
  await page.getByTestId('register-continue').click();
  await expect(page.getByTestId('register-form')).toHaveAttribute('data-step', '2');
  await fillAddressStep(main(page));
  await solveCaptcha(page);
  await page.getByTestId('register-submit').click();

  // The OTP block: a wrong code first, then the one from the mailbox.
  await expect(page.getByTestId('otp-block')).toContainText('n•••');
  await expect(page.getByTestId('otp-countdown')).toBeVisible();
  await main(page).getByLabel('Κωδικός μίας χρήσης').fill('000000');
  await page.getByTestId('otp-submit').click();
  await expect(page.getByTestId('otp-alert')).toHaveAttribute('data-code', '90105');
  await expect(page.getByTestId('otp-alert')).toContainText('Απομένουν 4 προσπάθειες');
  // An early resend is refused with the seconds left.
  await page.getByTestId('otp-resend').getByRole('button').evaluate((b: HTMLButtonElement) => (b.disabled = false));
  await page.getByTestId('otp-resend').getByRole('button').click();
  await expect(page.getByTestId('otp-alert')).toHaveAttribute('data-code', '90106');
  await main(page).getByLabel('Κωδικός μίας χρήσης').fill(await latestCode(page, email, 'otp:register'));
  await page.getByTestId('otp-submit').click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByTestId('alerts')).toContainText('Καλώς ήρθατε, Νίκος!');
  await page.goto('/account');
  await expect(page.getByTestId('email-label')).toHaveAttribute('data-verified', 'true');
  // The account cannot be registered twice.
  await signOut(page);
  await page.goto('/auth/register');
  await main(page).getByLabel('E-mail').fill(email);
  await main(page).getByLabel('Κωδικός πρόσβασης', { exact: true }).fill(PASSWORD);
  await main(page).getByLabel('Επιβεβαίωση κωδικού').fill(PASSWORD);
  await main(page).getByLabel('Όνομα', { exact: true }).fill('Νίκος');
  await main(page).getByLabel('Επώνυμο').fill('Ιωάννου');
  await page.getByTestId('register-continue').click();
  await expect(page.locator('[id$="email-error"]')).toContainText('Υπάρχει ήδη λογαριασμός');
});

test('a customer turns on an authenticator app and logs in with its code', async ({ page, js }) => {
  const email = uniqueEmail('totp', js);
  await register(page, js, email);
  await page.goto('/account/security');
  await page.getByTestId('totp-start').click();
  const secret = (await page.getByTestId('totp-secret').getAttribute('data-secret'))!;
  await main(page).getByLabel('Κωδικός επιβεβαίωσης').fill('123456');
  await page.getByTestId('totp-confirm').click();
  await expect(page.getByTestId('outcome-totp_confirm')).toHaveAttribute('data-code', '2005');
  await main(page).getByLabel('Κωδικός επιβεβαίωσης').fill(await totp(secret, Date.now()));
  await page.getByTestId('totp-confirm').click();
  await expect(page.getByTestId('totp-enabled')).toBeVisible();

  await signOut(page);
  await submitLogin(page, email);
  await expect(page.getByTestId('login-alert')).toHaveAttribute('data-code', '2004');
  await main(page).getByLabel('Κωδικός επιβεβαίωσης').fill('000000');
  await page.getByTestId('two-factor-submit').click();
  await expect(page.getByTestId('login-alert')).toHaveAttribute('data-code', '2005');
  // The next step's code: the current one was used to confirm the enrolment (one use per step).
  await main(page).getByLabel('Κωδικός επιβεβαίωσης').fill(await totp(secret, Date.now() + 30_000));
  await page.getByTestId('two-factor-submit').click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/account');
  await expect(page.getByTestId('account-email')).toContainText(email);
});

/** The path of the link in the newest reset e-mail to `email`. */
async function resetLink(page: import('@playwright/test').Page, email: string): Promise<string> {
  const link = new URL(await mailLink(page, email, 'otp:reset_email'));
  return link.pathname + link.search;
}

test('a forgotten password is reset with the e-mail code, then the security question (a wrong answer first)', async ({ page, js }) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('question', js);
  await register(page, js, email, { question: true });
  await signOut(page);
  await page.goto('/auth/login');
  await hydrated(page, js);
  await page.getByTestId('reset-link').click();
  // The login page has an E-mail field too: wait for the reset page before typing.
  await expect(page.getByTestId('reset')).toHaveAttribute('data-view', '1');
  await main(page).getByLabel('E-mail').fill(email);
  await page.getByTestId('reset-options').click();
  // The same answer for any address: nothing about the account yet.
  await expect(page.getByTestId('reset')).toHaveAttribute('data-view', '3');
  await expect(page.getByTestId('reset-alert')).toHaveAttribute('data-code', '2160');
  await expect(page.getByTestId('reset-question')).toHaveCount(0);
  // Start over clears everything.
  await page.getByTestId('reset-start-over').click();
  await expect(page.getByTestId('reset')).toHaveAttribute('data-view', '1');
  await expect(main(page).getByLabel('E-mail')).toHaveValue('');
  await main(page).getByLabel('E-mail').fill(email);
  await page.getByTestId('reset-options').click();
  await expect(page.getByTestId('reset')).toHaveAttribute('data-view', '3');
  await main(page).getByLabel('Κωδικός μίας χρήσης').fill(await latestCode(page, email, 'otp:reset_email'));
  await page.getByTestId('reset-code-submit').click();
  // Only now the question; the birth date is typed dd/mm/yyyy; a wrong answer says so and stays.
  await expect(page.getByTestId('reset')).toHaveAttribute('data-view', '2');
  await expect(page.getByTestId('reset-question')).toContainText('κατοικίδιο');
  await main(page).getByLabel('Απάντηση').fill('Μπόμπος');
  await main(page).getByLabel('Ημερομηνία γέννησης').fill('05/11/1990');
  await page.getByTestId('reset-question-submit').click();
  await expect(page.getByTestId('reset-alert')).toHaveAttribute('data-code', '2005');
  await expect(page.getByTestId('reset')).toHaveAttribute('data-view', '2');
  await main(page).getByLabel('Απάντηση').fill(' ρεξ ');
  await main(page).getByLabel('Ημερομηνία γέννησης').fill('05/11/1990');
  await page.getByTestId('reset-question-submit').click();
  await expect(page.getByTestId('reset')).toHaveAttribute('data-view', '6');
  await main(page).getByRole('textbox', { name: 'Νέος κωδικός πρόσβασης' }).fill('Neos-Kodikos-2026!');
  await main(page).getByLabel('Επιβεβαίωση κωδικού').fill('Neos-Kodikos-2026!');
  await page.getByTestId('reset-set-password').click();
  await expect(page.getByTestId('reset-done')).toBeVisible();
  if (js) await expect(page.getByTestId('reset-success-modal')).toBeVisible();
  await login(page, email, 'Neos-Kodikos-2026!');
  await expect(page).toHaveURL(/\/$/);
});

test('a forgotten password is reset by the e-mail link, and by SMS to the verified mobile instead of a forgotten answer', async ({ page, context, js }) => {
  test.setTimeout(90_000);
  // By the link in the e-mail (an account without a question needs nothing more).
  const email = uniqueEmail('codes', js);
  await register(page, js, email);
  await signOut(page);
  await page.goto('/auth/reset');
  await main(page).getByLabel('E-mail').fill(email);
  await page.getByTestId('reset-options').click();
  await expect(page.getByTestId('reset')).toHaveAttribute('data-view', '3');
  // 'No access' shows how to reach support.
  await page.getByTestId('reset-no-access').click();
  await expect(page.getByTestId('reset')).toHaveAttribute('data-view', '5');
  await page.goto(await resetLink(page, email));
  await page.getByTestId('reset-link-continue').click();
  await expect(page.getByTestId('reset')).toHaveAttribute('data-view', '6');
  await main(page).getByRole('textbox', { name: 'Νέος κωδικός πρόσβασης' }).fill('Email-Reset-2026!');
  await main(page).getByLabel('Επιβεβαίωση κωδικού').fill('Email-Reset-2026!');
  await page.getByTestId('reset-set-password').click();
  await expect(page.getByTestId('reset-done')).toBeVisible();
  await login(page, email, 'Email-Reset-2026!');
  await expect(page).toHaveURL(/\/$/);

  // By SMS: registered by SMS (the mobile is verified) with a question, the e-mail verified by its link.
  await signOut(page);
  const other = uniqueEmail('sms', js);
  const mobile = `+3069${String(Date.now()).slice(-8)}`;
  await register(page, js, other, { channel: 'sms', mobile, question: true });
  await page.getByTestId('send-verification').click();
  const link = await mailLink(page, other, 'verify_email');
  const tab = await context.newPage();
  await tab.goto(link);
  await tab.getByTestId('verify-submit').click();
  await expect(tab.getByTestId('verify-done')).toContainText(other);
  await tab.close();
  await signOut(page);
  await page.goto('/auth/reset');
  await main(page).getByLabel('E-mail').fill(other);
  await page.getByTestId('reset-options').click();
  await main(page).getByLabel('Κωδικός μίας χρήσης').fill(await latestCode(page, other, 'otp:reset_email'));
  await page.getByTestId('reset-code-submit').click();
  await expect(page.getByTestId('reset')).toHaveAttribute('data-view', '2');
  await page.getByTestId('reset-forgot_answer').click();
  await expect(page.getByTestId('reset')).toHaveAttribute('data-view', '4');
  await expect(page.getByTestId('reset')).toContainText(`${mobile.slice(-3)}`);
  await expect(page.getByTestId('reset')).not.toContainText(mobile);
  await page.getByTestId('reset-send-sms').click();
  await expect(page.getByTestId('reset-alert')).toHaveAttribute('data-code', '2161');
  await main(page).getByLabel('Κωδικός μίας χρήσης').fill(await latestCode(page, mobile, 'otp:reset_sms'));
  await page.getByTestId('reset-code-submit').click();
  await expect(page.getByTestId('reset')).toHaveAttribute('data-view', '6');
  await main(page).getByRole('textbox', { name: 'Νέος κωδικός πρόσβασης' }).fill('Sms-Reset-2026!x');
  await main(page).getByLabel('Επιβεβαίωση κωδικού').fill('Sms-Reset-2026!x');
  await page.getByTestId('reset-set-password').click();
  await expect(page.getByTestId('reset-done')).toBeVisible();
  await login(page, other, 'Sms-Reset-2026!x');
  await expect(page).toHaveURL(/\/$/);
});

test('five wrong passwords only delay the next attempt (no suspension), and a password reset ends the delay', async ({ page, js }) => {
  test.slow(); // a registration, up to a dozen logins and a reset
  const email = uniqueEmail('victim', js);
  await register(page, js, email);
  await signOut(page);
  for (let i = 0; i < 5; i++) {
    await submitLogin(page, email, `Wrong-Guess-${i}x`);
    await expect(page.getByTestId('login-alert')).toHaveAttribute('data-code', '2000');
  }
  // Decision 022: a short, growing wait instead of a suspension (2010 is retired); it reads the same for
  // any address. It starts at 2 s and doubles, so a few more quick guesses run into it.
  let delayed = false;
  for (let i = 6; i < 12 && !delayed; i++) {
    await submitLogin(page, email, `Wrong-Guess-${i}x`);
    const alert = page.getByTestId('login-alert');
    await expect(alert).toHaveAttribute('data-code', /^(2000|429)$/);
    delayed = (await alert.getAttribute('data-code')) === '429';
  }
  expect(delayed).toBe(true);
  await expect(page.getByTestId('login-alert')).toContainText('Δοκιμάστε ξανά σε');
  // The owner proves the address with a reset by e-mail code: the delay ends at once.
  await page.goto('/auth/reset');
  await main(page).getByLabel('E-mail').fill(email);
  await page.getByTestId('reset-options').click();
  await expect(page.getByTestId('reset')).toHaveAttribute('data-view', '3');
  // Decision 023: the code went to the address; an account without a question needs nothing more.
  await main(page).getByLabel('Κωδικός μίας χρήσης').fill(await latestCode(page, email, 'otp:reset_email'));
  await page.getByTestId('reset-code-submit').click();
  await main(page).getByRole('textbox', { name: 'Νέος κωδικός πρόσβασης' }).fill('Back-Again-2026!');
  await main(page).getByLabel('Επιβεβαίωση κωδικού').fill('Back-Again-2026!');
  await page.getByTestId('reset-set-password').click();
  await expect(page.getByTestId('reset-done')).toBeVisible();
  await login(page, email, 'Back-Again-2026!');
  await expect(page).toHaveURL(/\/$/);
});

test('an e-mail is verified by link and every open tab turns its label to verified', async ({ page, context, js }) => {
  const email = uniqueEmail('link', js);
  const mobile = `+3069${String(Date.now() + 7).slice(-8)}`;
  // By SMS: the e-mail is not verified yet.
  await register(page, js, email, { channel: 'sms', mobile });
  await expect(page.getByTestId('email-label')).toHaveAttribute('data-verified', 'false');
  await hydrated(page, js);
  if (js) await page.waitForFunction(() => document.documentElement.dataset.live === 'open');
  await page.getByTestId('send-verification').click();
  await expect(page.getByTestId('outcome-send_verification')).toHaveAttribute('data-code', '2160');
  const link = await mailLink(page, email, 'verify_email');
  const other = await context.newPage();
  await other.goto(link);
  await other.getByTestId('verify-submit').click();
  await expect(other.getByTestId('verify-done')).toContainText(email);
  if (js) await expect(page.getByTestId('email-label')).toHaveAttribute('data-verified', 'true');
  else {
    await page.reload();
    await expect(page.getByTestId('email-label')).toHaveAttribute('data-verified', 'true');
  }
  // The link is single-use.
  await other.goto(link);
  await other.getByTestId('verify-submit').click();
  await expect(other.getByTestId('verify-invalid')).toBeVisible();
});

test('with JavaScript the login opens as a dialog over the page and comes back to it, cart merged', async ({ page, js }) => {
  test.skip(!js, 'without JavaScript the same link is the login page (covered above)');
  const email = uniqueEmail('dialog', js);
  await register(page, js, email);
  await signOut(page);
  const fqdn = `dialog${Date.now().toString(36)}.eu`;
  await page.goto(`/domains/search?q=${fqdn}`);
  await hydrated(page, js);
  await page.getByTestId('exact-result').getByTestId('add-to-cart').click();
  await expect(page.getByTestId('exact-result').getByTestId('in-cart')).toBeVisible();
  await page.goto('/cart');
  await hydrated(page, js);
  await page.getByTestId('cart-login-note').getByRole('link').click();
  const dialog = page.getByTestId('login-dialog');
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\/cart$/);
  // A wrong password answers inside the dialog, with the e-mail kept.
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByLabel('Κωδικός πρόσβασης').fill('not-the-password-1');
  await dialog.getByTestId('login-submit').click();
  await expect(dialog.getByTestId('login-alert')).toBeVisible();
  await expect(dialog.getByLabel('E-mail')).toHaveValue(email);
  await dialog.getByLabel('Κωδικός πρόσβασης').fill(PASSWORD);
  await dialog.getByTestId('login-submit').click();
  await expect(page.getByTestId('login-dialog')).toHaveCount(0);
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByTestId('cart-login-note')).toHaveCount(0);
  await expect(page.locator(`[data-testid="cart-line"][data-name="${fqdn}"]`)).toBeVisible();
});

test('with JavaScript a visitor registers in the dialog, verifies the OTP there and stays on the page', async ({ page, js }) => {
  test.skip(!js, 'without JavaScript the register link is the registration page (covered above)');
  test.setTimeout(60_000);
  const email = uniqueEmail('dialogreg', js);
  await page.goto('/domains/prices');
  await hydrated(page, js);
  // The side navigation's "register" link opens the dialog on its register tab.
  await page.getByTestId('side-nav-toggle').click();
  await page.getByTestId('side-nav').getByRole('link', { name: 'Εγγραφή', exact: true }).click();
  const dialog = page.getByTestId('login-dialog');
  await expect(dialog.getByTestId('dialog-tab-register')).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/\/domains\/prices$/);
  // Both panels stay in the dialog (switching keeps what was typed); the register one is shown.
  const panel = dialog.locator('#dialog-panel-register');
  // Step 1 with a mismatched confirmation: the error shows under the field, inside the dialog.
  await panel.getByLabel('E-mail').fill(email);
  await panel.getByLabel('Κωδικός πρόσβασης', { exact: true }).fill(PASSWORD);
  await panel.getByLabel('Επιβεβαίωση κωδικού').fill(`${PASSWORD}x`);
  await panel.getByLabel('Όνομα', { exact: true }).fill('Νίκος');
  await panel.getByLabel('Επώνυμο').fill('Ιωάννου');
  await panel.getByTestId('register-continue').click();
  await expect(panel.locator('#dialog-register-password_confirmation')).toHaveAttribute('aria-invalid', 'true');
  // Switching to the login tab and back keeps what was typed.
  await dialog.getByTestId('dialog-tab-login').click();
  await dialog.getByTestId('dialog-tab-register').click();
  await expect(panel.getByLabel('Όνομα', { exact: true })).toHaveValue('Νίκος');
  // The whole registration, then the code from the mailbox, all without leaving /cart.
  await fillRegistration(page, email, {}, panel);
  await expect(page).toHaveURL(/\/domains\/prices$/);
  await panel.getByLabel('Κωδικός μίας χρήσης').fill(await latestCode(page, email, 'otp:register'));
  await panel.getByTestId('otp-submit').click();
  await expect(page.getByTestId('login-dialog')).toHaveCount(0);
  await expect(page).toHaveURL(/\/domains\/prices$/);
  await expect(page.getByTestId('account-name')).toContainText(email);
});
