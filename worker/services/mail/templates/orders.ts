// The messages of an order and its money (issue #33 §1, decision 097): the order received (its lines
// and totals exactly as stored when the checkout placed it, and how it is being paid: for a bank
// transfer the seller's account, the amount and the reference to quote, and the date it lapses), a
// payment received, the day-before notice of an order about to lapse unpaid, and a saved card that
// auto-renew could not charge, with what to do. Amounts are integer cents until c.money draws them.
import { z } from 'zod';
import { bankDetails } from '../../../../core/orders/bank';
import { lengthLabelKey } from '../../../../core/lengths';
import type { MailBlock } from '../blocks';
import { defineTemplate, type MailContext } from '../define';

const cents = z.number().int();
const orderId = z.number().int().positive();

/** The seller's account, the amount and the reference to quote (the order page's bank box). */
function bankBlocks(c: MailContext, id: number, dueCents: number): MailBlock[] {
  const bank = bankDetails(c.seller);
  return [
    { kind: 'facts', rows: [
      { label: c.t('mail:order_bank.bank'), value: bank.bank },
      { label: c.t('mail:order_bank.beneficiary'), value: bank.beneficiary },
      { label: c.t('mail:order_bank.amount'), value: c.money(dueCents) },
    ] },
    { kind: 'code', label: 'IBAN', value: bank.iban },
    { kind: 'code', label: c.t('mail:order_bank.reference'), value: `ORD-${id}` },
  ];
}

const line = z.object({ name: z.string().min(1), lengthMonths: z.number().int().nonnegative(), netCents: cents, child: z.boolean() });

export const orderTemplates = {
  /** Placed at checkout, whatever the payment method. */
  order_received: defineTemplate({
    category: 'order',
    params: z.object({
      orderId,
      placedAt: z.date(),
      lines: z.array(line).min(1),
      subTotalCents: cents,
      discountCents: cents,
      couponCode: z.string().nullable(),
      vatCents: cents,
      vatRateBp: z.number().int().nonnegative(),
      vatWaived: z.boolean(),
      grandTotalCents: cents,
      creditCents: cents,
      dueCents: cents,
      method: z.enum(['card', 'bank_transfer', 'credit']),
      /** When it lapses unpaid (decision 088); null: it does not (paid, or a renewal). */
      lapsesAt: z.date().nullable(),
    }),
    example: {
      orderId: 1042,
      placedAt: new Date('2026-12-02T10:15:00Z'),
      lines: [
        { name: 'kafeneio.gr', lengthMonths: 24, netCents: 1984, child: false },
        { name: 'ID Protect', lengthMonths: 24, netCents: 800, child: true },
        { name: 'Web Basic', lengthMonths: 12, netCents: 4800, child: false },
      ],
      subTotalCents: 7584,
      discountCents: 758,
      couponCode: 'WELCOME10',
      vatCents: 1638,
      vatRateBp: 2400,
      vatWaived: false,
      grandTotalCents: 8464,
      creditCents: 500,
      dueCents: 7964,
      method: 'bank_transfer',
      lapsesAt: new Date('2026-12-09T10:15:00Z'),
    },
    subject: (p, c) => c.t('mail:order_received.subject', { id: p.orderId }),
    preheader: (p, c) => c.t('mail:order_received.preheader', { amount: c.money(p.grandTotalCents) }),
    body: (p, c) => {
      const length = (months: number) => {
        const l = lengthLabelKey(months);
        return c.t(l.key, { count: l.count });
      };
      const totals: { label: string; value: string; strong?: boolean }[] = [{ label: c.t('mail:order_received.sub_total'), value: c.money(p.subTotalCents) }];
      if (p.discountCents > 0) totals.push({ label: p.couponCode ? c.t('mail:order_received.discount_code', { code: p.couponCode }) : c.t('mail:order_received.discount'), value: `−${c.money(p.discountCents)}` });
      totals.push({ label: p.vatWaived ? c.t('mail:order_received.reverse_charge') : c.t('mail:order_received.vat', { rate: p.vatRateBp / 100 }), value: c.money(p.vatCents) });
      totals.push({ label: c.t('mail:order_received.grand_total'), value: c.money(p.grandTotalCents), strong: true });
      if (p.creditCents > 0) {
        totals.push({ label: c.t('mail:order_received.credit_used'), value: `−${c.money(p.creditCents)}` });
        totals.push({ label: c.t('mail:order_received.amount_due'), value: c.money(p.dueCents), strong: true });
      }
      const blocks: MailBlock[] = [
        { kind: 'heading', text: c.t('mail:order_received.heading', { id: p.orderId }) },
        { kind: 'paragraph', text: c.t('mail:order_received.intro', { id: p.orderId, when: c.dateTime(p.placedAt) }) },
        {
          kind: 'table',
          columns: [{ label: c.t('mail:order_received.item') }, { label: c.t('mail:order_received.length') }, { label: c.t('mail:order_received.price'), align: 'right' }],
          rows: p.lines.map((l) => [l.child ? `↳ ${l.name}` : l.name, length(l.lengthMonths), c.money(l.netCents)]),
          totals,
        },
        { kind: 'facts', rows: [{ label: c.t('mail:order_received.method'), value: c.t(`mail:order_received.method_${p.method}`) }] },
      ];
      if (p.method === 'bank_transfer') {
        blocks.push({ kind: 'paragraph', text: c.t('mail:order_received.bank_intro') }, ...bankBlocks(c, p.orderId, p.dueCents));
        if (p.lapsesAt) blocks.push({ kind: 'note', tone: 'warning', text: c.t('mail:order_received.bank_lapse', { date: c.dateTime(p.lapsesAt) }) });
      } else if (p.method === 'card') {
        blocks.push({ kind: 'paragraph', text: c.t('mail:order_received.card_next') });
        if (p.lapsesAt) blocks.push({ kind: 'note', text: c.t('mail:order_received.card_lapse', { date: c.dateTime(p.lapsesAt) }) });
      } else {
        blocks.push({ kind: 'paragraph', text: c.t('mail:order_received.credit_next') });
      }
      blocks.push({ kind: 'button', label: c.t('mail:order_received.view'), href: c.url(`/orders/${p.orderId}`) });
      return blocks;
    },
  }),

  /** Money arrived for an order (card, bank transfer confirmed by staff, credit) or for a debit. */
  payment_received: defineTemplate({
    category: 'order',
    params: z.object({
      for: z.discriminatedUnion('kind', [z.object({ kind: z.literal('order'), orderId }), z.object({ kind: z.literal('document'), documentId: z.number().int().positive(), number: z.string().min(1) })]),
      /** What arrived by this method (for 'credit': the credit used). */
      amountCents: cents,
      method: z.enum(['card', 'bank_transfer', 'credit']),
      /** Credit used besides the money that arrived (shown when above zero). */
      creditCents: cents,
      paidAt: z.date(),
    }),
    example: { for: { kind: 'order', orderId: 1042 }, amountCents: 7964, method: 'card', creditCents: 500, paidAt: new Date('2026-12-02T10:20:00Z') },
    subject: (p, c) => (p.for.kind === 'order' ? c.t('mail:payment_received.subject_order', { id: p.for.orderId }) : c.t('mail:payment_received.subject_document', { number: p.for.number })),
    body: (p, c) => {
      const what = p.for.kind === 'order' ? c.t('mail:payment_received.order', { id: p.for.orderId }) : c.t('mail:payment_received.document', { number: p.for.number });
      const rows = [
        { label: c.t('mail:payment_received.amount'), value: c.money(p.amountCents) },
        { label: c.t('mail:payment_received.method'), value: c.t(`mail:order_received.method_${p.method}`) },
        ...(p.creditCents > 0 && p.method !== 'credit' ? [{ label: c.t('mail:order_received.credit_used'), value: c.money(p.creditCents) }] : []),
        p.for.kind === 'order' ? { label: c.t('mail:payment_received.for_order'), value: `#${p.for.orderId}` } : { label: c.t('mail:payment_received.for_document'), value: p.for.number },
        { label: c.t('mail:payment_received.when'), value: c.dateTime(p.paidAt) },
      ];
      return [
        { kind: 'heading', text: c.t('mail:payment_received.heading') },
        { kind: 'paragraph', text: c.t(`mail:payment_received.intro_${p.method}`, { amount: c.money(p.amountCents), what, when: c.dateTime(p.paidAt) }) },
        { kind: 'facts', rows },
        { kind: 'paragraph', text: p.for.kind === 'order' ? c.t('mail:payment_received.next_order') : c.t('mail:payment_received.next_document') },
        p.for.kind === 'order'
          ? { kind: 'button', label: c.t('mail:order_received.view'), href: c.url(`/orders/${p.for.orderId}`) }
          : { kind: 'button', label: c.t('mail:payment_received.view_document'), href: c.url(`/account/documents/${p.for.documentId}`) },
      ];
    },
  }),

  /** The day before an unpaid order lapses (decision 088): how to pay it while it stands. */
  order_lapsing: defineTemplate({
    category: 'order',
    params: z.object({ orderId, method: z.enum(['card', 'bank_transfer']), dueCents: cents, lapsesAt: z.date() }),
    example: { orderId: 1042, method: 'bank_transfer', dueCents: 7964, lapsesAt: new Date('2026-12-09T10:15:00Z') },
    subject: (p, c) => c.t('mail:order_lapsing.subject', { id: p.orderId }),
    body: (p, c) => [
      { kind: 'heading', text: c.t('mail:order_lapsing.heading', { id: p.orderId }) },
      { kind: 'paragraph', text: c.t(`mail:order_lapsing.intro_${p.method}`, { id: p.orderId, amount: c.money(p.dueCents), date: c.dateTime(p.lapsesAt) }) },
      ...(p.method === 'bank_transfer' ? bankBlocks(c, p.orderId, p.dueCents) : []),
      { kind: 'note', tone: 'warning', text: c.t('mail:order_lapsing.after', { date: c.dateTime(p.lapsesAt) }) },
      { kind: 'button', label: c.t(p.method === 'bank_transfer' ? 'mail:order_lapsing.view' : 'mail:order_lapsing.pay'), href: c.url(`/orders/${p.orderId}`) },
    ],
  }),

  /** Auto-renew could not charge the default saved card (decision 080): why, in words, and what to do. */
  card_declined: defineTemplate({
    category: 'service',
    params: z.object({
      name: z.string().min(1),
      amountCents: cents,
      cardLabel: z.string().min(1),
      /** core/renewals/auto-renew.ts declineReasonKey. */
      reason: z.enum(['insufficient_funds', 'expired_card', 'card_removed', 'card_declined', 'do_not_honor', 'lost_card', 'stolen_card', 'incorrect_cvc', 'processing_error', 'authentication_required', 'other']),
      /** The end of the period being renewed: the saved card is tried each day until then. */
      periodEnd: z.date(),
      /** The renewal's document to pay (null: the order has none yet, the orders page instead). */
      documentId: z.number().int().positive().nullable(),
    }),
    example: { name: 'kafeneio.gr', amountCents: 2460, cardLabel: 'Visa •••• 4242', reason: 'insufficient_funds', periodEnd: new Date('2026-12-20T22:00:00Z'), documentId: 311 },
    subject: (p, c) => c.t('mail:card_declined.subject', { name: p.name }),
    body: (p, c) => [
      { kind: 'heading', text: c.t('mail:card_declined.heading') },
      { kind: 'paragraph', text: c.t('mail:card_declined.intro', { card: p.cardLabel, amount: c.money(p.amountCents), name: p.name }) },
      { kind: 'facts', rows: [
        { label: c.t('mail:card_declined.card'), value: p.cardLabel },
        { label: c.t('mail:card_declined.why'), value: c.t(`mail:card_declined.reason.${p.reason}`) },
        { label: c.t('mail:card_declined.amount'), value: c.money(p.amountCents) },
      ] },
      { kind: 'paragraph', text: c.t('mail:card_declined.todo') },
      { kind: 'button', label: c.t('mail:card_declined.pay'), href: c.url(p.documentId ? `/account/documents/${p.documentId}/pay` : '/account/orders') },
      { kind: 'link', label: c.t('mail:card_declined.cards'), href: c.url('/account/billing') },
      { kind: 'note', text: c.t('mail:card_declined.retry', { date: c.date(p.periodEnd), name: p.name }) },
    ],
  }),
};
