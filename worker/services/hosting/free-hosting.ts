// Free hosting per domain (issue #23 §3, decision 072): enabled on a name that points at our
// nameservers, within the account's quota; disabled by suspending it at the panel with a deletion
// date; enabled again (undeleted) before that date; deleted by the daily cron after it.
//
// A new one claims its quota slot first (a 'provisioning' row, one conditional statement), then asks
// the panel, then fills the row in; a panel failure gives the slot back, so it changes nothing here,
// and an enable past the quota never makes an account at the panel (issue #32 §3.1). Other changes
// ask the panel first and write our row after its answer. Creation is idempotent at the panel by its reference (`free-<domain id>-<generation>`, the
// generation counting the name's deleted free hostings): a retry after a failure gets the same
// account. The quota and the one-per-name rule are checked again inside the statements that write.
import { and, asc, eq, inArray, lte, ne } from 'drizzle-orm';
import { ErrorCode } from '../../../core/errors';
import {
  activationRefusal,
  deleteAtFrom,
  FREE_HOSTING_LENGTH_MONTHS,
  FREE_HOSTING_PRODUCT_TYPE,
  FREE_HOSTING_QUOTA,
  FREE_HOSTING_SKU,
  freeHostingState,
  statusType,
  userInteracts,
  usesOurNameservers,
  type FreeHostingRefusal,
} from '../../../core/hosting/free-hosting';
import type { Db } from '../../../db/client';
import { domains, hostingServices, users } from '../../../db/schema';
import type { Language } from '../../../i18n/config';
import { getServerT } from '../../../i18n/server';
import { ProvisionerError, type HostingAccount, type HostingStatus } from '../../adapters/provisioner/port';
import type { LiveMessage } from '../../../party/protocol';
import type { ServiceDeps } from '../deps';
import { DEFAULT_NAMESERVERS } from '../domains';
import { createNotifier, NotificationType } from '../notifications';
import { createLiveService } from '../platform';
import { createMailService } from '../mail';
import { createPanelSecrets, hasPanelPassword } from './panel-secrets';
import type { HostingServiceRow } from './service-records';

type DomainRow = typeof domains.$inferSelect;
type FreeEvent = 'FreeHostingWasCreated' | 'FreeHostingWasUndeleted' | 'FreeHostingStatusWasUpdated';

/** Spec §3 "Free hosting status message": what the page draws and what the live events carry. */
export type FreeHostingStatusMessage = {
  domain_id: number;
  user_interacts: boolean;
  general: {
    delete_at: string | null;
    status: { type: string; locale: string };
    state: string;
    panel_url: string | null;
    username: string | null;
    server: string | null;
    created_at: string | null;
  };
  /**
   * Whether a panel password is kept (decision 091): the password itself is never in the message, so
   * in no live event and no event log; the page's reveal action (revealPassword) shows it.
   */
  customer: { passwd_set: boolean };
};

export type RevealedPassword = { ok: true; password: string } | { ok: false; code: number; status: number; cause?: unknown };

export type FreeHostingOutcome = { ok: true; code: number } | { ok: false; code: number; status: number; reason?: FreeHostingRefusal | 'failed' | 'deleted' };

const ENABLED: HostingStatus[] = ['provisioning', 'active'];
/** Rows the cron deletes per run: the next run takes the rest. */
const DELETE_BATCH = 100;

export function freeHostingMessage(domainId: number, row: HostingServiceRow | null, lang: Language): FreeHostingStatusMessage {
  const state = freeHostingState(row);
  const live = state === 'none' ? null : row;
  return {
    domain_id: domainId,
    user_interacts: userInteracts(state),
    general: {
      delete_at: live && state === 'disabled' && live.deleteAt ? live.deleteAt.toISOString() : null,
      status: { type: statusType(state), locale: getServerT(lang)(`freehosting:status.${state}`) as string },
      state,
      // A claim not yet answered by the panel has empty placeholders: absent, not ''.
      panel_url: live?.panelUrl || null,
      username: live?.username || null,
      server: live?.server || null,
      created_at: live ? live.startedAt.toISOString() : null,
    },
    customer: { passwd_set: live ? hasPanelPassword(live) : false },
  };
}

/** The name's living free hosting (at most one: a unique index), or null. */
async function currentOf(db: Db, userId: number, domain: DomainRow): Promise<HostingServiceRow | null> {
  const [row] = await db
    .select()
    .from(hostingServices)
    .where(and(eq(hostingServices.kind, 'free'), eq(hostingServices.domain, domain.asciiFqdn), eq(hostingServices.userId, userId), ne(hostingServices.status, 'terminated')));
  return row ?? null;
}

/** A claimed slot's account id until the panel answers: unique per name and generation, never a panel id. */
const CLAIM_PREFIX = 'claim:';
const claimAccountId = (reference: string) => `${CLAIM_PREFIX}${reference}`;
const referenceOfClaim = (accountId: string): string | null => (accountId.startsWith(CLAIM_PREFIX) ? accountId.slice(CLAIM_PREFIX.length) : null);
/** Twice the panel's time limit per call (createAccount, changePassword) with room: a live request is done by then. */
export const CLAIM_STALE_MS = 2 * 60_000;

const ENABLED_COUNT = `(SELECT count(*) FROM hosting_services WHERE user_id = ? AND kind = 'free' AND status IN ('provisioning', 'active'))`;

export function createFreeHostingService(deps: Pick<ServiceDeps, 'db' | 'env' | 'now' | 'adapters'>) {
  const { db, now } = deps;
  const d1 = db.$client;
  const panel = () => deps.adapters.provisioner;
  const secrets = createPanelSecrets(deps);
  const fail = (reason: FreeHostingRefusal): FreeHostingOutcome => ({ ok: false, code: ErrorCode.FREE_HOSTING_CANT_BE_ACTIVATED, status: 409, reason });
  const panelFailed = (e: unknown): FreeHostingOutcome => {
    if (!(e instanceof ProvisionerError)) throw e;
    // The panel's own 33003 (it already holds a free hosting for the name) keeps its code.
    if (e.code === ErrorCode.FREE_HOSTING_CANT_BE_ACTIVATED) return { ok: false, code: e.code, status: 409, reason: 'failed' };
    return { ok: false, code: ErrorCode.NETWORK_CONNECTION_ERROR, status: 503, reason: 'failed' };
  };

  async function langOf(userId: number): Promise<Language> {
    const [u] = await db.select({ locale: users.locale }).from(users).where(eq(users.id, userId));
    return u?.locale === 'en' ? 'en' : 'el';
  }

  async function publish(userId: number, event: FreeEvent, domainId: number, row: HostingServiceRow | null, uniqueId: string | null) {
    const data = freeHostingMessage(domainId, row, await langOf(userId));
    // A party that does not answer must never undo a change the panel already made.
    await createLiveService(deps.env)
      .toUser(`u-${userId}`, { channel: 'hosting', event, unique_id: uniqueId, data } as LiveMessage)
      .catch(() => undefined);
  }

  /** A status change the panel refuses as already made (a retry, a second tab) counts as made. */
  async function atPanel(accountId: string, action: () => Promise<HostingAccount>, wanted: HostingStatus): Promise<void> {
    try {
      await action();
    } catch (e) {
      if (!(e instanceof ProvisionerError) || e.code !== ErrorCode.ACTION_NOT_ALLOWED) throw e;
      if ((await panel().getAccount(accountId)).status !== wanted) throw e;
    }
  }

  async function enabledCount(userId: number, exceptId: number | null): Promise<number> {
    const rows = await db
      .select({ id: hostingServices.id })
      .from(hostingServices)
      .where(and(eq(hostingServices.userId, userId), eq(hostingServices.kind, 'free'), inArray(hostingServices.status, ENABLED)));
    return rows.filter((r) => r.id !== exceptId).length;
  }

  /**
   * Claims a quota slot for the name before the panel is asked (issue #32 §3.1): ONE conditional
   * INSERT … SELECT … WHERE (enabled count) < quota ON CONFLICT DO NOTHING of a 'provisioning' row
   * whose account id is the claim's placeholder. Parallel enables past the quota are refused here, so
   * the panel never makes an account we would not record. Null when the quota is full or the name
   * has a living free hosting already (the unique index).
   */
  async function claimSlot(userId: number, domain: DomainRow, reference: string): Promise<number | null> {
    const t = now.getTime();
    const claimed = await d1
      .prepare(
        `INSERT INTO hosting_services (user_id, order_item_id, account_id, sku, product_type, kind, domain, username, panel_url, server, datacenter, options, status, length_months, started_at, expires_at, cancel_at_period_end, synced_at, created_at, updated_at)
         SELECT ?, NULL, ?, ?, ?, 'free', ?, '', '', '', NULL, '{}', 'provisioning', ?, ?, ?, 0, ?, ?, ? WHERE ${ENABLED_COUNT} < ?
         ON CONFLICT DO NOTHING RETURNING id`,
      )
      .bind(userId, claimAccountId(reference), FREE_HOSTING_SKU, FREE_HOSTING_PRODUCT_TYPE, domain.asciiFqdn, FREE_HOSTING_LENGTH_MONTHS, t, t, t, t, t, userId, FREE_HOSTING_QUOTA)
      .first<{ id: number }>();
    return claimed?.id ?? null;
  }

  /** Gives a claimed slot back (the panel failed): only while it is still the claim. */
  async function releaseClaim(id: number, reference: string): Promise<void> {
    await d1.prepare(`DELETE FROM hosting_services WHERE id = ? AND account_id = ?`).bind(id, claimAccountId(reference)).run();
  }

  /**
   * The panel's part of an enable, under a slot already claimed: the account (idempotent by its
   * reference), its password, then the claim row becomes the account's row. A panel failure gives
   * the slot back, so nothing is left here.
   */
  async function provisionClaimed(userId: number, domain: DomainRow, claimId: number, reference: string, uniqueId: string | null): Promise<FreeHostingOutcome> {
    const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
    let account: HostingAccount;
    let password: string;
    try {
      account = await panel().createAccount({
        reference,
        sku: FREE_HOSTING_SKU,
        productType: FREE_HOSTING_PRODUCT_TYPE,
        domain: domain.asciiFqdn,
        lengthMonths: FREE_HOSTING_LENGTH_MONTHS,
        options: {},
        contactEmail: user!.email,
      });
      // The panel's password for the new account, handed over once: the page shows it (spec §3 customer.passwd).
      password = await panel().changePassword(account.accountId);
    } catch (e) {
      await releaseClaim(claimId, reference);
      return panelFailed(e);
    }
    const t = now.getTime();
    // Sealed before it is written (decision 091): D1 never holds it in plain text.
    const sealed = await secrets.seal(claimId, password);
    // Conditional on the claim still being ours as claimed: a taker of a stale claim that finished
    // first has written the row already.
    const done = await d1
      .prepare(
        `UPDATE hosting_services SET account_id = ?, sku = ?, username = ?, panel_url = ?, server = ?, status = ?, started_at = ?, expires_at = ?, synced_at = ?, updated_at = ?,
           panel_secret = ?, panel_secret_iv = ?, panel_secret_key = ?, panel_password = NULL
         WHERE id = ? AND account_id = ? RETURNING id`,
      )
      .bind(account.accountId, account.sku, account.username, account.panelUrl, account.server, account.status, account.createdAt.getTime(), account.expiresAt.getTime(), t, t, sealed.ciphertext, sealed.iv, sealed.keyVersion, claimId, claimAccountId(reference))
      .first<{ id: number }>();
    if (!done) return { ok: true, code: ErrorCode.NO_CHANGE };
    const row = (await currentOf(db, userId, domain))!;
    await publish(userId, 'FreeHostingWasCreated', domain.id, row, uniqueId);
    await createNotifier(deps).notify({
      userId,
      type: NotificationType.SYSTEM,
      messageKey: 'freehosting.created',
      params: { domain: domain.fqdn },
      link: `/account/domains/${domain.asciiFqdn}/hosting`,
      tone: 'success',
      dedupeKey: `free-hosting-created:${row.id}`,
    });
    // And by e-mail (issue #33 §1): where to sign in and as whom; the password stays on the page that
    // shows it. Once per free hosting (its row); a failure is logged, the hosting stands.
    await createMailService(deps)
      .sendToUser({
        template: 'hosting_ready',
        userId,
        dedupeKey: `free-hosting-ready:${row.id}`,
        params: { name: domain.fqdn, plan: row.sku, panelUrl: row.panelUrl, username: row.username, server: row.server, place: { kind: 'free', asciiName: domain.asciiFqdn } },
      })
      .catch((e: unknown) => console.error('free hosting mail failed', row.id, e));
    return { ok: true, code: ErrorCode.SUCCESS };
  }

  async function create(userId: number, domain: DomainRow, uniqueId: string | null): Promise<FreeHostingOutcome> {
    const refusal = activationRefusal({ ourNameservers: usesOurNameservers(domain, DEFAULT_NAMESERVERS), enabledCount: await enabledCount(userId, null) });
    if (refusal) return fail(refusal);
    const deleted = await db
      .select({ id: hostingServices.id })
      .from(hostingServices)
      .where(and(eq(hostingServices.kind, 'free'), eq(hostingServices.domain, domain.asciiFqdn), eq(hostingServices.status, 'terminated')));
    const reference = `free-${domain.id}-${deleted.length + 1}`;
    const claimId = await claimSlot(userId, domain, reference);
    if (claimId === null) {
      // A second tab claimed this very name first (it is being made, or made): nothing to do.
      // Otherwise the quota filled meanwhile, and the panel was never asked.
      if (await currentOf(db, userId, domain)) return { ok: true, code: ErrorCode.NO_CHANGE };
      return fail('quota');
    }
    return provisionClaimed(userId, domain, claimId, reference, uniqueId);
  }

  /**
   * A claim whose request never finished (the isolate went away between claim and panel answer) is
   * taken over once it is older than CLAIM_STALE_MS, by one conditional statement, and finished under
   * the same reference: the panel answers with the account the first attempt made, if it made one.
   */
  async function resumeStaleClaim(userId: number, domain: DomainRow, row: HostingServiceRow, uniqueId: string | null): Promise<FreeHostingOutcome> {
    const reference = referenceOfClaim(row.accountId);
    if (!reference || now.getTime() - row.updatedAt.getTime() < CLAIM_STALE_MS) return { ok: true, code: ErrorCode.NO_CHANGE };
    const taken = await d1
      .prepare(`UPDATE hosting_services SET updated_at = ? WHERE id = ? AND account_id = ? AND updated_at = ? RETURNING id`)
      .bind(now.getTime(), row.id, row.accountId, row.updatedAt.getTime())
      .first<{ id: number }>();
    if (!taken) return { ok: true, code: ErrorCode.NO_CHANGE };
    return provisionClaimed(userId, domain, row.id, reference, uniqueId);
  }

  async function undelete(userId: number, domain: DomainRow, row: HostingServiceRow, uniqueId: string | null): Promise<FreeHostingOutcome> {
    const refusal = activationRefusal({ ourNameservers: usesOurNameservers(domain, DEFAULT_NAMESERVERS), enabledCount: await enabledCount(userId, row.id) });
    if (refusal) return fail(refusal);
    try {
      await atPanel(row.accountId, () => panel().unsuspend(row.accountId), 'active');
    } catch (e) {
      return panelFailed(e);
    }
    const t = now.getTime();
    const updated = await d1
      .prepare(
        `UPDATE hosting_services SET status = 'active', delete_at = NULL, suspended_at = NULL, suspend_reason = NULL, synced_at = ?, updated_at = ?
         WHERE id = ? AND status = 'suspended' AND ${ENABLED_COUNT} < ? RETURNING id`,
      )
      .bind(t, t, row.id, userId, FREE_HOSTING_QUOTA)
      .first<{ id: number }>();
    if (!updated) {
      const again = await currentOf(db, userId, domain);
      if (again?.id === row.id && again.status === 'active') return { ok: true, code: ErrorCode.NO_CHANGE };
      if (again?.id !== row.id) return { ok: false, code: ErrorCode.FREE_HOSTING_CANT_BE_ACTIVATED, status: 409, reason: 'deleted' };
      // The quota filled meanwhile: the panel goes back to what our row says.
      await atPanel(row.accountId, () => panel().suspend(row.accountId, 'free_hosting_disabled'), 'suspended').catch(() => undefined);
      return fail('quota');
    }
    await publish(userId, 'FreeHostingWasUndeleted', domain.id, (await currentOf(db, userId, domain))!, uniqueId);
    return { ok: true, code: ErrorCode.SUCCESS };
  }

  return {
    /** The page's status message for one of the customer's names. */
    async status(userId: number, domain: DomainRow, lang: Language): Promise<FreeHostingStatusMessage> {
      return freeHostingMessage(domain.id, await currentOf(db, userId, domain), lang);
    },

    /**
     * The page's reveal (decision 091): the password of the name's free hosting, opened on the server
     * for this request only. 404 when there is none to show; 44170 when the keys do not open it.
     */
    async revealPassword(userId: number, domain: DomainRow): Promise<RevealedPassword> {
      const row = await currentOf(db, userId, domain);
      if (!row || !hasPanelPassword(row)) return { ok: false, code: ErrorCode.ACTION_NOT_ALLOWED, status: 404 };
      return secrets.reveal(row);
    },

    /** Creates it, or undeletes a disabled one; 1005 when it is on already. */
    async enable(userId: number, domain: DomainRow, uniqueId: string | null): Promise<FreeHostingOutcome> {
      const row = await currentOf(db, userId, domain);
      if (!row) return create(userId, domain, uniqueId);
      if (row.status === 'suspended') return undelete(userId, domain, row, uniqueId);
      if (row.status === 'provisioning') return resumeStaleClaim(userId, domain, row, uniqueId);
      return { ok: true, code: ErrorCode.NO_CHANGE };
    },

    /** Suspends it at the panel and dates its deletion; 1005 when there is none on. */
    async disable(userId: number, domain: DomainRow, uniqueId: string | null): Promise<FreeHostingOutcome> {
      const row = await currentOf(db, userId, domain);
      if (!row || row.status !== 'active') return { ok: true, code: ErrorCode.NO_CHANGE };
      try {
        await atPanel(row.accountId, () => panel().suspend(row.accountId, 'free_hosting_disabled'), 'suspended');
      } catch (e) {
        return panelFailed(e);
      }
      const [updated] = await db
        .update(hostingServices)
        .set({ status: 'suspended', suspendedAt: now, suspendReason: 'free_hosting_disabled', deleteAt: deleteAtFrom(now), syncedAt: now, updatedAt: now })
        .where(and(eq(hostingServices.id, row.id), eq(hostingServices.status, 'active')))
        .returning();
      if (!updated) return { ok: true, code: ErrorCode.NO_CHANGE };
      await publish(userId, 'FreeHostingStatusWasUpdated', domain.id, updated, uniqueId);
      return { ok: true, code: ErrorCode.SUCCESS };
    },

    /**
     * The daily cron: deletes at the panel every disabled free hosting whose date has come. Each row is
     * claimed first (suspended → terminated, one conditional statement), so an undelete racing it loses
     * cleanly and a re-run finds nothing; a panel failure gives the row back to the next run.
     */
    async deleteDue(): Promise<{ deleted: number; failed: number }> {
      const due = await db
        .select()
        .from(hostingServices)
        .where(and(eq(hostingServices.kind, 'free'), eq(hostingServices.status, 'suspended'), lte(hostingServices.deleteAt, now)))
        .orderBy(asc(hostingServices.deleteAt))
        .limit(DELETE_BATCH);
      let deleted = 0;
      let failed = 0;
      for (const row of due) {
        const [claimed] = await db
          .update(hostingServices)
          .set({ status: 'terminated', terminatedAt: now, updatedAt: now })
          .where(and(eq(hostingServices.id, row.id), eq(hostingServices.status, 'suspended'), lte(hostingServices.deleteAt, now)))
          .returning();
        if (!claimed) continue;
        try {
          await atPanel(row.accountId, () => panel().terminate(row.accountId), 'terminated');
        } catch (e) {
          // An account the panel no longer knows is as deleted as it gets.
          const gone = e instanceof ProvisionerError && e.code === ErrorCode.SERVER_PROVIDER_PRODUCT_NOT_FOUND;
          if (!gone) {
            failed += 1;
            await db.update(hostingServices).set({ status: 'suspended', terminatedAt: null, updatedAt: now }).where(eq(hostingServices.id, row.id));
            if (!(e instanceof ProvisionerError)) throw e;
            continue;
          }
        }
        deleted += 1;
        const [domain] = await db.select().from(domains).where(and(eq(domains.asciiFqdn, row.domain ?? ''), eq(domains.userId, row.userId)));
        if (domain) await publish(row.userId, 'FreeHostingStatusWasUpdated', domain.id, null, null);
        await createNotifier(deps).notify({
          userId: row.userId,
          type: NotificationType.SYSTEM,
          messageKey: 'freehosting.deleted',
          params: { domain: domain?.fqdn ?? row.domain ?? '' },
          link: domain ? `/account/domains/${domain.asciiFqdn}/hosting` : null,
          tone: 'info',
          dedupeKey: `free-hosting-deleted:${row.id}`,
        });
      }
      return { deleted, failed };
    },
  };
}

export type FreeHostingService = ReturnType<typeof createFreeHostingService>;
