// Staff security (issue #10 §4, decision 024): a member of staff cannot use the back office without an
// authenticator app, so the first admin login leads to this enrolment (the account's TOTP rules:
// core/totp.ts), and the enrolment is a staff action with its audit row in the same batch.
import { eq } from 'drizzle-orm';
import { generateTotpSecret, otpauthUri, verifyTotp } from '../../../core/totp';
import { auditStatement, rawBatch } from '../../../db/raw-batch';
import { users } from '../../../db/schema';
import type { ServiceDeps } from '../deps';
import { TOTP_ISSUER } from '../accounts';

export function createStaffService({ db, now }: ServiceDeps) {
  return {
    /**
     * Forced enrolment of staff two-factor (decision 024): the pending secret, made once and kept until
     * confirmed, so reloading the page does not change the QR code the person is scanning.
     */
    async staffTotpEnrolment(userId: number): Promise<{ enrolled: true } | { enrolled: false; secret: string; uri: string }> {
      const [u] = await db.select().from(users).where(eq(users.id, userId));
      if (!u) throw new Error('staff: unknown user');
      if (u.totpEnabledAt) return { enrolled: true };
      let secret = u.totpPendingSecret;
      if (!secret) {
        secret = generateTotpSecret();
        await db.update(users).set({ totpPendingSecret: secret, updatedAt: now }).where(eq(users.id, u.id));
      }
      return { enrolled: false, secret, uri: otpauthUri(TOTP_ISSUER, u.email, secret) };
    },

    /** The first code proves the app holds the secret; the enrolment and its audit row are one batch. */
    async confirmStaffTotp(userId: number, code: string, ip: string): Promise<boolean> {
      const [u] = await db.select().from(users).where(eq(users.id, userId));
      if (!u?.totpPendingSecret || u.totpEnabledAt) return false;
      const counter = await verifyTotp(u.totpPendingSecret, code, now.getTime());
      if (counter === null) return false;
      const at = now.getTime();
      // Conditional on the same pending secret: two tabs confirming at once enrol once, with one row.
      const results = await rawBatch(db, [
        {
          sql: 'UPDATE users SET totp_secret = totp_pending_secret, totp_pending_secret = NULL, totp_enabled_at = ?, totp_last_counter = ?, updated_at = ? WHERE id = ? AND totp_pending_secret = ? AND totp_enabled_at IS NULL',
          params: [at, counter, at, u.id, u.totpPendingSecret],
        },
        auditStatement({ actorUserId: u.id, action: 'staff.two_factor_enrolled', targetType: 'user', targetId: u.id, detail: { method: 'totp' }, ip, at: now }, { sql: 'EXISTS (SELECT 1 FROM users WHERE id = ? AND totp_enabled_at = ? AND totp_secret = ?)', params: [u.id, at, u.totpPendingSecret] }),
      ]);
      return (results[0]?.meta.changes ?? 0) === 1;
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
