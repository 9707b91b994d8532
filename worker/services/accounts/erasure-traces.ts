// The rest of an erasure (issue #32 §2, decision 090): the tables that hold the person by address,
// mobile or name rather than by user id alone, and the archives in R2. The statements are unguarded
// here; the erasure's batch adds its "closed by this very request" guard to each, so every WHERE
// below is one parenthesised condition (an appended AND must not bind to half of an OR).
import { ERASED } from '../../../core/erasure';
import type { Raw } from '../../../db/raw-batch';
// A row at the queue's MAX_ATTEMPTS is never tried again.
import { MAX_ATTEMPTS } from '../mail';

export type ErasedPerson = { id: number; email: string; mobile: string | null; firstName: string; lastName: string };

/** `instr(column, ?) > 0` for each value that is not empty (an empty needle would match every row). */
function containsAny(column: string, values: string[]): Raw {
  const used = values.filter((v) => v.length > 0);
  if (!used.length) return { sql: '0', params: [] };
  return { sql: used.map(() => `instr(${column}, ?) > 0`).join(' OR '), params: used };
}

/** Nested REPLACE(column, value, by) for each non-empty value (REPLACE with a NULL gives NULL). */
function replaceAll(column: string, pairs: [string, string][]): Raw {
  const used = pairs.filter(([v]) => v.length > 0);
  return used.reduce<Raw>((inner, [value, by]) => ({ sql: `REPLACE(${inner.sql}, ?, ?)`, params: [...inner.params, value, by] }), { sql: column, params: [] });
}

/**
 * Statements that remove or overwrite the person everywhere the user id alone does not reach:
 * - the newsletter subscription of the address or the account (deleted: nothing points at it);
 * - handovers offered to the address (kept as the name's history, to the erased address; an open offer ends);
 * - staff invitations sent to the address (deleted) and the audit rows naming it (the action stays,
 *   the address, mobile and names in it are overwritten);
 * - how the account began and what it was sent: pending registrations, codes to the address or mobile,
 *   rate-limit counters keyed by them (deleted); the mail queue's messages to the account or the
 *   address (issue #33 §3: kept as "one went" for the accountant, their kind, status and dates, without
 *   address, subject, content or attachments); the sandbox provider's copies of the mails and SMS
 *   (deleted: the development mailbox is no record; their bytes in R2 go through `sweepSandboxMail`);
 * - the personal-data archives' rows (their ZIPs in R2 go through `sweepArchives`).
 */
export function traceStatements(p: ErasedPerson, gone: string, at: number): Raw[] {
  const email = p.email.trim().toLowerCase();
  const mobile = p.mobile ?? '';
  const address = [email, mobile];
  const inKeys = containsAny('key', address.map((v) => v.toLowerCase()));
  const detail = replaceAll('detail', [
    [email, gone],
    [mobile, ERASED],
    [p.firstName, ERASED],
    [p.lastName, ERASED],
  ]);
  const detailNames = containsAny('detail', [email, mobile]);
  return [
    { sql: 'DELETE FROM newsletter_subscriptions WHERE (user_id = ? OR email = ?)', params: [p.id, email] },
    {
      sql: "UPDATE domain_handovers SET to_email = ?, status = CASE WHEN status = 'offered' THEN 'cancelled' ELSE status END, decided_at = COALESCE(decided_at, ?) WHERE (to_email = ? OR to_user_id = ?)",
      params: [gone, at, email, p.id],
    },
    { sql: 'DELETE FROM staff_invitations WHERE (email = ?)', params: [email] },
    { sql: 'UPDATE audit_log SET target_id = ? WHERE (target_id = ?)', params: [gone, email] },
    {
      sql: `UPDATE audit_log SET detail = ${detail.sql} WHERE ((target_type = 'user' AND target_id = ?) OR ${detailNames.sql})`,
      params: [...detail.params, String(p.id), ...detailNames.params],
    },
    { sql: 'DELETE FROM pending_registrations WHERE (email = ?)', params: [email] },
    { sql: `DELETE FROM one_time_codes WHERE (user_id = ? OR target IN (?, ?))`, params: [p.id, email, mobile] },
    { sql: `DELETE FROM rate_limits WHERE (${inKeys.sql})`, params: inKeys.params },
    {
      // One still waiting is given up (attempts at the cron's maximum): nothing is left to send.
      sql: `UPDATE mail_messages SET to_address = ?, subject = '', html = '', text = '', headers = '{}', attachments = '[]', redacted = 1,
              last_error = CASE WHEN last_error IS NULL THEN NULL ELSE REPLACE(last_error, ?, ?) END,
              attempts = CASE WHEN status IN ('queued', 'sending', 'failed') THEN ${MAX_ATTEMPTS} ELSE attempts END,
              status = CASE WHEN status IN ('queued', 'sending') THEN 'failed' ELSE status END
              WHERE (user_id = ? OR to_address = ?)`,
      params: [gone, email, gone, p.id, email],
    },
    { sql: `DELETE FROM outbox WHERE (${SANDBOX_COPIES})`, params: [email, mobile, mobile] },
    { sql: 'DELETE FROM data_archives WHERE (user_id = ?)', params: [p.id] },
  ];
}

/** The sandbox provider's copies sent to the address (any case) or to the mobile. */
const SANDBOX_COPIES = `lower("to") = ? OR ("to" = ? AND ? <> '')`;

/**
 * The R2 objects of the attachments the sandbox mail kept for the person (`sandbox-mail/<outbox id>/…`):
 * listed before the erasure's batch removes their rows, deleted after it.
 */
export async function sandboxMailKeys(d1: D1Database, p: Pick<ErasedPerson, 'email' | 'mobile'>): Promise<string[]> {
  const { results } = await d1
    .prepare(`SELECT attachments FROM outbox WHERE (${SANDBOX_COPIES}) AND attachments <> '[]'`)
    .bind(p.email.trim().toLowerCase(), p.mobile ?? '', p.mobile ?? '')
    .all<{ attachments: string }>();
  return results.flatMap((r) => {
    try {
      return (JSON.parse(r.attachments) as { key?: unknown }[]).map((a) => a.key).filter((k): k is string => typeof k === 'string');
    } catch {
      return [];
    }
  });
}

/** Deletes every object of the person's archives in R2 (their keys start `archives/<user id>/`). */
export async function sweepArchives(bucket: R2Bucket, userId: number): Promise<number> {
  let deleted = 0;
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ prefix: `archives/${userId}/`, cursor });
    const keys = page.objects.map((o) => o.key);
    if (keys.length) await bucket.delete(keys);
    deleted += keys.length;
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return deleted;
}
