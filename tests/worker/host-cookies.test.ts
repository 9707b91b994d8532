// Issue #19 §4: the session and CSRF cookies had no `__Host-` prefix, so anyone who can set a cookie
// for a parent domain (a sibling host, a subdomain takeover) could plant a CSRF token they know, or
// their own session or visitor id. Over https every such cookie is `__Host-` (Secure, Path=/, no
// Domain) and a bare-named one is ignored; plain-http development (localhost) keeps the bare names.
import { SELF } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../db/client';
import { DEMO_USERS } from '../../db/seed';
import { tokens } from '../../db/schema';
import { sha256Hex } from '../../worker/services/accounts/otp';
import { Browser, form } from './helpers';

const demo = DEMO_USERS[0];
const HTTPS = 'https://localhost';
const PLANTED = 'A'.repeat(43);

function cookieLine(res: Response, name: string): string | undefined {
  return res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
}

/** What a browser demands of a __Host- cookie before it stores it. */
function expectHostCookie(line: string | undefined, name: string) {
  expect(line, name).toBeDefined();
  const attrs = line!.split(';').map((a) => a.trim().toLowerCase());
  expect(attrs, name).toContain('secure');
  expect(attrs, name).toContain('path=/');
  expect(attrs.some((a) => a.startsWith('domain=')), name).toBe(false);
}

describe('cookies over https', () => {
  it('mints the CSRF token and the visitor id as __Host- cookies', async () => {
    const res = await new Browser().fetch(`${HTTPS}/auth/login`);
    expect(res.status).toBe(200);
    expectHostCookie(cookieLine(res, '__Host-csrf_token'), '__Host-csrf_token');
    expectHostCookie(cookieLine(res, '__Host-gid'), '__Host-gid');
    expect(cookieLine(res, 'csrf_token')).toBeUndefined();
    expect(cookieLine(res, 'gid')).toBeUndefined();
  });

  it('ignores a CSRF token planted under the bare name', async () => {
    const b = new Browser();
    b.cookies.set('csrf_token', PLANTED);
    const { res, token } = await b.open(`${HTTPS}/auth/login`);
    // The page does not adopt the planted token: it mints its own.
    expect(token).not.toBe(PLANTED);
    expect(cookieLine(res, '__Host-csrf_token')).toBeDefined();
    // A form carrying the planted token is refused (the attacker's forged login or purchase).
    const forged = new Browser();
    forged.cookies.set('csrf_token', PLANTED);
    const post = await forged.fetch(`${HTTPS}/auth/login`, form({ _token: PLANTED, email: demo.email, password: demo.password, redirectTo: '/account' }));
    expect(post.status).toBe(403);
    expect(cookieLine(post, '__Host-sid')).toBeUndefined();
  });

  it('logs in with a __Host- session cookie that pages and the live channel read, and logs out with it', async () => {
    const b = new Browser();
    const { token } = await b.open(`${HTTPS}/auth/login`);
    const res = await b.fetch(`${HTTPS}/auth/login`, form({ _token: token, email: demo.email, password: demo.password, redirectTo: '/account' }));
    expect(res.status).toBe(303);
    expectHostCookie(cookieLine(res, '__Host-sid'), '__Host-sid');
    // The rotated CSRF cookie is a __Host- one too.
    expectHostCookie(cookieLine(res, '__Host-csrf_token'), '__Host-csrf_token');
    expect(cookieLine(res, 'sid')).toBeUndefined();
    expect((await b.fetch(`${HTTPS}/account`)).status).toBe(200);

    // The same session under the bare name is not read over https.
    const sid = b.cookies.get('__Host-sid')!;
    const bare = new Browser();
    bare.cookies.set('sid', sid);
    expect((await bare.fetch(`${HTTPS}/account`)).status).toBe(303);

    // The user's live channel accepts the __Host- cookie only.
    const room = `u-${sid.split('.')[0]}`;
    const ok = await SELF.fetch(`${HTTPS}/parties/user/${room}`, { headers: { Upgrade: 'websocket', Cookie: `__Host-sid=${sid}` } });
    expect(ok.status).toBe(101);
    ok.webSocket?.accept();
    ok.webSocket?.close();
    const refused = await SELF.fetch(`${HTTPS}/parties/user/${room}`, { headers: { Upgrade: 'websocket', Cookie: `sid=${sid}` } });
    expect(refused.status).toBe(403);

    const { token: t2 } = await b.open(`${HTTPS}/account`);
    const out = await b.fetch(`${HTTPS}/auth/logout`, form({ _token: t2 }));
    const gone = cookieLine(out, '__Host-sid');
    expectHostCookie(gone, '__Host-sid');
    expect(gone).toMatch(/Max-Age=0/);
  });
});

describe('the known-device cookie (issue #32 §3)', () => {
  const db = createDb(env.DB);
  const deviceRow = async (token: string) => (await db.select().from(tokens).where(and(eq(tokens.tokenHash, await sha256Hex(token)), eq(tokens.purpose, 'known_device'))))[0];
  async function logIn(b: Browser, origin: string) {
    const { token } = await b.open(`${origin}/auth/login`);
    const res = await b.fetch(`${origin}/auth/login`, form({ _token: token, email: demo.email, password: demo.password, redirectTo: '/account' }));
    expect(res.status).toBe(303);
    return res;
  }

  it('is __Host-kd over https, like the session cookie', async () => {
    const res = await logIn(new Browser(), HTTPS);
    expectHostCookie(cookieLine(res, '__Host-kd'), '__Host-kd');
    expect(cookieLine(res, '__Host-kd')).toMatch(/HttpOnly/);
    expect(cookieLine(res, 'kd')).toBeUndefined();
  });

  it('an old bare kd is recognised once over https: its login moves it to __Host-kd and retires it', async () => {
    // A browser known from before the prefix: its kd as the old code set it (plain http gives the bare name).
    const old = new Browser();
    const first = await logIn(old, 'http://localhost');
    expect(cookieLine(first, 'kd')).toBeDefined();
    expect(cookieLine(first, '__Host-kd')).toBeUndefined();
    const legacy = old.cookies.get('kd')!;
    expect(await deviceRow(legacy)).toMatchObject({ consumedAt: null });

    const b = new Browser();
    b.cookies.set('kd', legacy);
    const moved = await logIn(b, HTTPS);
    const line = cookieLine(moved, '__Host-kd');
    expectHostCookie(line, '__Host-kd');
    const fresh = decodeURIComponent(line!.split(';')[0]!.split('=')[1]!);
    expect(fresh).not.toBe(legacy);
    expect(await deviceRow(fresh)).toMatchObject({ consumedAt: null });
    // The bare one is removed from the browser and retired here: it counts no second time.
    expect(cookieLine(moved, 'kd')).toMatch(/Max-Age=0/);
    expect((await deviceRow(legacy))!.consumedAt).not.toBeNull();
    // A later login of a browser with the new cookie keeps it (no new token, no cookie to set).
    const later = new Browser();
    later.cookies.set('__Host-kd', fresh);
    const again = await logIn(later, HTTPS);
    expect(cookieLine(again, '__Host-kd')).toBeUndefined();
  });
});

describe('cookies on plain-http development', () => {
  it('keep their bare names (a browser refuses __Host- without Secure)', async () => {
    const res = await new Browser().fetch('http://localhost/auth/login');
    expect(cookieLine(res, 'csrf_token')).toBeDefined();
    expect(cookieLine(res, '__Host-csrf_token')).toBeUndefined();
    expect(cookieLine(res, 'csrf_token')).not.toMatch(/Secure/);
  });
});
