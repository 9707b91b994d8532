// The e-mail of a legal document (issue #33 §1, decision 097): a receipt, an invoice or a corrective
// credit note, its PDF attached. Decided after each myDATA transmission attempt (mydata.ts wraps
// transmit), because that is where every issuer hands its document over and where the MARK arrives:
// - the first attempt after the issue sends `document_issued` with the PDF as it is then (rendered now
//   if it was not: the file exists before the message is queued), printing the MARK when AADE gave it;
// - a later attempt that brings the MARK sends `document_marked` with the new version of the PDF, only
//   if the first message's file printed none (the R2 object keeps the MARK it printed).
// Once per document each (the dedupe keys). A failure here is logged, never the transmission's.
import { and, eq, inArray } from 'drizzle-orm';
import { documentNumber } from '../../../core/documents/format';
import { mailMessages, mydataTransmissions, saleDocuments } from '../../../db/schema';
import type { ServiceDeps } from '../deps';
import { createMailService } from '../mail';
import { createLegalDocumentService } from './legal-documents';

export const documentIssuedKey = (documentId: number) => `doc-issued:${documentId}`;
export const documentMarkedKey = (documentId: number) => `doc-marked:${documentId}`;

const MAILED_KINDS = ['invoice', 'receipt', 'credit'] as const;
type MailedKind = (typeof MAILED_KINDS)[number];

export function createDocumentMails(deps: ServiceDeps) {
  const { db, env } = deps;
  const mail = createMailService(deps);
  const legal = createLegalDocumentService(deps);

  async function announce(documentId: number): Promise<void> {
    const [doc] = await db.select().from(saleDocuments).where(and(eq(saleDocuments.id, documentId), inArray(saleDocuments.kind, [...MAILED_KINDS])));
    // A document cancelled before its message went (a credit note staff withdrew) is not announced.
    if (!doc || doc.status === 'CANCELLED') return;
    const kind = doc.kind as MailedKind;
    const [tx] = await db.select({ status: mydataTransmissions.status, mark: mydataTransmissions.mark }).from(mydataTransmissions).where(eq(mydataTransmissions.documentId, doc.id));
    const mark = tx?.status === 'sent' && tx.mark ? tx.mark : null;
    const sent = await db
      .select({ dedupeKey: mailMessages.dedupeKey, attachments: mailMessages.attachments, createdAt: mailMessages.createdAt })
      .from(mailMessages)
      .where(inArray(mailMessages.dedupeKey, [documentIssuedKey(doc.id), documentMarkedKey(doc.id)]));
    const issued = sent.find((m) => m.dedupeKey === documentIssuedKey(doc.id));
    const number = documentNumber(doc);
    if (issued) {
      if (!mark || sent.some((m) => m.dedupeKey === documentMarkedKey(doc.id))) return;
      const first = issued.attachments[0]?.key;
      // The first message's PDF printed a MARK already: nothing new to send.
      if (!first || ((await env.FILES.head(first))?.customMetadata?.mark ?? '') !== '') return;
      const file = await legal.ensurePdf(doc.id);
      if (!file) return;
      await mail.sendToUser({
        template: 'document_marked',
        userId: doc.userId,
        dedupeKey: documentMarkedKey(doc.id),
        params: { documentId: doc.id, kind, number, mark, firstSentAt: issued.createdAt },
        attachments: [{ key: file.objectKey, filename: file.filename, contentType: file.contentType }],
      });
      return;
    }
    // Null: not a legal document (a credit that corrects nothing is no sale document to send).
    const file = await legal.ensurePdf(doc.id);
    if (!file) return;
    const [corrected] = kind === 'credit' && doc.relatedDocumentId ? await db.select({ series: saleDocuments.series, number: saleDocuments.number }).from(saleDocuments).where(eq(saleDocuments.id, doc.relatedDocumentId)) : [];
    await mail.sendToUser({
      template: 'document_issued',
      userId: doc.userId,
      dedupeKey: documentIssuedKey(doc.id),
      params: { documentId: doc.id, kind, number, issuedAt: doc.createdAt, totalCents: doc.totalCents, vatCents: doc.vatCents, mark, orderId: doc.orderId, corrects: corrected ? documentNumber(corrected) : null },
      attachments: [{ key: file.objectKey, filename: file.filename, contentType: file.contentType }],
    });
  }

  return {
    /** After a transmission attempt of this document, whatever its outcome. Never throws. */
    async announce(documentId: number): Promise<void> {
      try {
        await announce(documentId);
      } catch (e) {
        console.error('document mail failed', documentId, e);
      }
    },
  };
}
