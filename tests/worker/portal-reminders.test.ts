// Expiry reminders (issue #12 §6, decision 036) inside workerd: the cron raises the step due at 30, 7
// and 1 days before a name's expiry, once per (domain, expiry, step), e-mails it through the mail queue
// with the name, the date and the renew link, catches up with only the latest due step, starts again
// after a renewal, and leaves names the customer no longer holds alone.
import { env } from 'cloudflare:workers';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../db/client';
import { domainReminders, domains, mailMessages, outbox } from '../../db/schema';
import { createAdapters } from '../../worker/adapters';
import { configOf } from '../../worker/config';
import { runScheduled } from '../../worker/cron';
import { createServices } from '../../worker/services';
import { newCustomer, servicesAt, uniqueName } from './customers';

const db = createDb(env.DB);
const DAY = 86_400_000;
// 09:00 in Athens, well clear of midnight, so "N days" is N calendar days.
const T0 = Date.UTC(2031, 2, 10, 7, 0);

async function holding(opts: { days: number; status?: (typeof domains.$inferInsert)['status']; autoRenew?: boolean; unicode?: { fqdn: string; ascii: string } } = { days: 30 }) {
  const c = await newCustomer('remind');
  const ascii = opts.unicode?.ascii ?? `${uniqueName('remind')}.gr`;
  const [d] = await db
    .insert(domains)
    .values({
      userId: c.id,
      fqdn: opts.unicode?.fqdn ?? ascii,
      asciiFqdn: ascii,
      registryKey: ascii,
      tld: 'gr',
      registry: 'gr',
      status: opts.status ?? 'active',
      autoRenew: opts.autoRenew ?? false,
      expiresAt: new Date(T0 + opts.days * DAY + 3 * 3600_000),
      createdAt: new Date(T0 - 300 * DAY),
      updatedAt: new Date(T0 - 300 * DAY),
    })
    .returning();
  return { ...c, domain: d! };
}

const stepsOf = async (domainId: number) =>
  (await db.select().from(domainReminders).where(eq(domainReminders.domainId, domainId))).map((r) => r.daysBefore).sort((a, b) => b - a);
const mailsTo = (email: string) => db.select().from(outbox).where(and(eq(outbox.to, email), eq(outbox.channel, 'email')));
const run = (ms: number) => servicesAt(ms).reminders.run();

describe('expiry reminders', () => {
  it('raises 30, 7 and 1 days before expiry, each once, with its e-mail', async () => {
    const c = await holding({ days: 30 });
    await run(T0 - DAY);
    expect(await stepsOf(c.domain.id)).toEqual([]);
    await run(T0);
    await run(T0 + 3600_000); // the same day again: nothing new
    expect(await stepsOf(c.domain.id)).toEqual([30]);
    await run(T0 + 10 * DAY);
    expect(await stepsOf(c.domain.id)).toEqual([30]);
    await run(T0 + 23 * DAY);
    expect(await stepsOf(c.domain.id)).toEqual([30, 7]);
    await run(T0 + 29 * DAY);
    await run(T0 + 29 * DAY + 60_000);
    expect(await stepsOf(c.domain.id)).toEqual([30, 7, 1]);
    const mails = await mailsTo(c.email);
    expect(mails.map((m) => m.meta.tag)).toEqual(['domain_reminder:30', 'domain_reminder:7', 'domain_reminder:1']);
    // Every raised step was e-mailed.
    const rows = await db.select().from(domainReminders).where(eq(domainReminders.domainId, c.domain.id));
    expect(rows.every((r) => r.emailedAt !== null && r.readAt === null && r.userId === c.id)).toBe(true);
  });

  it('writes the name, the expiry date and the renew link to the ASCII name in the customer’s language', async () => {
    const ascii = `xn--${uniqueName('rmd')}.gr`;
    const c = await holding({ days: 7, unicode: { fqdn: `ονομα-${ascii.slice(4)}`, ascii } });
    await run(T0);
    const [mail] = await mailsTo(c.email);
    expect(mail!.subject).toBe(`Το ονομα-${ascii.slice(4)} λήγει σε 7 ημέρες`);
    expect(mail!.body).toContain(`ονομα-${ascii.slice(4)}`);
    expect(mail!.body).toContain('17 Μαρτίου 2031');
    expect(mail!.body).toContain(`/account/domains/${ascii}`);
    expect(mail!.body).toContain('αυτόματη ανανέωση είναι ανενεργή');
  });

  it('a missed run catches up with only the latest due step: one e-mail, not three', async () => {
    const c = await holding({ days: 5 });
    await run(T0);
    expect(await stepsOf(c.domain.id)).toEqual([7]);
    expect(await mailsTo(c.email)).toHaveLength(1);
    // On its last day the day-of-expiry step comes (issue #24 §1), saying "today".
    await run(T0 + 5 * DAY);
    expect(await stepsOf(c.domain.id)).toEqual([7, 0]);
    const mails = await mailsTo(c.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toContain('λήγει σήμερα');
  });

  it('a failed e-mail keeps its raised step, waits in the mail queue and goes once the provider answers', async () => {
    const c = await holding({ days: 7 });
    const real = createAdapters(configOf(env), db);
    let down = true;
    const adapters = { ...real, mail: { send: (m: Parameters<typeof real.mail.send>[0]) => (down ? Promise.reject(new Error('mail provider down')) : real.mail.send(m)) } };
    const services = (ms: number) => createServices({ db, env, now: new Date(ms), adapters });
    await services(T0).reminders.run();
    // Queued once (decision 099: `emailed_at` says queued), the failure kept on the queue's row.
    const [raised] = await db.select().from(domainReminders).where(eq(domainReminders.domainId, c.domain.id));
    expect(raised).toMatchObject({ daysBefore: 7, emailedAt: new Date(T0) });
    const [queued] = await db.select().from(mailMessages).where(eq(mailMessages.dedupeKey, `domain-reminder:${raised!.id}`));
    expect(queued).toMatchObject({ status: 'failed', attempts: 1 });
    expect(await mailsTo(c.email)).toHaveLength(0);
    down = false;
    // The reminder runs queue nothing more; the mail queue's run sends it, once.
    await services(T0 + 3600_000).reminders.run();
    await services(T0 + 3600_000).mail.deliverDue();
    await services(T0 + 7200_000).reminders.run();
    await services(T0 + 7200_000).mail.deliverDue();
    expect(await mailsTo(c.email)).toHaveLength(1);
    expect(await stepsOf(c.domain.id)).toEqual([7]);
  });

  it('two overlapping runs raise and send a step once', async () => {
    const c = await holding({ days: 7 });
    await Promise.all([run(T0), run(T0), run(T0)]);
    expect(await stepsOf(c.domain.id)).toEqual([7]);
    expect(await mailsTo(c.email)).toHaveLength(1);
  });

  it('a renewal starts the steps again for the new expiry', async () => {
    const c = await holding({ days: 7 });
    await run(T0);
    const renewed = new Date(c.domain.expiresAt.getTime() + 365 * DAY);
    await db.update(domains).set({ expiresAt: renewed }).where(eq(domains.id, c.domain.id));
    await run(T0 + DAY);
    expect(await stepsOf(c.domain.id)).toEqual([7]);
    await run(renewed.getTime() - 30 * DAY - 3 * 3600_000);
    const rows = await db.select().from(domainReminders).where(eq(domainReminders.domainId, c.domain.id));
    expect(rows.map((r) => [r.daysBefore, r.expiresAt.getTime()]).sort()).toEqual([[30, renewed.getTime()], [7, c.domain.expiresAt.getTime()]].sort());
    expect(await mailsTo(c.email)).toHaveLength(2);
  });

  it('sends nothing for names not held: cancelled, in redemption, pending, transferring in', async () => {
    for (const status of ['cancelled', 'redemption', 'pending', 'transfer_pending'] as const) {
      const c = await holding({ days: 7, status });
      await run(T0);
      expect(await stepsOf(c.domain.id)).toEqual([]);
      expect(await mailsTo(c.email)).toHaveLength(0);
    }
  });

  it('auto-renew names are reminded too, and the e-mail says auto-renew is on', async () => {
    const c = await holding({ days: 30, autoRenew: true });
    await run(T0);
    const [mail] = await mailsTo(c.email);
    expect(mail!.body).toContain('αυτόματη ανανέωση είναι ενεργή');
  });

  it('forUser lists unread first, and only names the customer still holds', async () => {
    const c = await holding({ days: 30 });
    const other = await holding({ days: 7 });
    await run(T0);
    await run(T0 + 23 * DAY);
    const s = servicesAt(T0 + 23 * DAY);
    const list = await s.reminders.forUser(c.id);
    expect(list.map((r) => r.daysBefore)).toEqual([7, 30]);
    expect(await s.reminders.markRead(c.id, list[0]!.id)).toBe(true);
    expect(await s.reminders.markRead(other.id, list[1]!.id)).toBe(false); // not theirs
    expect((await s.reminders.forUser(c.id)).map((r) => [r.daysBefore, r.readAt !== null])).toEqual([[30, false], [7, true]]);
    expect(list[0]).toMatchObject({ fqdn: c.domain.fqdn, asciiFqdn: c.domain.asciiFqdn, current: true });
    // The name moves to another account: its reminders leave the old holder's list.
    await db.update(domains).set({ userId: other.id }).where(eq(domains.id, c.domain.id));
    expect(await s.reminders.forUser(c.id)).toEqual([]);
  });

  it('runs from the daily cron', async () => {
    const c = await holding({ days: 1 });
    const out = await runScheduled('0 6 * * *', env, new Date(T0));
    expect(out.results[0]).toMatchObject({ raised: expect.any(Number), emailed: expect.any(Number) });
    expect(await stepsOf(c.domain.id)).toEqual([1]);
  });
});
