// Issue #32 §2: an erasure that leaves the person nowhere. The customer is written into every table a
// customer's address, mobile or name reaches (newsletter, handovers offered to them, a staff invitation,
// mails and SMS, a registration, codes, rate-limit keys, audit rows, an archive in R2 …), the request is
// carried out, and then every text column of every row of every table (listed from sqlite_master, so a
// table added later is searched too) is searched for the address, the mobile and the names. Only what
// the law makes us keep may still hold them, named below with the reason (decision 090).
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../db/client';
import { auditLog, billingProfiles, consentEvents, contacts, dataArchives, domainHandovers, domains, erasureRequests, mailMessages, newsletterSubscriptions, notifications, oneTimeCodes, orders, outbox, pendingRegistrations, saleDocuments, staffInvitations, tokens, users } from '../../db/schema';
import { DEMO_USERS } from '../../db/seed';
import { userStub } from '../../worker/services/platform';
import { servicesAt, uniqueName } from './customers';
import { Browser, form, login } from './helpers';
import { ADMIN, staffBrowser } from './staff';

const db = createDb(env.DB);
const demo = DEMO_USERS[0];

/**
 * What the law keeps, by table and column, with the reason: nothing else may hold the person.
 * - sale_documents.billing: issued sale documents keep the buyer as invoiced (Greek tax law, ΕΛΠ
 *   Ν. 4308/2014: documents and their particulars are kept for the retention period).
 * - orders.billing: the order's copy of the buyer, which the documents of that order are issued from
 *   and the legal PDF falls back to (decision 075); part of the same record of what was sold.
 */
const KEPT_BY_LAW = new Set(['sale_documents.billing', 'orders.billing']);

/** Where any of `needles` (any case) occurs: `table.column` for every text value that holds one. */
async function whereFound(needles: string[]): Promise<string[]> {
  const lowered = needles.map((n) => n.toLowerCase());
  const { results: tables } = await env.DB.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name <> 'd1_migrations' ORDER BY name").all<{ name: string }>();
  const hits = new Set<string>();
  for (const { name } of tables) {
    const { results: rows } = await env.DB.prepare(`SELECT * FROM "${name}"`).all<Record<string, unknown>>();
    for (const row of rows) {
      for (const [column, value] of Object.entries(row)) {
        if (typeof value === 'string' && lowered.some((n) => value.toLowerCase().includes(n))) hits.add(`${name}.${column}`);
      }
    }
  }
  return [...hits].sort();
}

describe('an erasure leaves the person in no table but those the law keeps', () => {
  it('searches every text column of every table for the address, the mobile and the names', { timeout: 60_000 }, async () => {
    const now = new Date();
    const tag = uniqueName('').replace(/[^a-z0-9]/g, '');
    const email = `theodora.${tag}@example.gr`;
    const otherEmail = `theo.${tag}@example.net`;
    // Unique to this test: a number and names nobody else in the database has.
    const digits = String(Date.now()).slice(-8);
    const mobile = `+3069${digits}`;
    const firstName = `Θεοδώρα${tag}`;
    const lastName = `Παππά${tag}`;
    const needles = [email, otherEmail, `69${digits}`, firstName, lastName];

    const [u] = await db
      .insert(users)
      .values({ email, passwordHash: demo.passwordHash, firstName, lastName, mobile, mobileVerifiedAt: now, city: 'Βόλος', address: 'Οδός 5', postcode: '38221', emailVerifiedAt: now, gdprProcessingAt: now, gdprValidityAt: now, newsletter: true, createdAt: now, updatedAt: now })
      .returning();
    const id = u!.id;
    const b = new Browser();
    expect((await login(b, email, demo.password)).status).toBe(303);

    // What a customer leaves behind over the years.
    const asInvoiced = { type: 'REC', name: `${firstName} ${lastName}`, address: 'Οδός 5', city: 'Βόλος', vatNumber: null };
    const [profile] = await db.insert(billingProfiles).values({ userId: id, type: 'REC', name: `${firstName} ${lastName}`, address: 'Οδός 5', city: 'Βόλος', postcode: '38221', countryIso2: 'GR', isDefault: true, createdAt: now }).returning();
    await db.insert(orders).values({ userId: id, idempotencyKey: crypto.randomUUID(), paymentMethod: 'bank_transfer', billingProfileId: profile!.id, billing: asInvoiced, subTotalCents: 1000, vatCents: 240, grandTotalCents: 1240, vatRateBp: 2400, createdAt: now });
    await db.insert(saleDocuments).values({ userId: id, kind: 'receipt', series: 'TRE', number: 900_000 + Math.floor(Math.random() * 90_000), status: 'PAID', totalCents: 1240, vatCents: 240, netCents: 1000, billing: asInvoiced, reason: 'manual', createdAt: now });
    await db.insert(contacts).values({ userId: id, firstName, lastName, email: otherEmail, phone: mobile, address: 'Οδός 5', city: 'Βόλος', postcode: '38221', countryIso2: 'GR', createdAt: now, updatedAt: now });
    await db.insert(notifications).values({ userId: id, type: 3, messageKey: 'test', params: { name: firstName }, dedupeKey: `erasure-everywhere-${id}`, createdAt: now });
    await db.insert(consentEvents).values({ userId: id, email, kind: 'newsletter', granted: true, source: 'form', createdAt: now });
    await db.insert(tokens).values({ tokenHash: uniqueName('t'), purpose: 'verify_email', userId: id, meta: { email: otherEmail }, createdAt: now, expiresAt: new Date(now.getTime() + 3_600_000) });
    // The newsletter's own subscription, confirmed (the audit's finding).
    await db.insert(newsletterSubscriptions).values({ email, userId: id, state: 'subscribed', linkKey: uniqueName('k'), confirmedAt: now, createdAt: now, updatedAt: now });
    // A name offered to this customer by another one (the demo customer).
    const [offered] = await db.select().from(domains).where(eq(domains.status, 'active')).limit(1);
    await db.insert(domainHandovers).values({ domainId: offered!.id, fqdn: offered!.fqdn, fromUserId: offered!.userId!, toEmail: email, toUserId: id, status: 'declined', createdAt: now, expiresAt: now, decidedAt: now });
    // A staff invitation once sent to the address, and its audit row.
    await db.insert(staffInvitations).values({ tokenHash: uniqueName('inv'), email, userGroup: 'support', createdAt: now, expiresAt: now });
    await db.insert(auditLog).values({ actorUserId: null, action: 'staff.invited', targetType: 'staff_invitation', targetId: email, detail: { group: 'support' }, createdAt: now });
    await db.insert(auditLog).values({ actorUserId: null, action: 'customer.updated', targetType: 'user', targetId: String(id), detail: { mobile, lastName }, createdAt: now });
    // How the account began: an SMS registration, its code, and the limits it counted.
    await db.insert(pendingRegistrations).values({ tokenHash: uniqueName('reg'), email, data: { firstName, lastName, mobile }, channel: 'sms', createdAt: now, expiresAt: now, completedAt: now });
    await db.insert(oneTimeCodes).values({ purpose: 'register', target: mobile, channel: 'sms', codeHash: uniqueName('c'), sentAt: now, expiresAt: now });
    await servicesAt().rateLimits.hit('reset:account', email);
    await db.insert(outbox).values({ channel: 'email', to: email, subject: 'Καλώς ήρθατε', body: `Γεια σας ${firstName} ${lastName}`, meta: { tag: 'welcome' }, createdAt: now });
    await db.insert(outbox).values({ channel: 'sms', to: mobile, body: 'Κωδικός 123456', meta: { tag: 'otp' }, createdAt: now });
    // What the mail queue sent them (issue #33 §3): a message with an attachment, which the sandbox
    // provider kept in the outbox and its bytes in R2.
    const attachmentKey = `test-mail/${id}/${crypto.randomUUID()}.txt`;
    await env.FILES.put(attachmentKey, `${firstName} ${lastName}`);
    const queued = await servicesAt().mail.sendToUser({ template: 'password_changed', params: { at: now }, userId: id, dedupeKey: `erasure-everywhere:${id}`, attachments: [{ key: attachmentKey, filename: 'note.txt', contentType: 'text/plain' }] });
    expect(queued).toMatchObject({ created: true, status: 'sent' });
    const [queuedRow] = await db.select().from(mailMessages).where(eq(mailMessages.id, queued!.id));
    const sandboxKeys = (await db.select().from(outbox).where(eq(outbox.to, email))).flatMap((m) => m.attachments.map((a) => a.key)).filter((k): k is string => k !== null);
    expect(sandboxKeys).toHaveLength(1);
    // A personal-data archive ready in R2.
    const key = `archives/${id}/1-${crypto.randomUUID()}.zip`;
    await env.FILES.put(key, `profile.json: ${firstName} ${lastName} ${email} ${mobile}`);
    await db.insert(dataArchives).values({ userId: id, status: 'ready', requestedAt: now, readyAt: now, expiresAt: new Date(now.getTime() + 86_400_000), objectKey: key, sizeBytes: 10, updatedAt: now });

    // The search sees them: it is no search that cannot fail.
    const before = await whereFound(needles);
    expect(before).toEqual(expect.arrayContaining(['users.email', 'newsletter_subscriptions.email', 'domain_handovers.to_email', 'staff_invitations.email', 'outbox.to', 'rate_limits.key', 'sale_documents.billing', 'mail_messages.to_address']));

    const page = await b.open('/account/privacy');
    expect((await b.fetch('/account/privacy', form({ _token: page.token, intent: 'request_erasure', confirm_erasure: 'on' }))).status).toBe(200);
    const [req] = await db.select().from(erasureRequests).where(eq(erasureRequests.userId, id));
    const { b: admin } = await staffBrowser('admin');
    const done = await admin.fetch(`${ADMIN}/admin/erasures`, form({ _token: admin.csrf, intent: 'carry_out', id: String(req!.id) }));
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('data-code="43014"');

    const after = await whereFound(needles);
    expect(after.filter((where) => !KEPT_BY_LAW.has(where))).toEqual([]);
    // What the law keeps is still there (the exclusions above are not hiding an empty search).
    expect(after).toEqual(expect.arrayContaining(['sale_documents.billing', 'orders.billing']));

    // The archive's ZIP is gone from R2, and no object of the person is left under their prefix.
    expect(await env.FILES.get(key)).toBeNull();
    expect((await env.FILES.list({ prefix: `archives/${id}/` })).objects).toHaveLength(0);
    // The sessions are forgotten, not only ended: no IP or browser of the person stays in the User object.
    const stub = await userStub({ env }, `u-${id}`);
    expect(await stub.sessionCount()).toBe(0);
    // The mail queue keeps that a message went, for the accountant (its kind, status and dates), without
    // address, subject or content; the sandbox's copies (the dev mailbox) are gone, their bytes too.
    const [kept] = await db.select().from(mailMessages).where(eq(mailMessages.id, queued!.id));
    expect(kept).toMatchObject({ toAddress: `erased-${id}@invalid`, subject: '', html: '', text: '', attachments: [], template: 'password_changed', status: 'sent', redacted: true, userId: id });
    expect(kept!.createdAt.getTime()).toBe(queuedRow!.createdAt.getTime());
    expect(kept!.sentAt).not.toBeNull();
    expect((await db.select().from(outbox)).filter((m) => m.to === email || m.to === `erased-${id}@invalid` || m.to === mobile)).toEqual([]);
    for (const k of sandboxKeys) expect(await env.FILES.get(k)).toBeNull();
  });
});
