// The demo administrator logs in on the admin host with its password and its authenticator code
// (staff must use two-factor: decision 024; the key is in README "Demo accounts").
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { totp, TOTP_STEP_SECONDS } from '../../core/totp';
import { DEMO_USERS } from '../../db/seed/demo-users';
import { expect, PORT } from './fixtures';

export const DEMO_ADMIN = DEMO_USERS[1];
const STEP_MS = TOTP_STEP_SECONDS * 1000;

/**
 * A TOTP code is good once: the server refuses a step it has already seen. The browser tests run in
 * parallel processes, so each login claims its 30-second step through the file system (mkdir is
 * atomic) and waits for the next step when another login has it.
 */
async function claimStep(): Promise<number> {
  for (;;) {
    const step = Math.floor(Date.now() / STEP_MS);
    try {
      mkdirSync(join(tmpdir(), `registrar-e2e-${PORT}-totp-${step}`));
      return step;
    } catch {
      await new Promise((r) => setTimeout(r, (step + 1) * STEP_MS - Date.now() + 50));
    }
  }
}

export async function adminLogin(page: Page, redirectTo: string) {
  await page.goto(`http://admin.localhost:${PORT}/auth/login?redirectTo=${encodeURIComponent(redirectTo)}`);
  await page.locator('main').getByLabel('E-mail').fill(DEMO_ADMIN.email);
  await page.locator('main').getByLabel('Κωδικός πρόσβασης').fill(DEMO_ADMIN.password);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('login-alert')).toHaveAttribute('data-code', '2004');
  const step = await claimStep();
  await page.locator('main').getByLabel('Κωδικός επιβεβαίωσης').fill(await totp(DEMO_ADMIN.totpSecret, step * STEP_MS));
  await page.getByTestId('two-factor-submit').click();
}
