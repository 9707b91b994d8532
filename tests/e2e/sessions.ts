// Logged-in sessions that tests share when they are not about logging in (decision 054): each seeded
// account logs in once per run, through the real form (and for staff the authenticator code), and
// every test that only needs to be that account starts with the session's cookie. Logins are the
// slow part of the browser tests (a password hash each, and a staff login may wait for a TOTP step).
// Tests about logging in (auth, accounts) keep logging in through the form themselves.
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Cookie, Page } from '@playwright/test';
import { expect, PORT } from './fixtures';
import { login } from './flows';
import { ADMIN_ORIGIN, adminLogin, DEMO_ADMIN, DEMO_SUPPORT, runDir } from './staff';

export const DEMO = { email: 'demo@example.gr', password: 'Demo-Pelatis-2026' };
export const PORTFOLIO = { email: 'portfolio@example.gr', password: 'Demo-Pelatis-2026' };
/** 'staff' is the demo admin, 'support' the demo member of the support group (issue #22). */
export type SharedAccount = 'demo' | 'portfolio' | 'staff' | 'support';
const isStaff = (account: SharedAccount) => account === 'staff' || account === 'support';

const cache = new Map<SharedAccount, Cookie[]>();

function randomIp(): string {
  const octet = () => 1 + Math.floor(Math.random() * 250);
  return `10.${octet()}.${octet()}.${octet()}`;
}

/** Logs the account in, in a context of its own, and returns its cookies. */
async function freshLogin(browser: Browser, account: SharedAccount): Promise<Cookie[]> {
  const context = await browser.newContext({ baseURL: `http://localhost:${PORT}`, extraHTTPHeaders: { 'CF-Connecting-IP': randomIp() } });
  try {
    const page = await context.newPage();
    if (isStaff(account)) await adminLogin(page, '/admin', account === 'support' ? DEMO_SUPPORT : DEMO_ADMIN);
    else await login(page, account === 'demo' ? DEMO.email : PORTFOLIO.email, DEMO.password);
    // The session cookie alone ('sid', worker/services/auth.ts): each test's context mints its own CSRF
    // and visitor cookies.
    return (await context.cookies()).filter((c) => c.name === 'sid');
  } finally {
    await context.close();
  }
}

/**
 * The account's session cookies for this run: the first test process to ask logs in and writes them
 * to the run's folder (mkdir as the lock); the others wait for the file.
 */
async function sharedCookies(browser: Browser, account: SharedAccount): Promise<Cookie[]> {
  const known = cache.get(account);
  if (known) return known;
  const dir = runDir();
  const file = join(dir, `session-${account}.json`);
  const lock = join(dir, `session-${account}.lock`);
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (existsSync(file)) {
      const cookies = JSON.parse(readFileSync(file, 'utf8')) as Cookie[];
      cache.set(account, cookies);
      return cookies;
    }
    let mine = false;
    try {
      mkdirSync(lock);
      mine = true;
    } catch {
      // Another process is logging in.
    }
    if (mine) {
      try {
        const cookies = await freshLogin(browser, account);
        expect(cookies.length, `${account}: the login set no session cookie`).toBeGreaterThan(0);
        writeFileSync(`${file}.tmp`, JSON.stringify(cookies));
        renameSync(`${file}.tmp`, file);
        cache.set(account, cookies);
        return cookies;
      } finally {
        // A failed login frees the lock for the next one to try.
        if (!existsSync(file)) rmSync(lock, { recursive: true, force: true });
      }
    }
    if (Date.now() > deadline) throw new Error(`${account}: no shared session after 90 s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * Starts the page's context as the shared account (demo or portfolio customer on the storefront,
 * staff on the admin host) and checks that it is logged in: `path` loads without a detour to the
 * login page (for staff: and without the access-denied page).
 */
export async function signedIn(page: Page, account: SharedAccount, path = isStaff(account) ? '/admin' : '/account') {
  const browser = page.context().browser();
  if (!browser) throw new Error('signedIn: the page has no browser');
  await page.context().addCookies(await sharedCookies(browser, account));
  const url = new URL(path, isStaff(account) ? ADMIN_ORIGIN : `http://localhost:${PORT}`);
  await page.goto(url.href);
  // A guest would land on the login page; a customer on the admin host would be refused.
  await expect(page).toHaveURL((u) => u.origin === url.origin && u.pathname === url.pathname);
  if (isStaff(account)) await expect(page.getByTestId('access-denied')).toHaveCount(0);
}
