// A customer's page in the back office (issue #33 §3): their latest messages with the log filtered to
// them, and the two safe actions support may take too: a new verification link (only while the
// address is unverified) and a password-reset link, each to the customer's own address, audited, and
// limited (the attempt is taken before anything is checked, so thirty clicks at once send at most the
// limit, and none of them answers 5xx). Without JavaScript: plain form posts.
import { env } from 'cloudflare:workers';
import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../../core/rate-limits';
import { createDb } from '../../db/client';
import { auditLog, outbox, users } from '../../db/schema';
import { newCustomer, servicesAt, uniqueName } from './customers';
import { form } from './helpers';
import { ADMIN, staffBrowser } from './staff';

const db = createDb(env.DB);
const mailsTo = async (email: string, tag: string) => (await db.select().from(outbox).where(and(eq(outbox.to, email), like(outbox.meta, `%"tag":"${tag}"%`)))).length;
const audits = async (action: string, id: number) => (await db.select().from(auditLog).where(and(eq(auditLog.action, action), eq(auditLog.targetId, String(id))))).length;

describe("a customer's e-mails in the back office", () => {
  it('lists their latest messages and links to the log filtered to them', async () => {
    const c = await newCustomer('cmail');
    const q = await servicesAt().mail.sendToUser({ template: 'password_changed', params: { at: new Date() }, userId: c.id, dedupeKey: uniqueName('cm') });
    const { b } = await staffBrowser('support');
    const page = await b.open(`${ADMIN}/admin/customers/${c.id}`);
    expect(page.res.status).toBe(200);
    expect(page.html).toContain(`data-testid="customer-mail-row" data-id="${q!.id}"`);
    expect(page.html).toContain(`href="/admin/mail?user=${c.id}"`);
    expect(page.html).toContain('Ειδοποίηση αλλαγής κωδικού');
  });

  it('support resends the verification link to an unverified address, audited; a verified one is refused', async () => {
    const c = await newCustomer('cverify');
    await db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, c.id));
    const { b, staff } = await staffBrowser('support');
    const page = await b.open(`${ADMIN}/admin/customers/${c.id}`);
    expect(page.html).toContain('data-testid="customer-resend-verification"');
    const res = await b.fetch(`${ADMIN}/admin/customers/${c.id}`, form({ _token: page.token, intent: 'resend_verification' }));
    expect(res.status).toBe(303);
    expect(res.headers.get('Location')).toBe(`/admin/customers/${c.id}?sent=verification#mail`);
    expect(await mailsTo(c.email, 'verify_email')).toBe(1);
    const [audit] = await db.select().from(auditLog).where(and(eq(auditLog.action, 'customer.verification_link_sent'), eq(auditLog.targetId, String(c.id))));
    expect(audit).toMatchObject({ actorUserId: staff.id, targetType: 'user' });
    expect((await b.open(`${ADMIN}/admin/customers/${c.id}?sent=verification`)).html).toContain('data-code="44336"');

    const verified = await newCustomer('cverified');
    const again = await b.open(`${ADMIN}/admin/customers/${verified.id}`);
    expect(again.html).toContain('data-testid="customer-verified-already"');
    const refused = await b.fetch(`${ADMIN}/admin/customers/${verified.id}`, form({ _token: page.token, intent: 'resend_verification' }));
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain('data-code="1060"');
    expect(await mailsTo(verified.email, 'verify_email')).toBe(0);
    expect(await audits('customer.verification_link_sent', verified.id)).toBe(0);
  });

  it('sends a password-reset link to a proven address, audited; an unproven one is refused with the reason', async () => {
    const c = await newCustomer('creset');
    const { b, staff } = await staffBrowser('admin');
    const page = await b.open(`${ADMIN}/admin/customers/${c.id}`);
    const res = await b.fetch(`${ADMIN}/admin/customers/${c.id}`, form({ _token: page.token, intent: 'send_reset' }));
    expect(res.status).toBe(303);
    expect(await mailsTo(c.email, 'otp:reset_email')).toBe(1);
    const [sent] = await db.select().from(outbox).where(eq(outbox.to, c.email));
    expect(sent!.body).toContain('/auth/reset?t=');
    expect((await db.select().from(auditLog).where(and(eq(auditLog.action, 'customer.reset_link_sent'), eq(auditLog.targetId, String(c.id)))))[0]).toMatchObject({ actorUserId: staff.id });

    const unproven = await newCustomer('cunproven');
    await db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, unproven.id));
    const refused = await b.fetch(`${ADMIN}/admin/customers/${unproven.id}`, form({ _token: page.token, intent: 'send_reset' }));
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain('data-code="44335"');
    expect(await mailsTo(unproven.email, 'otp:reset_email')).toBe(0);
    // A customer's page of an account that does not exist: 404, nothing sent.
    expect((await b.fetch(`${ADMIN}/admin/customers/999999999`, form({ _token: page.token, intent: 'send_reset' }))).status).toBe(404);
  });

  it('holds its limit under thirty parallel clicks: at most the limit sent, the rest 429, no 5xx', { timeout: 90_000 }, async () => {
    const limit = RATE_LIMITS['staff_mail:customer'].limit;
    for (const intent of ['send_reset', 'resend_verification'] as const) {
      const c = await newCustomer(`cpar-${intent}`);
      if (intent === 'resend_verification') await db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, c.id));
      const { b } = await staffBrowser('support');
      const page = await b.open(`${ADMIN}/admin/customers/${c.id}`);
      const answers = await Promise.all(Array.from({ length: 30 }, () => b.fetch(`${ADMIN}/admin/customers/${c.id}`, form({ _token: page.token, intent })).then(async (r) => ({ status: r.status, text: await r.text() }))));
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s >= 500), intent).toEqual([]);
      expect(statuses.every((s) => s === 303 || s === 429), `${intent}: ${statuses.join(',')}`).toBe(true);
      const went = statuses.filter((s) => s === 303).length;
      expect(went, intent).toBeGreaterThanOrEqual(1);
      expect(went, intent).toBeLessThanOrEqual(limit);
      const tag = intent === 'send_reset' ? 'otp:reset_email' : 'verify_email';
      expect(await mailsTo(c.email, tag), intent).toBe(went);
      expect(await audits(intent === 'send_reset' ? 'customer.reset_link_sent' : 'customer.verification_link_sent', c.id), intent).toBe(went);
      // Our own limit's refusals say so, with the wait.
      const ours = answers.find((a) => a.text.includes('data-code="44334"'));
      expect(ours, intent).toBeDefined();
    }
  });

  it('leaves the admins\' own action of the same form to admins', async () => {
    const c = await newCustomer('cnot');
    const { b } = await staffBrowser('support');
    const page = await b.open(`${ADMIN}/admin/customers/${c.id}`);
    // Support may not take the admins' actions through the same form.
    const end = await b.fetch(`${ADMIN}/admin/customers/${c.id}`, form({ _token: page.token, intent: 'end_session', session: 'x' }));
    expect(end.status).toBe(403);
  });
});
