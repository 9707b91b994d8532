// Issue #25 §3: the legal pages and the consents that link to them. Each page renders in Greek and
// English with its version and date from the one registry (core/legal.ts) and names the seller; every
// consent box (registration, the login's GDPR approval, the checkout) links to what it accepts; the
// cookie notice links the cookie policy; and the order keeps which versions its customer accepted.
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEMO_SELLER } from '../../core/config';
import { LEGAL_DOCUMENTS, LEGAL_SLUGS, legalPath } from '../../core/legal';
import { createDb } from '../../db/client';
import { orders, users } from '../../db/schema';
import { DEMO_USERS } from '../../db/seed';
import { readyCart, servicesAt } from './customers';
import { approveLogin, Browser, form, login, pendingOf } from './helpers';

const db = createDb(env.DB);

const DATES = { el: /Έκδοση (\d+) · (\d{1,2} [Α-Ωά-ώ]+ \d{4})/, en: /Version (\d+) · (\d{1,2} [A-Z][a-z]+ \d{4})/ };

async function pageIn(lang: 'el' | 'en', path: string) {
  const b = new Browser();
  if (lang === 'en') b.cookies.set('lng', 'en');
  const res = await b.fetch(path);
  return { res, html: await res.text() };
}

describe('the legal pages', () => {
  it('render in Greek and in English with the version and date of the registry, and name the seller', async () => {
    for (const slug of LEGAL_SLUGS) {
      for (const lang of ['el', 'en'] as const) {
        const { res, html } = await pageIn(lang, legalPath(slug));
        expect(res.status, `${lang} ${slug}`).toBe(200);
        expect(html).toContain(`lang="${lang}"`);
        const stamp = DATES[lang].exec(html);
        expect(stamp, `${lang} ${slug} version line`).not.toBeNull();
        expect(Number(stamp![1])).toBe(LEGAL_DOCUMENTS[slug].version);
        const day = Number(LEGAL_DOCUMENTS[slug].date.slice(8, 10));
        expect(stamp![2]).toContain(`${day} `);
        expect(stamp![2]).toContain(LEGAL_DOCUMENTS[slug].date.slice(0, 4));
        expect(html).toMatch(new RegExp(`datetime="${LEGAL_DOCUMENTS[slug].date}"`, 'i'));
        // Real content: several sections, the seller by name and ΑΦΜ.
        expect((html.match(/<h2/g) ?? []).length, `${lang} ${slug} sections`).toBeGreaterThanOrEqual(4);
        expect(html).toContain(DEMO_SELLER.name);
        expect(html).toContain(DEMO_SELLER.vatNumber);
      }
    }
  });

  it('say what the law requires where it matters: withdrawal exception, the DPA, the cookies this app sets', async () => {
    const refunds = (await pageIn('el', '/legal/refunds')).html;
    expect(refunds).toContain('2011/83/ΕΕ');
    expect(refunds).toContain('2251/1994');
    expect(refunds).toContain('14 ημερών');
    const privacy = (await pageIn('el', '/legal/privacy')).html;
    expect(privacy).toContain('Αρχή Προστασίας Δεδομένων Προσωπικού Χαρακτήρα');
    const cookies = (await pageIn('en', '/legal/cookies')).html;
    for (const name of ['sid', 'csrf_token', 'lng', 'cookiesAccepted', 'banners_dismissed']) expect(cookies, name).toContain(`<code>${name}</code>`);
    const terms = (await pageIn('en', '/legal/terms')).html;
    expect(terms).toContain('ec.europa.eu/consumers/odr');
  });

  it('an unknown document is a 404', async () => {
    expect((await pageIn('el', '/legal/nothing')).res.status).toBe(404);
  });

  it('the footer links all four, and the cookie notice links the cookie policy', async () => {
    const { html } = await pageIn('el', '/');
    const footer = /<footer[\s\S]*?<\/footer>/.exec(html)![0];
    for (const slug of LEGAL_SLUGS) expect(footer, slug).toContain(`href="${legalPath(slug)}"`);
    const notice = /data-testid="cookie-notice"[\s\S]*?<\/form>/.exec(html)![0];
    expect(notice).toContain(`href="${legalPath('cookies')}"`);
  });
});

describe('the consents link to what they accept and record its version', () => {
  it('the registration boxes link the terms and the privacy policy', async () => {
    // Step 2 holds the boxes: the first post (no captcha answer yet) shows it.
    const b = new Browser();
    const { token } = await b.open('/auth/register');
    const password = 'Kalimera-Thalassa-42!';
    const fields = { _token: token, email: `legalreg${Date.now().toString(36)}@example.gr`, password, password_confirmation: password, first_name: 'Νίκος', last_name: 'Ιωάννου', country: 'GR', state_id: 'Central Macedonia', city: 'Θεσσαλονίκη', address: 'Τσιμισκή 10', postcode: '54622', otp_channel: 'email', intent: 'register', captcha_id: 'none', captcha_response: '0' };
    const html = await (await b.fetch('/auth/register', form(fields))).text();
    const terms = /<label[^>]*>(?:(?!<\/label>)[\s\S])*name="terms"[\s\S]*?<\/label>/.exec(html)?.[0] ?? '';
    expect(terms).toContain(`href="${legalPath('terms')}"`);
    const processing = /<label[^>]*>(?:(?!<\/label>)[\s\S])*name="gdpr_processing"[\s\S]*?<\/label>/.exec(html)?.[0] ?? '';
    expect(processing).toContain(`href="${legalPath('privacy')}"`);
  });

  it('the GDPR approval at login links the privacy policy', async () => {
    const email = `legal${Date.now().toString(36)}@example.gr`;
    const now = new Date();
    await db.insert(users).values({ email, emailVerifiedAt: now, passwordHash: DEMO_USERS[0].passwordHash, firstName: 'Ν', lastName: 'Κ', createdAt: now, updatedAt: now });
    const b = new Browser();
    const res = await login(b, email, DEMO_USERS[0].password);
    const html = await res.text();
    const pending = pendingOf(html);
    expect(pending).not.toBeNull();
    const box = /<label[^>]*>(?:(?!<\/label>)[\s\S])*name="gdpr_processing"[\s\S]*?<\/label>/.exec(html)?.[0] ?? '';
    expect(box).toContain(`href="${legalPath('privacy')}"`);
    expect((await approveLogin(b, pending!)).status).toBe(303);
  });

  it('the checkout states the withdrawal exception before payment, links the terms and the refund policy, and the order keeps the versions accepted', async () => {
    const c = await readyCart('legal');
    await db.update(users).set({ passwordHash: DEMO_USERS[0].passwordHash }).where(eq(users.id, c.id));
    const b = new Browser();
    expect((await login(b, c.email, DEMO_USERS[0].password)).status).toBe(303);
    const page = await b.open('/cart/checkout');
    const consent = /data-testid="checkout-consent"[\s\S]*?data-testid="place-order"/.exec(page.html)?.[0] ?? '';
    expect(consent).toContain(`href="${legalPath('terms')}"`);
    expect(consent).toContain(`href="${legalPath('refunds')}"`);
    expect(consent).toMatch(/δικαίωμα υπαναχώρησης/);
    const key = /<input[^>]*name="key"[^>]*value="([^"]+)"|<input[^>]*value="([^"]+)"[^>]*name="key"/.exec(page.html)!.slice(1).find(Boolean)!;
    const res = await b.fetch('/cart/checkout', form({ _token: page.token, intent: 'place_order', profile_id: String(c.profileId), method: 'bank_transfer', key, agree: 'on' }));
    expect(res.status).toBe(303);
    const [order] = await db.select().from(orders).where(eq(orders.idempotencyKey, key));
    expect(order!.acceptedLegal).toEqual({ terms: LEGAL_DOCUMENTS.terms.version, refunds: LEGAL_DOCUMENTS.refunds.version });
  });

  it('an order placed without the checkout box (a staff or a renewal order) records no acceptance', async () => {
    const c = await readyCart('legalnone');
    const placed = await servicesAt().orders.placeOrder(c.owner, { profileId: c.profileId, method: 'bank_transfer', idempotencyKey: crypto.randomUUID(), lang: 'el', uniqueId: null });
    expect(placed.ok).toBe(true);
    const [order] = await db.select().from(orders).where(eq(orders.id, (placed as { orderId: number }).orderId));
    expect(order!.acceptedLegal).toBeNull();
  });
});
