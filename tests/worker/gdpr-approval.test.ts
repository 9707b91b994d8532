// Issue #24 §3: the GDPR approval at login (spec §4, §8 43005/43006). A login whose password (and second
// factor) was right, by someone who never approved the privacy policy or approved an older version, gets
// no session but a pending-login token; the approval form carries it, records both approvals with their
// consent rows, and only then starts the session.
import { env } from 'cloudflare:workers';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { GDPR_POLICY_VERSION } from '../../core/gdpr';
import { totp, generateTotpSecret } from '../../core/totp';
import { createDb } from '../../db/client';
import { consentEvents, tokens, users } from '../../db/schema';
import { DEMO_USERS } from '../../db/seed';
import { createAdapters } from '../../worker/adapters';
import { configOf } from '../../worker/config';
import { createAuthService } from '../../worker/services/accounts';
import { approveLogin, Browser, form, login, pendingOf } from './helpers';

const db = createDb(env.DB);
const demo = DEMO_USERS[0];
let seq = 0;

async function customer(extra: Partial<typeof users.$inferInsert> = {}) {
  const now = new Date();
  const email = `gdpr.${Date.now().toString(36)}${seq++}@example.gr`;
  const [u] = await db
    .insert(users)
    .values({ email, passwordHash: demo.passwordHash, firstName: 'Ιωάννα', lastName: 'Κ', emailVerifiedAt: now, createdAt: now, updatedAt: now, ...extra })
    .returning();
  return u!;
}

async function askedToApprove(b: Browser, email: string) {
  const res = await login(b, email, demo.password);
  const html = await res.text();
  return { res, html, pending: pendingOf(html) };
}

describe('GDPR approval at login', () => {
  it('answers 43005 with the agreement checkboxes and no session to a customer who never approved', async () => {
    const u = await customer();
    const b = new Browser();
    const { res, html, pending } = await askedToApprove(b, u.email);
    expect(res.status).toBe(403);
    expect(html).toContain('data-testid="gdpr-approval"');
    expect(html).toContain('name="gdpr_processing"');
    expect(html).toContain('name="gdpr_validity"');
    expect(html).toContain('Αποδοχή και σύνδεση');
    expect(pending).toBeTruthy();
    expect(b.cookies.has('sid')).toBe(false);
    // Going elsewhere does not get round it: there is no session until the approval.
    const account = await b.fetch('/account');
    expect(account.status).toBe(303);
    expect(account.headers.get('Location')).toContain('/auth/login');
  });

  it('asks again when the approval was given to an older policy version', async () => {
    const old = await customer({ gdprProcessingAt: new Date(), gdprValidityAt: new Date(), gdprPolicyVersion: GDPR_POLICY_VERSION - 1 });
    const { res, pending } = await askedToApprove(new Browser(), old.email);
    expect(res.status).toBe(403);
    expect(pending).toBeTruthy();
    // A raised policy version asks everyone approved at the one before (the service with version + 1).
    const current = await customer({ gdprProcessingAt: new Date(), gdprValidityAt: new Date(), gdprPolicyVersion: GDPR_POLICY_VERSION });
    const deps = { db, env, now: new Date(), adapters: createAdapters(configOf(env), db) };
    const input = { email: current.email, password: demo.password, ip: '192.0.2.44', userAgent: 'test', visitorId: 'v-gdpr', uniqueId: null, locale: 'el' as const };
    const raised = await createAuthService(deps, { policyVersion: GDPR_POLICY_VERSION + 1 }).login(new Request('http://localhost/auth/login', { method: 'POST' }), input);
    expect(raised).toMatchObject({ ok: false, code: 43005 });
    const same = await createAuthService(deps).login(new Request('http://localhost/auth/login', { method: 'POST' }), { ...input, ip: '192.0.2.45' });
    expect(same.ok).toBe(true);
  });

  it('keeps the form open with 43006 while a box is unchecked, with the same token', async () => {
    const u = await customer();
    const b = new Browser();
    const { pending } = await askedToApprove(b, u.email);
    const tries: Record<string, string>[] = [{}, { gdpr_processing: 'on' }, { gdpr_validity: 'on' }];
    for (const boxes of tries) {
      const res = await approveLogin(b, pending!, boxes);
      expect(res.status).toBe(400);
      const html = await res.text();
      expect(html).toContain('data-code="43006"');
      expect(html).toContain('data-testid="gdpr-approval"');
      expect(pendingOf(html)).toBe(pending);
      expect(b.cookies.has('sid')).toBe(false);
    }
    const [row] = await db.select().from(users).where(eq(users.id, u.id));
    expect(row!.gdprProcessingAt).toBeNull();
    expect(await db.select().from(consentEvents).where(eq(consentEvents.userId, u.id))).toHaveLength(0);
    expect((await approveLogin(b, pending!)).status).toBe(303);
  });

  it('records both approvals at the current version with a consent row each, then starts the session', async () => {
    const u = await customer();
    const b = new Browser();
    const { pending } = await askedToApprove(b, u.email);
    const res = await approveLogin(b, pending!);
    expect(res.status).toBe(303);
    expect(res.headers.get('Location')).toBe('/account');
    expect(b.cookies.has('sid')).toBe(true);
    const [row] = await db.select().from(users).where(eq(users.id, u.id));
    expect(row!.gdprProcessingAt).not.toBeNull();
    expect(row!.gdprValidityAt).not.toBeNull();
    expect(row!.gdprPolicyVersion).toBe(GDPR_POLICY_VERSION);
    const rows = await db.select().from(consentEvents).where(eq(consentEvents.userId, u.id));
    expect(rows.map((r) => r.kind).sort()).toEqual(['processing', 'validity']);
    for (const r of rows) expect(r).toMatchObject({ granted: true, source: 'login', policyVersion: String(GDPR_POLICY_VERSION), ip: b.ip });
    expect((await b.fetch('/account')).status).toBe(200);
    // The next login goes straight in.
    expect((await login(new Browser(), u.email, demo.password)).status).toBe(303);
  });

  it('spends the pending token once: a second use, a parallel one or an expired one starts the login over', async () => {
    const u = await customer();
    const b = new Browser();
    const { pending } = await askedToApprove(b, u.email);
    // The same form sent from three browsers at once: one session.
    const others = [new Browser(), new Browser(), new Browser()];
    const answers = await Promise.all(others.map((o) => approveLogin(o, pending!)));
    expect(answers.map((r) => r.status).sort()).toEqual([303, 401, 401]);
    expect(others.filter((o) => o.cookies.has('sid'))).toHaveLength(1);
    const again = await approveLogin(b, pending!);
    expect(again.status).toBe(401);
    const html = await again.text();
    expect(html).toContain('data-code="2005"');
    expect(html).toContain('Συνδεθείτε ξανά');
    expect(b.cookies.has('sid')).toBe(false);
    expect(await db.select().from(consentEvents).where(eq(consentEvents.userId, u.id))).toHaveLength(2);

    const late = await customer();
    const lb = new Browser();
    const asked = await askedToApprove(lb, late.email);
    await db.update(tokens).set({ expiresAt: new Date(Date.now() - 1) }).where(and(eq(tokens.userId, late.id), eq(tokens.purpose, 'login_gdpr')));
    expect((await approveLogin(lb, asked.pending!)).status).toBe(401);
    expect(lb.cookies.has('sid')).toBe(false);
    const [row] = await db.select().from(users).where(eq(users.id, late.id));
    expect(row!.gdprProcessingAt).toBeNull();
    // A made-up token is no different.
    expect((await approveLogin(new Browser(), 'not-a-pending-login')).status).toBe(401);
  });

  it('comes after the second factor: the code first, then the approval, then the session', async () => {
    const secret = generateTotpSecret();
    const u = await customer({ totpSecret: secret, totpEnabledAt: new Date() });
    const b = new Browser();
    const first = await login(b, u.email, demo.password);
    const challenge = /name="challenge" value="([^"]+)"/.exec(await first.text())?.[1];
    expect(challenge).toBeTruthy();
    expect(pendingOf(await (await login(new Browser(), 'nobody@example.gr', 'x')).text())).toBeNull();
    const second = await b.fetch('/auth/login', form({ _token: b.csrf, intent: 'two_factor', challenge: challenge!, method: 'totp', code: await totp(secret, Date.now()), redirectTo: '/account' }));
    expect(second.status).toBe(403);
    const pending = pendingOf(await second.text());
    expect(pending).toBeTruthy();
    expect(b.cookies.has('sid')).toBe(false);
    expect((await approveLogin(b, pending!)).status).toBe(303);
    expect(b.cookies.has('sid')).toBe(true);
  });

  it('opened by itself the approval page says no login is waiting', async () => {
    const page = await new Browser().open('/auth/login/approval');
    expect(page.res.status).toBe(200);
    expect(page.html).toContain('data-testid="approval-none"');
  });
});
