// Expiry reminders as notifications (issue #24 §1, decision 073): each raised step (30, 7, 1 days and
// the day of expiry) is a DOMAIN_EXPIRATION notice beside its e-mail, once whatever the runs; and a run
// reads every name of its window, a page at a time (it stopped at the first 1,000 before).
import { env } from 'cloudflare:workers';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../db/client';
import { domainReminders, notifications, outbox } from '../../db/schema';
import { REMINDERS_PER_RUN } from '../../worker/services/domains/reminders';
import { newCustomer, servicesAt, uniqueName } from './customers';

const db = createDb(env.DB);
const DAY = 86_400_000;
const T0 = Date.UTC(2033, 4, 10, 7, 0); // 10:00 in Athens

const expiryNotices = (userId: number) => db.select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.type, 1)));

/** `count` active names of one customer expiring `days` days after T0, written in one statement. */
async function names(userId: number, count: number, days: number, base = T0) {
  const prefix = uniqueName('bulk');
  await db.run(sql`WITH RECURSIVE seq(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM seq WHERE i < ${count})
    INSERT INTO domains (user_id, fqdn, ascii_fqdn, registry_key, tld, registry, status, auto_renew, expires_at, created_at, updated_at)
    SELECT ${userId}, ${prefix} || i || '.gr', ${prefix} || i || '.gr', ${prefix} || i || '.gr', 'gr', 'gr', 'active', 0, ${base + days * DAY + 3_600_000}, ${T0 - 300 * DAY}, ${T0 - 300 * DAY} FROM seq`);
  return prefix;
}

describe('expiry reminders as notifications', () => {
  it('raises each step as a DOMAIN_EXPIRATION notice beside its e-mail, once on a second run', async () => {
    const c = await newCustomer('rn');
    const prefix = await names(c.id, 1, 7);
    await servicesAt(T0).reminders.run();
    await servicesAt(T0 + 60_000).reminders.run();
    const notices = await expiryNotices(c.id);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ messageKey: 'domains.expiring', params: { name: `${prefix}1.gr`, count: 7, date: '17/05/2033' }, link: `/account/domains/${prefix}1.gr`, tone: 'warning' });
    expect(await db.select().from(outbox).where(eq(outbox.to, c.email))).toHaveLength(1);
    // The day of expiry: its own step, notice and e-mail.
    await servicesAt(T0 + 7 * DAY).reminders.run();
    await servicesAt(T0 + 7 * DAY + 60_000).reminders.run();
    const after = await expiryNotices(c.id);
    expect(after.map((n) => n.messageKey).sort()).toEqual(['domains.expires_today', 'domains.expiring']);
    expect(after.find((n) => n.messageKey === 'domains.expires_today')).toMatchObject({ tone: 'alert', displayOnScreen: true });
    expect(await db.select().from(outbox).where(eq(outbox.to, c.email))).toHaveLength(2);
    const text = (await servicesAt(T0 + 7 * DAY).notifications.list(c.id, 'el')).items.map((i) => i.text);
    expect(text).toContain(`Το ${prefix}1.gr λήγει σήμερα (17/05/2033).`);
    expect(text).toContain(`Το ${prefix}1.gr λήγει σε 7 ημέρες (17/05/2033).`);
  });

  it(`reads every name of the window, past ${REMINDERS_PER_RUN} (keyset pages), and a second run adds nothing`, async () => {
    const c = await newCustomer('rn-many');
    const T1 = T0 + 100 * DAY;
    // A full page of names that expire first and were reminded already (30 days, e-mailed) …
    const done = await names(c.id, REMINDERS_PER_RUN, 30, T1);
    await db.run(sql`INSERT INTO domain_reminders (user_id, domain_id, days_before, expires_at, emailed_at, created_at)
      SELECT user_id, id, 30, expires_at, ${T1 - DAY}, ${T1 - DAY} FROM domains WHERE fqdn LIKE ${`${done}%`}`);
    // … and 25 more behind them: the run stopped at the first page before, so these were never reached.
    await names(c.id, 25, 30, T1 + 3_600_000);
    const first = await servicesAt(T1).reminders.run();
    expect(first).toMatchObject({ raised: 25, emailed: 25 });
    expect(await expiryNotices(c.id)).toHaveLength(25);
    const again = await servicesAt(T1 + 60_000).reminders.run();
    expect(again).toMatchObject({ raised: 0, emailed: 0 });
    expect(await expiryNotices(c.id)).toHaveLength(25);
    const [rows] = await db.select({ n: sql<number>`count(*)` }).from(domainReminders).where(eq(domainReminders.userId, c.id));
    expect(rows!.n).toBe(REMINDERS_PER_RUN + 25);
  });
});
