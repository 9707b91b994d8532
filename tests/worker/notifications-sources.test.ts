// The SYSTEM and OFFER sources of issue #24 §1 (decision 073), each once per event: a staff debit (a
// document to pay; a double submit adds one notice), an internal-transfer offer to a proven account, and
// the running promotion as a global OFFER notice that every tick may ask for and that ends with it.
import { env } from 'cloudflare:workers';
import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../db/client';
import { notifications, promotions } from '../../db/schema';
import { forgetAllReads } from '../../worker/services/platform';
import { heldDomain } from './handover-fixtures';
import { newCustomer, servicesAt } from './customers';
import { newStaff } from './staff';

const db = createDb(env.DB);
const noticesOf = (userId: number) => db.select().from(notifications).where(eq(notifications.userId, userId));

describe('notification sources', () => {
  it('a staff debit is a document to pay, once for a repeated form', async () => {
    const c = await newCustomer('src-debit');
    const staff = await newStaff({ totp: true });
    const input = { userId: c.id, reason: 'manual' as const, lines: [{ description: 'Εργασία', netCents: 2_000 }], dueAt: new Date(Date.now() + 86_400_000), key: crypto.randomUUID() };
    const first = await servicesAt().debits.addDebit(input, { userId: staff.id, ip: null });
    const again = await servicesAt().debits.addDebit(input, { userId: staff.id, ip: null });
    expect(first.ok && again.ok).toBe(true);
    const notes = await noticesOf(c.id);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ type: 3, messageKey: 'documents.to_pay', tone: 'warning', displayOnScreen: true, link: `/account/documents/${first.ok ? first.documentId : 0}` });
    expect(String(notes[0]!.params.amount)).toContain('24,80');
  });

  it('an internal-transfer offer tells the proven recipient', async () => {
    const holder = await newCustomer('src-from');
    const to = await newCustomer('src-to');
    const { domain } = await heldDomain(holder.id);
    const offered = await servicesAt().handovers.offer(holder.id, domain.asciiFqdn, { email: to.email, lang: 'el', origin: 'http://localhost' });
    expect(offered.ok).toBe(true);
    const notes = await noticesOf(to.id);
    expect(notes.map((n) => [n.messageKey, n.link])).toEqual([['domains.transfer_offer', '/account/transfers']]);
    expect(await noticesOf(holder.id)).toEqual([]);
  });

  it('the running promotion is one global OFFER notice, however many ticks, ended with the promotion', async () => {
    const now = Date.now();
    const [p] = await db
      .insert(promotions)
      .values({ name: `promo-${now}`, titleEl: 'Όλα τα .gr στα 5 €', titleEn: 'Every .gr at €5', startsAt: new Date(now - 60_000), softEndAt: new Date(now + 3_600_000), status: 'active' })
      .returning();
    forgetAllReads();
    await servicesAt(now).promotions.tick();
    await servicesAt(now + 1000).promotions.tick();
    const offers = await db.select().from(notifications).where(and(eq(notifications.type, 2), like(notifications.dedupeKey, `promo:${p!.id}`)));
    expect(offers).toHaveLength(1);
    expect(offers[0]).toMatchObject({ userId: null, messageKey: 'offer.promotion' });
    const reader = await newCustomer('src-promo');
    const el = await servicesAt(now + 2000).notifications.list(reader.id, 'el', { type: 2 });
    expect(el.items.map((i) => i.text)).toContain('Προσφορά σε εξέλιξη: Όλα τα .gr στα 5 €');
    expect((await servicesAt(now + 2000).notifications.list(reader.id, 'en', { type: 2 })).items.map((i) => i.text)).toContain('Offer running: Every .gr at €5');
    // The promotion ends (its soft end passes with no renewal): the notice ends with it.
    await servicesAt(now + 3_700_000).promotions.tick();
    const after = await servicesAt(now + 3_800_000).notifications.list(reader.id, 'el', { type: 2 });
    expect(after.items.map((i) => i.id)).not.toContain(offers[0]!.id);
  });
});
