// One seller (issue #20 §1): the footer, the bank-transfer instructions and the legal documents name
// the same company, address and contact, from the seller settings (core/config.ts), with no
// placeholders left for customers to see.
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../db/client';
import { users } from '../../db/schema';
import { DEMO_USERS } from '../../db/seed';
import { formatIban } from '../../core/orders/bank';
import { configOf } from '../../worker/config';
import { readyCart, servicesAt } from './customers';
import { Browser, login } from './helpers';

const db = createDb(env.DB);
const seller = configOf(env).seller;
const PLACEHOLDERS = ['Ελληνικός Καταχωρητής Α.Ε.', 'Λεωφ. Κηφισίας 100', '210 000 0000', 'tel:+302100000000', 'support@example.gr', 'GR16 0172 0000 0050 0000 0000 001'];

describe('the seller customers see', () => {
  it('the footer names the seller of the invoices: company, address, phone and support address', async () => {
    const page = await new Browser().open('/');
    const footer = page.html.slice(page.html.indexOf('data-testid="site-footer"'));
    expect(footer).toContain(seller.name);
    expect(footer).toContain(seller.address);
    expect(footer).toContain(`${seller.postcode} ${seller.city}`);
    expect(footer).toContain(`href="tel:${seller.phone.replace(/\s+/g, '')}"`);
    expect(footer).toContain(`href="mailto:${seller.email}"`);
    expect(footer).toContain(seller.vatNumber);
    for (const p of PLACEHOLDERS) expect(footer, p).not.toContain(p);
  });

  it('a bank transfer goes to the seller\'s account, with the seller as beneficiary', async () => {
    const c = await readyCart('sellerbank');
    const placed = await servicesAt().orders.placeOrder(c.owner, { profileId: c.profileId, method: 'bank_transfer', idempotencyKey: crypto.randomUUID(), lang: 'el', uniqueId: null });
    if (!placed.ok) throw new Error(`place ${placed.code}`);
    const b = new Browser();
    // The customer of readyCart has no password: the demo customer's hash lets them sign in.
    await db.update(users).set({ passwordHash: DEMO_USERS[0].passwordHash }).where(eq(users.id, c.id));
    await login(b, c.email, DEMO_USERS[0].password);
    const page = await b.open(`/orders/${placed.orderId}`);
    expect(page.res.status).toBe(200);
    expect(page.html).toContain(formatIban(seller.iban));
    expect(page.html).toContain(seller.bank);
    expect(page.html).toContain(seller.name);
    for (const p of PLACEHOLDERS) expect(page.html, p).not.toContain(p);
  });
});
