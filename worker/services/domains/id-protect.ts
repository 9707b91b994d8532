// ID protect's paid period (issue #20 §4; the rule is core/domains/id-protect.ts). The daily cron
// reminds the customer once per paid-until date, some days before it, and turns the protection off
// after it: at the registry first, then here (a registry failure leaves it on for the next run). A
// renewal that includes ID protect pays it up to the name's new expiry (called by fulfilment).
import { and, asc, eq, isNotNull, lte, or, isNull, ne, sql } from 'drizzle-orm';
import { ID_PROTECT_REMINDER_DAYS, idProtectDue, idProtectUntilAfterRenewal } from '../../../core/domains/id-protect';
import { ErrorCode } from '../../../core/errors';
import { domains, users } from '../../../db/schema';
import type { Language } from '../../../i18n/config';
import { RegistryError } from '../../adapters/registry/port';
import type { ServiceDeps } from '../deps';
import { createMailService } from '../mail';

/** Names one run looks at; the rest wait for the next run (the rule is the same whenever it runs). */
export const ID_PROTECT_PER_RUN = 500;
const DAY_MS = 24 * 60 * 60_000;

type DomainRow = typeof domains.$inferSelect;

export function createIdProtectService(deps: ServiceDeps) {
  const { db, now } = deps;
  const ref = (d: DomainRow) => ({ name: d.asciiFqdn, key: d.registryKey });

  /** Off at the registry, then here, only while the paid date is still past (a renewal meanwhile wins). */
  async function expire(d: DomainRow): Promise<boolean> {
    try {
      await deps.adapters.registries[d.registry].updateContacts(ref(d), { idProtect: false });
    } catch (e) {
      if (!(e instanceof RegistryError)) throw e;
      console.warn('id protect: registry refused turning it off', d.asciiFqdn, e.code);
      return false;
    }
    const done = await db
      .update(domains)
      .set({ idProtect: false, updatedAt: now })
      .where(and(eq(domains.id, d.id), eq(domains.idProtect, true), lte(domains.idProtectUntil, now)))
      .returning({ id: domains.id });
    return done.length > 0;
  }

  /** The reminder, claimed by a conditional update (one e-mail per paid-until date, whatever runs overlap). */
  async function remind(d: DomainRow): Promise<boolean> {
    const until = d.idProtectUntil!;
    const [claimed] = await db
      .update(domains)
      .set({ idProtectRemindedFor: until })
      .where(and(eq(domains.id, d.id), eq(domains.idProtectUntil, until), or(isNull(domains.idProtectRemindedFor), ne(domains.idProtectRemindedFor, until))))
      .returning({ id: domains.id });
    if (!claimed) return false;
    const [u] = await db.select({ email: users.email, locale: users.locale }).from(users).where(eq(users.id, d.userId));
    if (!u) return false;
    const lang: Language = u.locale === 'en' ? 'en' : 'el';
    try {
      // Once per name and paid-until date, like the claim; the queue retries a provider that is down.
      await createMailService(deps).send({
        template: 'id_protect_ending',
        params: { fqdn: d.fqdn, asciiFqdn: d.asciiFqdn, until },
        to: u.email,
        lang,
        userId: d.userId,
        dedupeKey: `id-protect-ending:${d.id}:${until.getTime()}`,
        tag: 'id_protect_ending',
      });
      return true;
    } catch (e) {
      // Not even queued (the database refused): give the claim back, the next run tries again.
      await db.update(domains).set({ idProtectRemindedFor: d.idProtectRemindedFor }).where(and(eq(domains.id, d.id), eq(domains.idProtectRemindedFor, until)));
      console.warn('id protect reminder mail failed', d.id, e);
      return false;
    }
  }

  return {
    /** The cron's work: names whose paid period ends within the reminder window or has ended. */
    async run(): Promise<{ reminded: number; expired: number }> {
      const horizon = new Date(now.getTime() + ID_PROTECT_REMINDER_DAYS * DAY_MS);
      const rows = await db
        .select()
        .from(domains)
        .where(and(eq(domains.idProtect, true), isNotNull(domains.idProtectUntil), lte(domains.idProtectUntil, horizon), sql`(${domains.idProtectRemindedFor} IS NULL OR ${domains.idProtectRemindedFor} <> ${domains.idProtectUntil} OR ${domains.idProtectUntil} <= ${now.getTime()})`))
        .orderBy(asc(domains.idProtectUntil))
        .limit(ID_PROTECT_PER_RUN);
      let reminded = 0;
      let expired = 0;
      for (const d of rows) {
        const due = idProtectDue(d, now);
        if (due === 'expire' && (await expire(d))) expired++;
        else if (due === 'remind' && (await remind(d))) reminded++;
      }
      return { reminded, expired };
    },

    /**
     * A renewal that includes ID protect: paid up to the new expiry, and on at the registry if it had
     * gone off. Throws the registry's error (the item is retried like any other).
     */
    async extendWithRenewal(userId: number, domainId: number, renewedTo: Date): Promise<Date> {
      const [d] = await db.select().from(domains).where(and(eq(domains.id, domainId), eq(domains.userId, userId)));
      if (!d) throw new RegistryError(ErrorCode.ACTION_NOT_ALLOWED, { reason: 'not_held' });
      if (!d.idProtect) await deps.adapters.registries[d.registry].updateContacts(ref(d), { idProtect: true });
      const until = idProtectUntilAfterRenewal(d.idProtectUntil, renewedTo);
      await db.update(domains).set({ idProtect: true, idProtectUntil: until, updatedAt: now }).where(eq(domains.id, d.id));
      return until;
    },
  };
}

export type IdProtectService = ReturnType<typeof createIdProtectService>;
