// Issue #33 §1 (decision 097): the order, payment and sale-document e-mails. Each event sends exactly
// one message (its template, the customer's language, the PDF attached, links back to the page), also
// when the webhook arrives twice, staff confirm twice or the cron runs again; the receipt's PDF goes
// with its MARK, and a second message follows only when the first went before the MARK; a mail
// provider that fails leaves the order placed and paid (the queue retries).
import { SELF } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../db/client';
import { legalDocumentFiles, mailMessages, orders, outbox, saleDocuments, users } from '../../db/schema';
import { createAdapters } from '../../worker/adapters';
import type { MailPort } from '../../worker/adapters/mail/port';
import type { MydataPort } from '../../worker/adapters/mydata/port';
import { decideSandboxSession } from '../../worker/adapters/payments/sandbox';
import { SANDBOX_WEBHOOK_SECRET } from '../../worker/adapters/payments/secret';
import { configOf } from '../../worker/config';
import { mydataCron } from '../../worker/cron/mydata';
import { createServices } from '../../worker/services';
import { createAutoRenew } from '../../worker/services/renewals';
import { depsAt, fakeCards, heldName, renewCustomer } from './auto-renew-fixtures';
import { readyCart, servicesAt } from './customers';

const db = createDb(env.DB);
const MIN = 60_000;
const H = 60 * MIN;
const DAY = 24 * H;

/** Services at an instant whose mail or myDATA port is replaced (a provider down, AADE out of reach). */
function at(ms = Date.now(), ports: { mail?: MailPort; mydata?: MydataPort } = {}) {
  const adapters = createAdapters(configOf(env), db, 'http://localhost', env.FILES);
  return createServices({ db, env, now: new Date(ms), origin: 'http://localhost', adapters: { ...adapters, ...ports } });
}

const MAIL_DOWN: MailPort = {
  async send() {
    throw new Error('provider answered 503');
  },
};

const AADE_DOWN: MydataPort = {
  sendInvoices: async () => {
    throw new TypeError('fetch failed');
  },
  cancelInvoice: async () => {
    throw new TypeError('fetch failed');
  },
  transmittedDoc: async () => {
    throw new TypeError('fetch failed');
  },
};

// The messages of an order, its payment and its documents: the item-done mails (decision 098) go
// beside them and are tested in item-mails*.test.ts.
const ORDER_TEMPLATES = new Set(['order_received', 'payment_received', 'document_issued', 'document_marked', 'order_lapsing', 'card_declined', 'renewal_notice']);
const mailsOf = async (userId: number) => (await db.select().from(mailMessages).where(eq(mailMessages.userId, userId)).orderBy(asc(mailMessages.id))).filter((m) => ORDER_TEMPLATES.has(m.template));
const templatesOf = async (userId: number) => (await mailsOf(userId)).map((m) => m.template);
const sentTo = async (email: string) => (await db.select().from(outbox).where(eq(outbox.to, email)).orderBy(asc(outbox.id))).filter((m) => ORDER_TEMPLATES.has(String(m.meta.template)));

async function place(c: Awaited<ReturnType<typeof readyCart>>, method: 'card' | 'bank_transfer', s = servicesAt(), key: string = crypto.randomUUID()) {
  const placed = await s.orders.placeOrder(c.owner, { profileId: c.profileId, method, idempotencyKey: key, lang: 'el', uniqueId: null });
  if (!placed.ok) throw new Error(`place ${placed.code}`);
  return placed.orderId;
}

async function legalOf(orderId: number) {
  const [doc] = await db.select().from(saleDocuments).where(and(eq(saleDocuments.orderId, orderId), inArray(saleDocuments.kind, ['receipt', 'invoice'])));
  return doc!;
}

describe('the order received', () => {
  it('is sent once at checkout, with the stored lines and totals, the bank account, the reference, the lapse date and the order link', async () => {
    const c = await readyCart('mo-bank');
    const key = crypto.randomUUID();
    const orderId = await place(c, 'bank_transfer', servicesAt(), key);
    // The same checkout submitted again places nothing and sends nothing.
    expect(await place(c, 'bank_transfer', servicesAt(), key)).toBe(orderId);
    expect(await templatesOf(c.id)).toEqual(['order_received']);
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    const [sent] = await sentTo(c.email);
    expect(sent!.subject).toBe(`Λάβαμε την παραγγελία σας #${orderId}`);
    const seller = configOf(env).seller;
    const money = (cents: number) => new Intl.NumberFormat('el-GR', { style: 'currency', currency: 'EUR' }).format(cents / 100);
    expect(sent!.body).toContain(c.name);
    expect(sent!.body).toContain(`Σύνολο: ${money(order!.grandTotalCents)}`);
    expect(sent!.body).toContain(`ΦΠΑ 24%: ${money(order!.vatCents)}`);
    expect(sent!.body).toContain('Τραπεζική μεταφορά');
    expect(sent!.body.replace(/\s/g, '')).toContain(seller.iban.replace(/\s/g, ''));
    expect(sent!.body).toContain(seller.bank);
    expect(sent!.body).toContain(`ORD-${orderId}`);
    // Seven days from placing, in Athens time.
    const lapses = new Intl.DateTimeFormat('el-GR', { timeZone: 'Europe/Athens', day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(order!.createdAt.getTime() + 7 * DAY));
    expect(sent!.body).toContain(lapses);
    expect(sent!.body).toMatch(new RegExp(`^https?://\\S+/orders/${orderId}$`, 'm'));
    expect(sent!.html).toContain('<html lang="el">');
  });

  it('is in English for an English-speaking customer, and a provider that is down leaves the order placed', async () => {
    const c = await readyCart('mo-down');
    await db.update(users).set({ locale: 'en' }).where(eq(users.id, c.id));
    const orderId = await place(c, 'card', at(Date.now(), { mail: MAIL_DOWN }));
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    expect(order!.status).toBe('pending');
    const [row] = await mailsOf(c.id);
    expect(row).toMatchObject({ template: 'order_received', lang: 'en', status: 'failed', subject: `We received your order #${orderId}` });
    expect(await sentTo(c.email)).toHaveLength(0);
    // The mail cron sends it later.
    await at(Date.now() + 2 * MIN).mail.deliverDue();
    const [sent] = await sentTo(c.email);
    expect(sent!.body).toContain('Card');
  });
});

describe('the payment received and the receipt', () => {
  it('a card payment whose webhook arrives twice sends one payment message and one receipt with its PDF and MARK', async () => {
    const c = await readyCart('mo-card');
    const orderId = await place(c, 'card');
    const pay = await servicesAt().orders.startCardPayment(c.id, orderId, { returnUrl: 'http://localhost/r', cancelUrl: 'http://localhost/c' }, 'el');
    if (!pay.ok) throw new Error('pay');
    const webhook = await decideSandboxSession(db, SANDBOX_WEBHOOK_SECRET, pay.redirectUrl.split('/').pop()!, 'approve', Date.now());
    const deliver = () => SELF.fetch('http://localhost/api/payments/webhook', { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Signature': webhook.signature }, body: webhook.body });
    expect((await (await deliver()).json<{ data: { handled: string } }>()).data.handled).toBe('approved');
    expect((await (await deliver()).json<{ data: { handled: string } }>()).data.handled).toBe('duplicate');
    // The return page and a mail cron run add nothing.
    await SELF.fetch(`http://localhost/orders/${orderId}?payment=return`);
    await servicesAt(Date.now() + 10 * MIN).mail.deliverDue();
    expect(await templatesOf(c.id)).toEqual(['order_received', 'payment_received', 'document_issued']);
    const mails = await sentTo(c.email);
    expect(mails.map((m) => m.subject)).toEqual([`Λάβαμε την παραγγελία σας #${orderId}`, `Λάβαμε την πληρωμή της παραγγελίας #${orderId}`, expect.stringMatching(/^Η απόδειξή σας REC-\d{6}$/)]);
    expect(mails[1]!.body).toContain('με κάρτα');
    expect(mails[1]!.body).toContain(`/orders/${orderId}`);
    const receipt = await legalOf(orderId);
    const tx = await servicesAt().mydata.transmissionOf(receipt.id);
    expect(tx!.status).toBe('sent');
    const doc = mails[2]!;
    expect(doc.body).toContain(tx!.mark!);
    expect(doc.body).toContain(`/account/documents/${receipt.id}`);
    // The PDF attached is the rendered file the account offers, which prints the MARK.
    const files = await db.select().from(legalDocumentFiles).where(eq(legalDocumentFiles.documentId, receipt.id));
    expect(files).toHaveLength(1);
    expect(doc.attachments).toEqual([{ filename: files[0]!.filename, contentType: 'application/pdf', size: files[0]!.sizeBytes, key: expect.stringMatching(/^sandbox-mail\//) }]);
    const bytes = new Uint8Array(await (await env.FILES.get(doc.attachments[0]!.key!))!.arrayBuffer());
    expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe('%PDF-');
    expect((await env.FILES.head(files[0]!.objectKey))!.customMetadata!.mark).toBe(tx!.mark);
  });

  it('a bank transfer confirmed by staff (twice) tells once; AADE out of reach: the receipt goes without its MARK, then once more with it', async () => {
    const c = await readyCart('mo-mark');
    const t0 = Date.now();
    const orderId = await place(c, 'bank_transfer', servicesAt(t0));
    expect(await at(t0 + MIN, { mydata: AADE_DOWN }).orders.confirmBankTransfer(orderId, null)).toBe(true);
    expect(await at(t0 + 2 * MIN, { mydata: AADE_DOWN }).orders.confirmBankTransfer(orderId, null)).toBe(false);
    expect(await templatesOf(c.id)).toEqual(['order_received', 'payment_received', 'document_issued']);
    let mails = await sentTo(c.email);
    expect(mails[1]!.body).toContain('τραπεζική σας μεταφορά');
    expect(mails[2]!.body).toContain('ΜΑΡΚ (myDATA): εκκρεμεί');
    const firstKey = (await mailsOf(c.id))[2]!.attachments[0]!.key;
    expect((await env.FILES.head(firstKey))!.customMetadata!.mark).toBe('');
    // The myDATA cron reaches AADE: the MARK arrives, and with it the second message and the new PDF; again: nothing more.
    await mydataCron(env, new Date(t0 + 10 * MIN));
    await mydataCron(env, new Date(t0 + 20 * MIN));
    const receipt = await legalOf(orderId);
    const tx = await servicesAt().mydata.transmissionOf(receipt.id);
    expect(tx!.status).toBe('sent');
    expect(await templatesOf(c.id)).toEqual(['order_received', 'payment_received', 'document_issued', 'document_marked']);
    mails = await sentTo(c.email);
    const marked = mails[3]!;
    expect(marked.subject).toMatch(/^Ο ΜΑΡΚ της απόδειξης REC-\d{6}$/);
    expect(marked.body).toContain(tx!.mark!);
    const secondKey = (await mailsOf(c.id))[3]!.attachments[0]!.key;
    expect(secondKey).not.toBe(firstKey);
    expect((await env.FILES.head(secondKey))!.customMetadata!.mark).toBe(tx!.mark);
    expect(marked.attachments).toHaveLength(1);
  });

  it('an order paid from credit later (its document) tells the payment by credit; a provider down leaves it paid', async () => {
    const c = await readyCart('mo-credit');
    const orderId = await place(c, 'bank_transfer');
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    await servicesAt().orders.grantCredit(c.email, order!.grandTotalCents, 'test');
    const [doc] = await db.select().from(saleDocuments).where(and(eq(saleDocuments.orderId, orderId), eq(saleDocuments.kind, 'order')));
    const paid = await at(Date.now(), { mail: MAIL_DOWN }).documentPayments.payWithCredit(c.id, doc!.id, { amountCents: order!.grandTotalCents, idempotencyKey: crypto.randomUUID() });
    expect(paid).toMatchObject({ ok: true, paid: true });
    expect((await db.select().from(orders).where(eq(orders.id, orderId)))[0]!.status).not.toBe('pending');
    const rows = await mailsOf(c.id);
    expect(rows.map((r) => [r.template, r.status])).toEqual([
      ['order_received', 'sent'],
      ['payment_received', 'failed'],
      ['document_issued', 'failed'],
    ]);
    await servicesAt(Date.now() + 2 * MIN).mail.deliverDue();
    const mails = await sentTo(c.email);
    expect(mails).toHaveLength(3);
    expect(mails[1]!.body).toContain('από το πιστωτικό σας υπόλοιπο');
  });

  it('an order paid whole from credit at checkout says so in the order message, without a separate payment message', async () => {
    const c = await readyCart('mo-allcredit');
    await servicesAt().orders.grantCredit(c.email, 100_000, 'test');
    const placed = await servicesAt().orders.placeOrder(c.owner, { profileId: c.profileId, method: 'card', idempotencyKey: crypto.randomUUID(), lang: 'el', uniqueId: null, useCredit: true, creditExpectedCents: 0 });
    if (!placed.ok) throw new Error(`place ${placed.code}`);
    expect(await templatesOf(c.id)).toEqual(['order_received', 'document_issued']);
    const [first] = await sentTo(c.email);
    expect(first!.body).toContain('πληρώθηκε ολόκληρη από το πιστωτικό σας υπόλοιπο');
    expect(first!.body).toContain('Πιστωτικό υπόλοιπο');
  });

  it('a card refund’s credit note is sent with its PDF', async () => {
    const c = await readyCart('mo-crn');
    const orderId = await place(c, 'card');
    const pay = await servicesAt().orders.startCardPayment(c.id, orderId, { returnUrl: 'http://localhost/r', cancelUrl: 'http://localhost/c' }, 'el');
    if (!pay.ok) throw new Error('pay');
    await servicesAt().orders.decideSandboxPayment(pay.redirectUrl.split('/').pop()!, 'approve');
    const [payment] = await servicesAt().orders.order(c.id, orderId).then((o) => o!.payments.filter((p) => p.status === 'approved'));
    const refunded = await servicesAt().refunds.refundPayment({ paymentId: payment!.id, amountCents: 100, reason: 'gesture', idempotencyKey: crypto.randomUUID() }, { userId: null, ip: null });
    expect(refunded).toMatchObject({ ok: true });
    const rows = await mailsOf(c.id);
    const notes = rows.filter((r) => r.template === 'document_issued' && r.subject.startsWith('Το πιστωτικό σας σημείωμα'));
    expect(notes).toHaveLength(1);
    expect(notes[0]!.attachments).toEqual([expect.objectContaining({ contentType: 'application/pdf', filename: expect.stringMatching(/^CRN-\d{6}\.pdf$/) })]);
    expect(notes[0]!.text).toContain('REC-');
  });
});

describe('the notices that became templates', () => {
  it('an order about to lapse is told once by its template, whatever the re-runs', async () => {
    const c = await readyCart('mo-lapse');
    const t0 = Date.now();
    const orderId = await place(c, 'card', servicesAt(t0));
    await servicesAt(t0 + 25 * H).orders.remindLapsing();
    await servicesAt(t0 + 26 * H).orders.remindLapsing();
    expect(await templatesOf(c.id)).toEqual(['order_received', 'order_lapsing']);
    const lapse = (await sentTo(c.email))[1]!;
    expect(lapse.subject).toBe(`Η παραγγελία #${orderId} λήγει αύριο`);
    expect(lapse.body).toContain(`/orders/${orderId}`);
    expect((lapse.meta as { tag?: string }).tag).toBe('order_lapse');
  });

  it('a saved card declined by auto-renew is told by its template once a day, with what to do', async () => {
    const c = await renewCustomer('mo-declined');
    await db.update(users).set({ locale: 'en' }).where(eq(users.id, c.id));
    const exp = Date.now() + 5 * DAY;
    const d = await heldName(c.id, exp);
    const card = fakeCards('declined', 'Visa •••• 4242', 'expired_card');
    const run = (ms: number) => createAutoRenew(depsAt(ms), { cards: card.port }).run();
    await run(exp - 2 * DAY);
    await run(exp - 2 * DAY + H);
    const declined = (await mailsOf(c.id)).filter((m) => m.template === 'card_declined');
    expect(declined).toHaveLength(1);
    expect(declined[0]).toMatchObject({ lang: 'en', subject: `Your card was not charged for the renewal of ${d.fqdn}` });
    expect(declined[0]!.text).toContain('the card has expired');
    expect(declined[0]!.text).toMatch(/\/account\/documents\/\d+\/pay/);
    expect(declined[0]!.text).toContain('/account/billing');
    // The next day's attempt is told again.
    await run(exp - DAY);
    expect((await mailsOf(c.id)).filter((m) => m.template === 'card_declined')).toHaveLength(2);
  });

  it('a renewal the auto-renew run pays by card sends its receipt, not a second payment message', async () => {
    const c = await renewCustomer('mo-renewed');
    const exp = Date.now() + 5 * DAY;
    await heldName(c.id, exp);
    await createAutoRenew(depsAt(exp - 2 * DAY), { cards: fakeCards('approved').port }).run();
    expect(await templatesOf(c.id)).toEqual(['document_issued']);
  });
});
