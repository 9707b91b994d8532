// The sale documents' messages (issue #33 §1, decision 097): a receipt, an invoice or a corrective
// credit note issued, its PDF attached (the file kept in R2), with its myDATA MARK once AADE gave one;
// and, when the first message went before the MARK, a second one when it arrives, with the new PDF.
import { z } from 'zod';
import type { MailBlock } from '../blocks';
import { defineTemplate, type MailContext } from '../define';

const kind = z.enum(['invoice', 'receipt', 'credit']);
const documentId = z.number().int().positive();

/** "the receipt" / "the invoice" / "the credit note", in the case (and with the preposition) a sentence needs. */
const named = (c: MailContext, k: z.infer<typeof kind>, form: 'nom' | 'acc' | 'gen' | 'to' | 'yours') => c.t(`mail:document_issued.kind_${form}.${k}`);

export const documentTemplates = {
  document_issued: defineTemplate({
    category: 'order',
    params: z.object({
      documentId,
      kind,
      number: z.string().min(1),
      issuedAt: z.date(),
      totalCents: z.number().int(),
      vatCents: z.number().int(),
      /** AADE's MARK when myDATA has it already; null: it follows. */
      mark: z.string().nullable(),
      orderId: z.number().int().positive().nullable(),
      /** For a credit note: the number of the receipt or invoice it corrects. */
      corrects: z.string().nullable(),
    }),
    example: { documentId: 88, kind: 'receipt', number: 'REC-000042', issuedAt: new Date('2026-12-02T10:20:00Z'), totalCents: 8464, vatCents: 1638, mark: '400001234567890', orderId: 1042, corrects: null },
    subject: (p, c) => c.t('mail:document_issued.subject', { what: named(c, p.kind, 'yours'), number: p.number }),
    body: (p, c) => {
      const intro =
        p.kind === 'credit'
          ? c.t('mail:document_issued.intro_credit', { number: p.number, corrects: p.corrects ?? '—', amount: c.money(p.totalCents) })
          : p.orderId
            ? c.t('mail:document_issued.intro_order', { what: named(c, p.kind, 'acc'), number: p.number, id: p.orderId })
            : c.t('mail:document_issued.intro', { what: named(c, p.kind, 'acc'), number: p.number });
      const blocks: MailBlock[] = [
        { kind: 'heading', text: c.t('mail:document_issued.heading', { what: named(c, p.kind, 'nom'), number: p.number }) },
        { kind: 'paragraph', text: intro },
        {
          kind: 'facts',
          rows: [
            { label: c.t('mail:document_issued.number'), value: p.number },
            { label: c.t('mail:document_issued.date'), value: c.date(p.issuedAt) },
            { label: c.t('mail:document_issued.total'), value: c.money(p.totalCents) },
            { label: c.t('mail:document_issued.vat'), value: c.money(p.vatCents) },
            ...(p.corrects ? [{ label: c.t('mail:document_issued.corrects'), value: p.corrects }] : []),
            { label: c.t('mail:document_issued.mark'), value: p.mark ?? c.t('mail:document_issued.mark_pending') },
          ],
        },
        { kind: 'paragraph', text: c.t('mail:document_issued.attached', { file: `${p.number}.pdf` }) },
      ];
      if (!p.mark) blocks.push({ kind: 'note', text: c.t('mail:document_issued.mark_follows', { what: named(c, p.kind, 'nom') }) });
      blocks.push({ kind: 'button', label: c.t('mail:document_issued.view'), href: c.url(`/account/documents/${p.documentId}`) });
      return blocks;
    },
  }),

  /** The MARK arrived after the document's first message: the PDF that prints it. */
  document_marked: defineTemplate({
    category: 'order',
    params: z.object({ documentId, kind, number: z.string().min(1), mark: z.string().min(1), firstSentAt: z.date() }),
    example: { documentId: 88, kind: 'invoice', number: 'INV-000017', mark: '400001234567890', firstSentAt: new Date('2026-12-02T10:20:00Z') },
    subject: (p, c) => c.t('mail:document_marked.subject', { what: named(c, p.kind, 'gen'), number: p.number }),
    body: (p, c) => [
      { kind: 'heading', text: c.t('mail:document_marked.heading', { number: p.number }) },
      { kind: 'paragraph', text: c.t('mail:document_marked.intro', { what: named(c, p.kind, 'to'), number: p.number, when: c.date(p.firstSentAt) }) },
      { kind: 'facts', rows: [
        { label: c.t('mail:document_issued.number'), value: p.number },
        { label: c.t('mail:document_issued.mark'), value: p.mark },
      ] },
      { kind: 'paragraph', text: c.t('mail:document_marked.attached', { file: `${p.number}.pdf` }) },
      { kind: 'button', label: c.t('mail:document_issued.view'), href: c.url(`/account/documents/${p.documentId}`) },
    ],
  }),
};
