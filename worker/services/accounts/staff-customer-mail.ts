// Support's two safe actions on a customer's page (issue #33 §3, decision 100): resend the e-mail
// verification link (only while the address is unverified) and send a password-reset link, each to
// the customer's own address, so nothing a member of staff types can send a customer's access
// anywhere else. Each takes an attempt of two limits before anything is checked (per customer and
// action, per member of staff: one conditional statement each, so thirty clicks at once take at most
// the limit), goes through the service that owns the link, and is audited once it went.
import { eq } from 'drizzle-orm';
import { ErrorCode } from '../../../core/errors';
import type { CustomerMailAction } from '../../../core/staff/mail-log';
import { auditStatement, rawBatch } from '../../../db/raw-batch';
import { users } from '../../../db/schema';
import type { ServiceDeps } from '../deps';
import { createRateLimitService } from '../platform';
import { createAccountService } from './account';
import { createPasswordResetService } from './password-reset';
import type { CustomerActor } from './staff-customer-page';

export type CustomerMailResult = { ok: true; code: number } | { ok: false; code: number; status: number; retryAfter?: number };

const AUDIT_ACTION: Record<CustomerMailAction, string> = {
  resend_verification: 'customer.verification_link_sent',
  send_reset: 'customer.reset_link_sent',
};

export function createStaffCustomerMail(deps: ServiceDeps) {
  const { db, now } = deps;
  const limits = createRateLimitService(deps);

  async function attempt(actor: CustomerActor, customerId: number, action: CustomerMailAction): Promise<CustomerMailResult | null> {
    for (const [name, subject] of [
      ['staff_mail:actor', String(actor.userId)],
      ['staff_mail:customer', `${action}:${customerId}`],
    ] as const) {
      const hit = await limits.hit(name, subject);
      if (!hit.allowed) return { ok: false, code: ErrorCode.CUSTOMER_MAIL_TOO_MANY, status: 429, retryAfter: hit.retryAfter };
    }
    return null;
  }

  return {
    async send(actor: CustomerActor, customerId: number, action: CustomerMailAction, origin: string): Promise<CustomerMailResult> {
      const limited = await attempt(actor, customerId, action);
      if (limited) return limited;
      const [u] = await db.select({ id: users.id, email: users.email, group: users.userGroup, locale: users.locale }).from(users).where(eq(users.id, customerId));
      if (!u || u.group !== 'user') return { ok: false, code: ErrorCode.USER_STATUS_NOT_FOUND, status: 404 };
      // An erased account's address is `erased-<id>@invalid`: nobody is there.
      if (u.email.endsWith('@invalid')) return { ok: false, code: ErrorCode.MAIL_RESEND_ERASED, status: 409 };
      let done: CustomerMailResult;
      if (action === 'resend_verification') {
        const sent = await createAccountService(deps).sendVerificationEmail(u.id, { origin, locale: u.locale === 'en' ? 'en' : 'el' });
        done = sent.ok ? { ok: true, code: ErrorCode.CUSTOMER_VERIFICATION_SENT } : { ok: false, code: sent.code, status: sent.status, retryAfter: sent.retryAfter };
      } else {
        const sent = await createPasswordResetService(deps).sendLinkTo(u.id, { ip: actor.ip ?? '0.0.0.0', origin });
        done = sent.sent
          ? { ok: true, code: ErrorCode.CUSTOMER_RESET_SENT }
          : sent.reason === 'limited'
            ? { ok: false, code: ErrorCode.CUSTOMER_MAIL_TOO_MANY, status: 429, retryAfter: sent.seconds }
            : { ok: false, code: ErrorCode.CUSTOMER_RESET_NOT_POSSIBLE, status: 409 };
      }
      if (done.ok) {
        await rawBatch(db, [auditStatement({ actorUserId: actor.userId, ip: actor.ip, action: AUDIT_ACTION[action], targetType: 'user', targetId: u.id, detail: {}, at: now })]);
      }
      return done;
    },
  };
}

export type StaffCustomerMail = ReturnType<typeof createStaffCustomerMail>;
