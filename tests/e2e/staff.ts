// The demo administrator logs in on the admin host with its password and its authenticator code
// (staff must use two-factor: decision 024; the key is in README "Demo accounts").
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { totp, TOTP_STEP_SECONDS, TOTP_WINDOW } from '../../core/totp';
import { DEMO_USERS } from '../../db/seed/demo-users';
import { expect, PORT } from './fixtures';

export const DEMO_ADMIN = DEMO_USERS[1];
/** The demo member of the support group (issue #22): same password, its own authenticator key. */
export const DEMO_SUPPORT = DEMO_USERS.find((u) => u.email === 'support@example.gr')!;
export const ADMIN_ORIGIN = `http://admin.localhost:${PORT}`;
const STEP_MS = TOTP_STEP_SECONDS * 1000;
/** A claimed step must stay good at least this long: the code is typed and posted after the claim. */
const MARGIN_MS = 8_000;

/**
 * This run's own folder for what its parallel test processes share (claimed TOTP steps, shared
 * sessions): named after the run's DEV_API_TOKEN, which playwright.config.ts makes once per run, so
 * a second run on the same port never meets the first one's claims.
 */
export function runDir(): string {
  const run = createHash('sha256').update(process.env.DEV_API_TOKEN ?? 'no-token').digest('hex').slice(0, 12);
  const dir = join(tmpdir(), `registrar-e2e-${PORT}-${run}`);
  mkdirSync(dir, { recursive: true });
  return dir;
}

/**
 * A TOTP code is good once: the server refuses a step not newer than the last one it accepted
 * (RFC 6238 §5.2), and accepts the steps one either side of now (TOTP_WINDOW). The browser tests run
 * in parallel processes, so each login claims a step through the file system (mkdir is atomic): the
 * oldest step of the window that nobody has claimed and that stays good long enough, so up to three
 * logins go through at once and a fourth waits for the next step (instead of one login per step).
 */
async function claimStep(): Promise<number> {
  const dir = runDir();
  for (;;) {
    const now = Date.now();
    const current = Math.floor(now / STEP_MS);
    for (let step = current - TOTP_WINDOW; step <= current + TOTP_WINDOW; step++) {
      // A step is accepted until the end of the step TOTP_WINDOW after it.
      if ((step + TOTP_WINDOW + 1) * STEP_MS - now < MARGIN_MS) continue;
      try {
        mkdirSync(join(dir, `totp-${step}`));
        return step;
      } catch {
        // Claimed by another login: try the next one.
      }
    }
    await new Promise((r) => setTimeout(r, (current + 1) * STEP_MS - Date.now() + 50));
  }
}

/**
 * The whole staff login, as a person does it: password, then the authenticator code; it ends logged
 * in on `redirectTo` of the admin host, or fails. A code can lose a race (another process posted a
 * newer step first: 2005); then it claims another step and types that one.
 */
export async function adminLogin(page: Page, redirectTo: string, who: { email: string; password: string; totpSecret: string } = DEMO_ADMIN) {
  await page.goto(`${ADMIN_ORIGIN}/auth/login?redirectTo=${encodeURIComponent(redirectTo)}`);
  await page.locator('main').getByLabel('E-mail').fill(who.email);
  await page.locator('main').getByLabel('Κωδικός πρόσβασης').fill(who.password);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('login-alert')).toHaveAttribute('data-code', '2004');
  const target = new URL(redirectTo, ADMIN_ORIGIN);
  const arrived = (url: URL) => url.origin === target.origin && url.pathname === target.pathname;
  for (let attempt = 1; ; attempt++) {
    const step = await claimStep();
    await page.locator('main').getByLabel('Κωδικός επιβεβαίωσης').fill(await totp(who.totpSecret, step * STEP_MS));
    // Wait for this post's answer: a refusal of an earlier attempt may still be on the page.
    await Promise.all([page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname.startsWith('/auth/login')), page.getByTestId('two-factor-submit').click()]);
    const alert = page.getByTestId('login-alert').and(page.locator('[data-code="2005"]'));
    // Either the page moved to the target (logged in) or the code was refused.
    await expect.poll(async () => arrived(new URL(page.url())) || (await alert.count()) > 0, { timeout: 15_000 }).toBe(true);
    if (arrived(new URL(page.url()))) break;
    if (attempt === 3) throw new Error('staff login: three authenticator codes refused');
  }
  await expect(page).toHaveURL(arrived);
}
