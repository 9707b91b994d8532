// Issue #32 §3: turning a factor off needs that factor. The authenticator app is turned off on
// /account/security with the password and a current code from the app (the password alone, which a
// thief of the session and the password has, no longer does); staff cannot turn theirs off at all:
// it is mandatory for the back office (decision 024), and re-enrolling on the admin host would
// otherwise hand the second factor to whoever holds the password.
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { generateTotpSecret, totp } from '../../core/totp';
import { createDb } from '../../db/client';
import { users } from '../../db/schema';
import { DEMO_USERS } from '../../db/seed';
import { uniqueName } from './customers';
import { Browser, form, login } from './helpers';
import { newStaff } from './staff';

const db = createDb(env.DB);
const demo = DEMO_USERS[0];
const STEP = 30_000;

/** A customer logged in, then given an authenticator app straight in D1 (the enrolment has its own tests). */
async function customerWithApp() {
  const email = `${uniqueName('totpoff')}@example.gr`;
  const now = new Date();
  const [u] = await db
    .insert(users)
    .values({ email, emailVerifiedAt: now, passwordHash: demo.passwordHash, firstName: 'Ελένη', lastName: 'Ν', gdprProcessingAt: now, gdprValidityAt: now, createdAt: now, updatedAt: now })
    .returning({ id: users.id });
  const b = new Browser();
  expect((await login(b, email, demo.password)).status).toBe(303);
  const secret = generateTotpSecret();
  await db.update(users).set({ totpSecret: secret, totpEnabledAt: now }).where(eq(users.id, u!.id));
  return { id: u!.id, b, secret };
}

const appOn = async (id: number) => (await db.select({ at: users.totpEnabledAt }).from(users).where(eq(users.id, id)))[0]!.at !== null;

async function turnOff(b: Browser, fields: Record<string, string>) {
  const { token } = await b.open('/account/security');
  const res = await b.fetch('/account/security', form({ _token: token, intent: 'totp_disable', ...fields }));
  return { res, html: await res.text() };
}

describe('turning the authenticator app off', () => {
  it('is refused with the password alone, and with a wrong code', async () => {
    const { id, b } = await customerWithApp();
    const page = await b.open('/account/security');
    expect(page.html).toContain('data-testid="totp-enabled"');
    // The form asks for the code beside the password.
    const offForm = /<form[^>]*id="totp-off"[\s\S]*?<\/form>/.exec(page.html)?.[0] ?? '';
    expect(offForm).toContain('value="totp_disable"');
    expect(offForm).toContain('name="code"');
    const alone = await turnOff(b, { current_password: demo.password });
    expect(alone.res.status).toBe(400);
    expect(await appOn(id)).toBe(true);
    const wrong = await turnOff(b, { current_password: demo.password, code: '000000' });
    expect(wrong.res.status).toBe(400);
    expect(wrong.html).toContain('data-code="2005"');
    expect(await appOn(id)).toBe(true);
  });

  it('is done with the password and a current code, which is then used up', async () => {
    const { id, b, secret } = await customerWithApp();
    const code = await totp(secret, Date.now());
    const wrongPassword = await turnOff(b, { current_password: 'not-the-password', code });
    expect(wrongPassword.res.status).toBe(400);
    expect(await appOn(id)).toBe(true);
    const done = await turnOff(b, { current_password: demo.password, code });
    expect(done.res.status).toBe(200);
    expect(await appOn(id)).toBe(false);
    const [u] = await db.select().from(users).where(eq(users.id, id));
    expect(u).toMatchObject({ totpSecret: null, totpPendingSecret: null, totpLastCounter: null });
  });
});

describe("staff's authenticator app", () => {
  it('cannot be turned off from the storefront, even with the password and a code', async () => {
    const staff = await newStaff({ totp: true });
    const b = new Browser();
    const { token } = await b.open('/auth/login');
    const first = await b.fetch('/auth/login', form({ _token: token, email: staff.email, password: staff.password, redirectTo: '/account' }));
    const challenge = /name="challenge" value="([^"]+)"/.exec(await first.text())?.[1];
    expect(challenge).toBeTruthy();
    const second = await b.fetch('/auth/login', form({ _token: b.csrf, intent: 'two_factor', challenge: challenge!, method: 'totp', code: await totp(staff.secret!, Date.now()), redirectTo: '/account' }));
    expect(second.status).toBe(303);

    const page = await b.open('/account/security');
    expect(page.html).toContain('data-testid="totp-mandatory"');
    expect(page.html).not.toContain('value="totp_disable"');
    const refused = await turnOff(b, { current_password: staff.password, code: await totp(staff.secret!, Date.now() + STEP) });
    expect(refused.res.status).toBe(403);
    expect(refused.html).toContain('data-code="44120"');
    expect(await appOn(staff.id)).toBe(true);
  });
});
