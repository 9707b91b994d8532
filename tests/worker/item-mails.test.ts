// The "item done" e-mails (issue #33 §1, decision 098): each item of a paid order carried out sends
// one message with its facts and a link to its page, in the customer's language — a name registered,
// a hosting service ready (never a password), a certificate waiting on the customer's validation step
// — and nothing more when fulfilment runs again, the cron runs twice or two runs overlap; a mail
// provider that fails leaves fulfilment as it is, and the queue sends the message later.
import { env } from 'cloudflare:workers';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../db/client';
import { domains, hostingServices, mailMessages, orderItems, registrySettings, users } from '../../db/schema';
import { runScheduled } from '../../worker/cron';
import { fulfilmentCron } from '../../worker/cron/fulfilment';
import { readyCart, servicesAt } from './customers';
import { failingMail, mailsOf, sentTo, servicesWith } from './item-mails-fixtures';

const db = createDb(env.DB);
const MIN = 60_000;

/** A .gr with a hosting plan and a DV certificate for it (cross-sells), ordered for bank transfer. */
async function nameHostingCertificate(prefix: string) {
  const c = await readyCart(prefix);
  const s = servicesAt();
  const ssl = await s.cart.addProduct(c.owner, { sku: 'ssl_dv_basic', parentId: c.itemId, relation: 'cross_sell', uniqueId: null });
  const host = await s.cart.addProduct(c.owner, { sku: 'sha_lin_start', parentId: c.itemId, relation: 'cross_sell', uniqueId: null });
  if (!ssl.ok || !host.ok) throw new Error('cross-sell add');
  expect(await s.cart.setSslNames(c.owner, ssl.items[0]!.id, { sans: [], approvers: { [c.name]: `webmaster@${c.name}` } }, null)).toEqual({ ok: true });
  const placed = await s.orders.placeOrder(c.owner, { profileId: c.profileId, method: 'bank_transfer', idempotencyKey: crypto.randomUUID(), lang: 'el', uniqueId: null });
  if (!placed.ok) throw new Error(`place ${placed.code}`);
  return { ...c, orderId: placed.orderId };
}

/** A .gr ordered for bank transfer, paid while the registry fails: its item waits for a retry. */
async function waitingForRetry(prefix: string) {
  const c = await readyCart(prefix);
  const placed = await servicesAt().orders.placeOrder(c.owner, { profileId: c.profileId, method: 'bank_transfer', idempotencyKey: crypto.randomUUID(), lang: 'el', uniqueId: null });
  if (!placed.ok) throw new Error(`place ${placed.code}`);
  await db.update(registrySettings).set({ failing: true }).where(eq(registrySettings.registry, 'gr'));
  try {
    expect(await servicesAt().orders.confirmBankTransfer(placed.orderId)).toBe(true);
  } finally {
    await db.update(registrySettings).set({ failing: false }).where(eq(registrySettings.registry, 'gr'));
  }
  const [item] = await db.select().from(orderItems).where(eq(orderItems.orderId, placed.orderId));
  expect(item).toMatchObject({ status: 'failed' });
  return { ...c, orderId: placed.orderId, item: item! };
}

describe('the item-done e-mails', () => {
  it('a name, a hosting plan and a certificate paid: one message each, in Greek, with its facts and links; fulfilment again and two crons add none', async () => {
    const o = await nameHostingCertificate('im-all');
    expect(await servicesAt().orders.confirmBankTransfer(o.orderId)).toBe(true);
    const items = await db.select().from(orderItems).where(eq(orderItems.orderId, o.orderId));
    expect(items.map((i) => i.status)).toEqual(['completed', 'completed', 'completed']);

    const [name] = await mailsOf(o.id, 'domain_registered');
    const [domain] = await db.select().from(domains).where(eq(domains.asciiFqdn, o.name));
    expect(name).toMatchObject({ status: 'sent', lang: 'el', dedupeKey: `item-done:${items.find((i) => i.kind === 'domain')!.id}`, subject: `Το ${o.name} καταχωρίστηκε στο όνομά σας` });
    expect(name!.text).toContain('ns1.registrar-dns.gr, ns2.registrar-dns.gr');
    expect(name!.text).toContain(new Intl.DateTimeFormat('el-GR', { dateStyle: 'long', timeZone: 'Europe/Athens' }).format(domain!.expiresAt));
    expect(name!.html).toMatch(new RegExp(`href="https?://[^"/]+/account/domains/${o.name.replace(/\./g, '\\.')}"`));

    const [hosting] = await mailsOf(o.id, 'hosting_ready');
    const [service] = await db.select().from(hostingServices).where(eq(hostingServices.userId, o.id));
    expect(hosting).toMatchObject({ status: 'sent', dedupeKey: `item-done:${service!.orderItemId}`, subject: `Η φιλοξενία σας για το ${o.name} είναι έτοιμη` });
    for (const part of [hosting!.text, hosting!.html]) {
      expect(part).toContain(service!.panelUrl);
      expect(part).toContain(service!.username);
      expect(part).toContain(`/account/hosting/${service!.id}`);
      // Where to set the password, never one.
      expect(part).toContain('Κωδικός πίνακα ελέγχου');
      expect(part).not.toMatch(/passw(or)?d\s*[:=]/i);
    }

    const [cert] = await mailsOf(o.id, 'certificate_pending');
    expect(cert).toMatchObject({ status: 'sent', subject: `Το πιστοποιητικό SSL για το ${o.name} περιμένει την επιβεβαίωσή σας` });
    expect(cert!.text).toContain(`webmaster@${o.name}`);
    expect(cert!.text).toContain(`/orders/${o.orderId}`);

    // Fulfilment again, the 5-minute cron twice and two at once: nothing more is queued or sent.
    const later = Date.now() + 10 * MIN;
    await servicesAt(later).orders.fulfil(o.orderId);
    await fulfilmentCron(env, new Date(later));
    await Promise.all([fulfilmentCron(env, new Date(later + 5 * MIN)), runScheduled('*/5 * * * *', env, new Date(later + 5 * MIN))]);
    const mine = (await mailsOf(o.id)).filter((m) => ['domain_registered', 'hosting_ready', 'certificate_pending'].includes(m.template));
    expect(mine.map((m) => m.template).sort()).toEqual(['certificate_pending', 'domain_registered', 'hosting_ready']);
    const outbox = (await sentTo(o.email)).filter((m) => mine.some((x) => x.subject === m.subject));
    expect(outbox).toHaveLength(3);
  });

  it('an item retried by two overlapping cron runs sends one message, in the customer’s language', async () => {
    const o = await waitingForRetry('im-race');
    await db.update(users).set({ locale: 'en' }).where(eq(users.id, o.id));
    expect(await mailsOf(o.id, 'domain_registered')).toHaveLength(0);
    const due = new Date(o.item.nextAttemptAt!.getTime() + MIN);
    await Promise.all([fulfilmentCron(env, due), fulfilmentCron(env, due)]);
    expect((await db.select().from(orderItems).where(eq(orderItems.id, o.item.id)))[0]).toMatchObject({ status: 'completed' });
    const mails = await mailsOf(o.id, 'domain_registered');
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ lang: 'en', subject: `${o.name} is registered in your name`, status: 'sent' });
    expect((await sentTo(o.email)).filter((m) => m.subject === mails[0]!.subject)).toHaveLength(1);
  });

  it('a mail provider that fails leaves fulfilment as it is; the queue sends the message later, once', async () => {
    const o = await nameHostingCertificate('im-down');
    const calls = { n: 0 };
    const t0 = Date.now();
    expect(await servicesWith(t0, { mail: failingMail(calls) }).orders.confirmBankTransfer(o.orderId)).toBe(true);
    const items = await db.select().from(orderItems).where(eq(orderItems.orderId, o.orderId));
    expect(items.map((i) => i.status)).toEqual(['completed', 'completed', 'completed']);
    expect((await db.select().from(domains).where(eq(domains.asciiFqdn, o.name)))[0]).toMatchObject({ status: 'active' });
    const queued = (await mailsOf(o.id)).filter((m) => ['domain_registered', 'hosting_ready', 'certificate_pending'].includes(m.template));
    expect(queued).toHaveLength(3);
    expect(queued.every((m) => m.status === 'failed' && m.attempts === 1)).toBe(true);
    expect(calls.n).toBeGreaterThanOrEqual(3);
    await runScheduled('*/5 * * * *', env, new Date(t0 + 2 * MIN));
    const after = await db.select().from(mailMessages).where(and(eq(mailMessages.userId, o.id), eq(mailMessages.status, 'sent')));
    expect(after.filter((m) => queued.some((q) => q.id === m.id))).toHaveLength(3);
    expect((await sentTo(o.email)).filter((m) => queued.some((q) => q.subject === m.subject))).toHaveLength(3);
  });
});
