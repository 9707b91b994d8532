// Demo credit (README): the demo customer has a credit balance from a goodwill credit note, so the
// checkout's credit box can be seen at once. Once only (the movement's dedupe key).
import { eq } from 'drizzle-orm';
import type { Db } from '../client';
import { creditNoteStatements, rawBatch } from '../raw-batch';
import { creditMovements, users } from '../schema';

export const DEMO_CREDIT = { email: 'demo@example.gr', amountCents: 2000, note: 'Πίστωση για την καθυστέρηση ενεργοποίησης φιλοξενίας', dedupeKey: 'seed:demo-credit' };

export async function seedDemoCredit(db: Db, now: Date = new Date()): Promise<number> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_CREDIT.email));
  if (!user) return 0;
  const [existing] = await db.select({ id: creditMovements.id }).from(creditMovements).where(eq(creditMovements.dedupeKey, DEMO_CREDIT.dedupeKey));
  if (existing) return 0;
  await rawBatch(
    db,
    creditNoteStatements({ userId: user.id, amountCents: DEMO_CREDIT.amountCents, vatCents: 0, reason: 'grant', orderId: null, orderItemId: null, note: DEMO_CREDIT.note, dedupeKey: DEMO_CREDIT.dedupeKey, at: now }),
  );
  return 1;
}
