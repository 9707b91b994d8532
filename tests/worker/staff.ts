// Staff for the worker tests: a fresh administrator straight in D1 (the demo admin's password), with
// an authenticator app enrolled or not, logged in on the admin host through the real forms. Fresh
// accounts, because a TOTP code is good once (replay protection) and staff sessions are short.
import { env } from 'cloudflare:workers';
import { createDb } from '../../db/client';
import { DEMO_USERS } from '../../db/seed';
import { users } from '../../db/schema';
import { generateTotpSecret, totp } from '../../core/totp';
import { uniqueName } from './customers';
import { Browser, form } from './helpers';

export const ADMIN = 'http://admin.localhost';
const db = createDb(env.DB);
const admin = DEMO_USERS[1];

export async function newStaff(options: { totp: boolean; group?: 'admin' | 'support' }) {
  const email = `${uniqueName('staff')}@example.gr`;
  const secret = generateTotpSecret();
  const now = new Date();
  const [u] = await db
    .insert(users)
    .values({
      email,
      passwordHash: admin.passwordHash,
      firstName: 'Νίκος',
      lastName: 'Προσωπικό',
      userGroup: options.group ?? 'admin',
      gdprProcessingAt: now,
      emailVerifiedAt: now,
      ...(options.totp ? { totpSecret: secret, totpEnabledAt: now } : {}),
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: users.id });
  return { id: u!.id, email, password: admin.password, secret: options.totp ? secret : null };
}

/** Logs in on the admin host; answers the TOTP question when the account has an app. */
export async function staffLogin(b: Browser, who: { email: string; password: string; secret: string | null }, redirectTo = '/admin'): Promise<Response> {
  const { token } = await b.open(`${ADMIN}/auth/login`);
  const res = await b.fetch(`${ADMIN}/auth/login`, form({ _token: token, email: who.email, password: who.password, redirectTo }));
  if (!who.secret) return res;
  const challenge = /name="challenge" value="([^"]+)"/.exec(await res.text())?.[1];
  if (!challenge) throw new Error(`staff login: no two-factor challenge (status ${res.status})`);
  return b.fetch(`${ADMIN}/auth/login`, form({ _token: b.csrf, intent: 'two_factor', challenge, method: 'totp', code: await totp(who.secret, Date.now()), redirectTo }));
}

/** A browser with a fresh member of staff (an administrator unless `group` says support) who has two-factor, logged in on the admin host. */
export async function staffBrowser(group: 'admin' | 'support' = 'admin'): Promise<{ b: Browser; staff: Awaited<ReturnType<typeof newStaff>> }> {
  const staff = await newStaff({ totp: true, group });
  const b = new Browser();
  const res = await staffLogin(b, staff);
  if (res.status !== 303) throw new Error(`staff login failed: ${res.status}`);
  return { b, staff };
}
