// The e-mail of a saved card auto-renew could not charge (issue #33 §1, decision 097): which card, why
// in words, the amount, and what to do (pay the document another way, or save a new card), with the
// date until which the card is tried again each day. Beside the notice, once per order and day (the
// notice's own key, as the attempt is once per order and day); it never fails the payment step.
import { declineReasonKey } from '../../../core/renewals/auto-renew';
import type { ServiceDeps } from '../deps';
import { createMailService, type ParamsOf } from '../mail';

type Reason = ParamsOf<'card_declined'>['reason'];

export function createRenewalMails(deps: ServiceDeps) {
  const mail = createMailService(deps);
  return {
    async cardDeclined(input: { userId: number; dedupeKey: string; name: string; amountCents: number; cardLabel: string; declineCode: string | null; periodEndMs: number; documentId: number | null }): Promise<void> {
      try {
        await mail.sendToUser({
          template: 'card_declined',
          userId: input.userId,
          dedupeKey: input.dedupeKey,
          // The tag the plain-text mail had: the dev mailbox and tests find it by it.
          tag: `renewal:renewals.declined.${declineReasonKey(input.declineCode)}`,
          params: { name: input.name, amountCents: input.amountCents, cardLabel: input.cardLabel, reason: declineReasonKey(input.declineCode) as Reason, periodEnd: new Date(input.periodEndMs), documentId: input.documentId },
        });
      } catch (e) {
        // The notice stands in the centre; the mail is a courtesy beside it.
        console.error('card declined mail failed', input.dedupeKey, e);
      }
    },
  };
}
