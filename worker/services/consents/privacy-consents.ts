// The GDPR consents of /account/privacy (issue #24 §3, spec §3 GDPR consents, §5 GDPR): processing
// approval, data validity and the communication agreement on the user, the newsletter through its
// double opt-in, and the history of every change from consent_events. The §5 rules (processing,
// validity and accept-all required) are the form's schema (core/validation/consent-forms.ts).
import { and, desc, eq, isNull, or } from 'drizzle-orm';
import { ErrorCode } from '../../../core/errors';
import type { NewsletterState } from '../../../core/newsletter';
import { consentEvents, users } from '../../../db/schema';
import type { Language } from '../../../i18n/config';
import { createConsentLog, type ConsentChange } from '../accounts';
import type { ServiceDeps } from '../deps';
import { createNewsletterService } from '../newsletter';
import { GDPR_POLICY_VERSION } from '../../../core/gdpr';

export const CONSENT_HISTORY_LIMIT = 100;

export type ConsentHistoryRow = { id: number; kind: string; granted: boolean; source: string; ip: string | null; at: string };
export type ConsentsView = { processing: boolean; validity: boolean; communication: boolean; newsletter: NewsletterState; history: ConsentHistoryRow[] };

export function createPrivacyConsents(deps: ServiceDeps) {
  const { db, now } = deps;
  const newsletter = createNewsletterService(deps);
  const log = createConsentLog(deps);

  async function load(userId: number) {
    const [u] = await db.select().from(users).where(eq(users.id, userId));
    if (!u) throw new Error('privacy: unknown user');
    return u;
  }

  return {
    async view(userId: number): Promise<ConsentsView> {
      const u = await load(userId);
      // Changes recorded by address before the account existed count once the address is proven.
      const mine = u.emailVerifiedAt ? or(eq(consentEvents.userId, u.id), and(isNull(consentEvents.userId), eq(consentEvents.email, u.email))) : eq(consentEvents.userId, u.id);
      const [rows, status] = await Promise.all([
        db.select().from(consentEvents).where(mine).orderBy(desc(consentEvents.createdAt), desc(consentEvents.id)).limit(CONSENT_HISTORY_LIMIT),
        newsletter.status({ userId }),
      ]);
      return {
        processing: u.gdprProcessingAt !== null,
        validity: u.gdprValidityAt !== null,
        communication: u.gdprCommunication,
        newsletter: status?.state ?? 'none',
        history: rows.map((r) => ({ id: r.id, kind: r.kind, granted: r.granted, source: r.source, ip: r.ip, at: r.createdAt.toISOString() })),
      };
    },

    /** The form was valid (the three required boxes checked): each change is written with its record. */
    async save(
      userId: number,
      input: { communication: boolean; newsletter: boolean },
      ctx: { ip: string; origin: string; locale: Language },
    ): Promise<{ ok: true; code: number; newsletterPending: boolean } | { ok: false; code: number; status: number; seconds?: number }> {
      const u = await load(userId);
      const changes: ConsentChange[] = [];
      const base = { userId: u.id, email: u.email, source: 'form' as const, ip: ctx.ip };
      // An approval given here is of the privacy policy in force (core/legal.ts, issue #25 §3).
      const policyVersion = String(GDPR_POLICY_VERSION);
      if (!u.gdprProcessingAt) changes.push({ ...base, kind: 'processing', granted: true, policyVersion });
      if (!u.gdprValidityAt) changes.push({ ...base, kind: 'validity', granted: true, policyVersion });
      if (u.gdprCommunication !== input.communication) changes.push({ ...base, kind: 'communication', granted: input.communication });
      if (changes.length) {
        await db.batch([
          db
            .update(users)
            .set({ gdprProcessingAt: u.gdprProcessingAt ?? now, gdprValidityAt: u.gdprValidityAt ?? now, ...(u.gdprProcessingAt ? {} : { gdprPolicyVersion: GDPR_POLICY_VERSION }), gdprCommunication: input.communication, updatedAt: now })
            .where(eq(users.id, u.id)),
          log.insertStatement(changes),
        ]);
      }
      const state = (await newsletter.status({ userId }))?.state ?? 'none';
      const listed = state === 'subscribed' || state === 'pending';
      let newsletterPending = false;
      if (input.newsletter && !listed) {
        // Ticking the box only sends the confirmation mail; the consent is recorded when it is confirmed.
        const r = await newsletter.subscribe({ email: u.email, userId: u.id, source: 'form', ip: ctx.ip, origin: ctx.origin, locale: ctx.locale });
        if (!r.ok) return r;
        newsletterPending = true;
      } else if (!input.newsletter && listed) {
        await newsletter.unsubscribe({ userId }, { source: 'form', ip: ctx.ip });
      } else if (!changes.length) return { ok: false, code: ErrorCode.NO_CHANGE, status: 200 };
      return { ok: true, code: ErrorCode.PROFILE_UPDATED_SUCCESSFULLY, newsletterPending };
    },
  };
}

export type PrivacyConsents = ReturnType<typeof createPrivacyConsents>;
