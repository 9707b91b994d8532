// The change of registrant a handover carries (issue #19 §2, decision 043). Where the registry sends
// the EPP code to the registrant itself (.gr and .ελ), a name handed to another account is still the
// old holder's at the registry until a trade has run there: a code asked for meanwhile would be mailed
// to the old holder. So the code is withheld from everyone until the last change of holder (an accepted
// handover or a staff move: the holding history of decision 089) is followed by a completed trade (read
// from the records: no flag to keep in step with fulfilment).
import { and, eq, inArray, max } from 'drizzle-orm';
import type { RegistryFamily } from '../../../core/catalog';
import { codeWithheldAfterHandover, handoverNeedsTrade } from '../../../core/domains/handover';
import type { Db } from '../../../db/client';
import { domainHolderChanges, orderItems } from '../../../db/schema';

export async function registrantChangePending(db: Db, domain: { id: number; asciiFqdn: string; registry: RegistryFamily }): Promise<boolean> {
  if (!handoverNeedsTrade(domain.registry)) return false;
  const [[handover], [trade]] = await Promise.all([
    db
      .select({ at: max(domainHolderChanges.at) })
      .from(domainHolderChanges)
      // A name registered again by someone else was registered with their registrant: no trade owed.
      .where(and(eq(domainHolderChanges.domainId, domain.id), inArray(domainHolderChanges.kind, ['handover', 'staff']))),
    db
      .select({ at: max(orderItems.completedAt) })
      .from(orderItems)
      .where(and(eq(orderItems.asciiName, domain.asciiFqdn), eq(orderItems.action, 'trade'), eq(orderItems.status, 'completed'))),
  ]);
  return codeWithheldAfterHandover({ family: domain.registry, lastHandoverAt: handover?.at ?? null, lastTradeAt: trade?.at ?? null });
}
