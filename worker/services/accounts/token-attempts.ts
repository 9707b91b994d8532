// "N tries" kept in a token's meta (`meta.attempts`: a login's second-factor challenge, a recovery
// token's security question). An attempt is taken before the answer is checked, in one conditional
// statement (issue #19, decision 044): of thirty parallel guesses at most `max` are ever checked.
import { and, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { tokens } from '../../../db/schema';

type Purpose = (typeof tokens.$inferSelect)['purpose'];

const attemptsOf = sql`COALESCE(json_extract(${tokens.meta}, '$.attempts'), 0)`;

/**
 * Counts one attempt on a live token (not consumed, not expired, fewer than `max` attempts, and any
 * extra condition), returning the attempt's number (1 … max), or null when none is left to take.
 */
export async function takeTokenAttempt(db: Db, input: { tokenHash: string; purpose: Purpose; max: number; now: Date; where?: SQL }): Promise<number | null> {
  const [row] = await db
    .update(tokens)
    .set({ meta: sql`json_set(${tokens.meta}, '$.attempts', ${attemptsOf} + 1)` })
    .where(
      and(
        eq(tokens.tokenHash, input.tokenHash),
        eq(tokens.purpose, input.purpose),
        isNull(tokens.consumedAt),
        gt(tokens.expiresAt, input.now),
        sql`${attemptsOf} < ${input.max}`,
        input.where,
      ),
    )
    .returning({ meta: tokens.meta });
  const n = row?.meta.attempts;
  return typeof n === 'number' ? n : null;
}

/** Ends a token whose attempts are used up (the flow starts over); a no-op if something else ended it. */
export async function spendToken(db: Db, tokenHash: string, now: Date): Promise<void> {
  await db.update(tokens).set({ consumedAt: now }).where(and(eq(tokens.tokenHash, tokenHash), isNull(tokens.consumedAt)));
}
