// Spec §5 '.ελ domains': the matching .gr must be in the customer's account. The search marks such
// names; the cart (when a .ελ is added) and the order (when it is placed) refuse them with 30019, so a
// hand-made request cannot buy a .ελ whose .gr is someone else's or nobody's here.
import { and, eq, inArray } from 'drizzle-orm';
import { ErrorCode } from '../../../core/errors';
import { elRequirement } from '../../../core/domains/registry-rules';
import type { Db } from '../../../db/client';
import { domains } from '../../../db/schema';

/** The .gr labels (registry keys) a customer holds here; a guest holds none. */
export async function heldGrLabels(db: Db, userId: number | null): Promise<string[]> {
  if (!userId) return [];
  // Held means held now: a name still being transferred in, cancelled (a rejected transfer) or in
  // redemption does not count; in its grace period after expiry it is still the customer's.
  const rows = await db
    .select({ key: domains.registryKey })
    .from(domains)
    .where(and(eq(domains.userId, userId), eq(domains.tld, 'gr'), inArray(domains.status, ['active', 'expired'])));
  return rows.map((r) => r.key);
}

/** 30019 for each .ελ label whose .gr the customer does not hold; [] when every one may go ahead. */
export async function elRefusals(db: Db, userId: number | null, elLabels: string[]): Promise<typeof ErrorCode.INVALID_DOMAIN_CANT_BE_REGISTERED | null> {
  if (!elLabels.length) return null;
  const held = await heldGrLabels(db, userId);
  return elLabels.some((label) => elRequirement(label, held) !== null) ? ErrorCode.INVALID_DOMAIN_CANT_BE_REGISTERED : null;
}
