// Legal documents as files (issue #13 §3, decision 042): the PDF of each invoice, receipt and corrective
// credit note, rendered here (legal-pdf.ts) and kept in object storage (the FILES R2 bucket) — never in
// D1, which keeps one `legal_document_files` row per file. A document gets a new rendered version when
// its myDATA MARK arrives after its newest file (the old one stays: it is what the customer had).
// Staff may attach their own files; the same bytes twice on one document are refused (35523).
import { and, asc, desc, eq, inArray, or } from 'drizzle-orm';
import { ErrorCode } from '../../../core/errors';
import { servicePeriod } from '../../../core/documents/service-period';
import { legalDocumentFiles, mydataTransmissions, orderItems, orders, saleDocumentLines, saleDocuments } from '../../../db/schema';
import { configOf } from '../../config';
import type { ServiceDeps } from '../deps';
import { documentNumber, renderLegalPdf, type LegalPdfBuyer } from './legal-pdf';

export type LegalFile = typeof legalDocumentFiles.$inferSelect;
type Doc = typeof saleDocuments.$inferSelect;
type Fail = { ok: false; code: number; field?: string; message?: string };

/** Staff uploads: PDFs only, at most this many bytes (a scanned multi-page invoice fits). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
const LEGAL_KINDS = ['invoice', 'receipt'] as const;

async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** `attachment; filename="…"; filename*=UTF-8''…` (RFC 6266): ASCII fallback plus the exact name. */
export function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

const PDF_TYPES = new Set(['application/pdf', 'application/x-pdf', 'application/octet-stream', '']);
const isPdf = (b: Uint8Array) => b.length > 5 && String.fromCharCode(...b.subarray(0, 5)) === '%PDF-';

export function createLegalDocumentService(deps: ServiceDeps) {
  const { db, env } = deps;

  async function docById(id: number): Promise<Doc | null> {
    const [doc] = await db.select().from(saleDocuments).where(eq(saleDocuments.id, id));
    return doc ?? null;
  }

  /** The invoice or receipt a corrective credit note corrects (null: not a corrective note). */
  async function corrected(doc: Doc): Promise<Doc | null> {
    if (doc.kind !== 'credit' || !doc.relatedDocumentId) return null;
    const target = await docById(doc.relatedDocumentId);
    return target && (target.kind === 'invoice' || target.kind === 'receipt') ? target : null;
  }

  /** Is this document a legal document (a file belongs to it)? */
  async function isLegal(doc: Doc): Promise<boolean> {
    return doc.kind === 'invoice' || doc.kind === 'receipt' || (await corrected(doc)) !== null;
  }

  /**
   * What the order behind an invoice or receipt adds to it (issue #25 §6): how it was paid, and the
   * service period of each line (the order item at the line's position and SKU).
   */
  async function orderFacts(doc: Doc) {
    if (!doc.orderId || (doc.kind !== 'invoice' && doc.kind !== 'receipt')) return null;
    const [order] = await db.select({ paymentMethod: orders.paymentMethod, paidAt: orders.paidAt }).from(orders).where(eq(orders.id, doc.orderId));
    if (!order) return null;
    const items = await db.select({ position: orderItems.position, sku: orderItems.sku, lengthMonths: orderItems.lengthMonths, result: orderItems.result }).from(orderItems).where(eq(orderItems.orderId, doc.orderId));
    const startsAt = order.paidAt ?? doc.createdAt;
    return {
      paymentMethod: order.paymentMethod,
      periodOf(line: { position: number; sku?: string | null }) {
        const item = items.find((i) => i.position === line.position && (!line.sku || i.sku === line.sku));
        if (!item) return null;
        const expiresAt = typeof item.result.expiresAt === 'string' ? item.result.expiresAt : null;
        return servicePeriod({ startsAt, lengthMonths: item.lengthMonths, expiresAt });
      },
    };
  }

  async function render(doc: Doc, mark: { mark: string; uid: string | null; qrUrl: string | null } | null): Promise<Uint8Array> {
    const lines = await db.select().from(saleDocumentLines).where(eq(saleDocumentLines.documentId, doc.id)).orderBy(asc(saleDocumentLines.position));
    const target = await corrected(doc);
    const billing = (doc.billing ?? (target?.billing as Record<string, unknown> | null) ?? {}) as LegalPdfBuyer;
    const net = doc.netCents || doc.totalCents - doc.vatCents;
    // A credit note issued without lines still prints what it corrects, as one line.
    const printed = lines.length
      ? lines
      : [{ position: 1, description: target ? `Διόρθωση του ${documentNumber(target.series, target.number)}` : 'Πίστωση', quantity: 1, netCents: net, vatRateBp: net ? Math.round((doc.vatCents * 10000) / net) : 0, vatCents: doc.vatCents, totalCents: doc.totalCents }];
    const order = await orderFacts(doc);
    return renderLegalPdf({
      kind: doc.kind as 'invoice' | 'receipt' | 'credit',
      correctsKind: target ? (target.kind as 'invoice' | 'receipt') : null,
      correctsNumber: target ? documentNumber(target.series, target.number) : null,
      series: doc.series,
      number: doc.number,
      issuedAt: doc.createdAt,
      seller: configOf(env).seller,
      buyer: billing,
      lines: printed.map((l) => ({ ...l, period: order?.periodOf(l) ?? null })),
      paymentMethod: order?.paymentMethod ?? null,
      netCents: net,
      vatCents: doc.vatCents,
      totalCents: doc.totalCents,
      mydata: mark,
    });
  }

  /** Puts the bytes in R2, then the row (a row never points at missing bytes). Null: same bytes already there. */
  async function store(doc: Doc, bytes: Uint8Array, meta: { contentType: string; filename: string; source: 'rendered' | 'uploaded'; mark?: string | null; qrMissing?: boolean }): Promise<LegalFile | null> {
    const sha256 = await sha256Hex(bytes);
    const objectKey = `legal/${doc.id}/${sha256}.pdf`;
    await env.FILES.put(objectKey, bytes, {
      httpMetadata: { contentType: meta.contentType },
      customMetadata: { documentId: String(doc.id), mark: meta.mark ?? '', source: meta.source, ...(meta.qrMissing ? { qrMissing: '1' } : {}) },
    });
    const [row] = await db
      .insert(legalDocumentFiles)
      .values({ documentId: doc.id, objectKey, sha256, sizeBytes: bytes.length, contentType: meta.contentType, filename: meta.filename, source: meta.source, createdAt: deps.now })
      .onConflictDoNothing()
      .returning();
    return row ?? null;
  }

  const service = {
    /**
     * The rendered PDF of a legal document, made now when it has none yet or when its MARK arrived
     * after the newest rendered file (a new version). Null for documents that are not legal documents.
     */
    async ensurePdf(documentId: number): Promise<LegalFile | null> {
      const doc = await docById(documentId);
      if (!doc || !(await isLegal(doc))) return null;
      const [newest] = await db
        .select()
        .from(legalDocumentFiles)
        .where(and(eq(legalDocumentFiles.documentId, doc.id), eq(legalDocumentFiles.source, 'rendered')))
        .orderBy(desc(legalDocumentFiles.id))
        .limit(1);
      const [tx] = await db.select().from(mydataTransmissions).where(eq(mydataTransmissions.documentId, doc.id));
      // Only a document AADE holds prints its MARK and QR: one cancelled there prints none again.
      const mark = tx?.mark && tx.status === 'sent' ? { mark: tx.mark, uid: tx.uid, qrUrl: tx.qrUrl } : null;
      if (newest) {
        // The MARK each file printed is kept with its bytes; a file with another MARK (or none) is outdated,
        // and so is one printed without the QR link that has arrived since (a duplicate answer's
        // document, completed by RequestTransmittedDocs later: decision 048).
        const head = await env.FILES.head(newest.objectKey);
        const sameMark = (head?.customMetadata?.mark ?? '') === (mark?.mark ?? '');
        const qrArrived = head?.customMetadata?.qrMissing === '1' && Boolean(mark?.qrUrl);
        if (sameMark && !qrArrived) return newest;
      }
      const bytes = await render(doc, mark);
      const filename = `${documentNumber(doc.series, doc.number)}.pdf`;
      const stored = await store(doc, bytes, { contentType: 'application/pdf', filename, source: 'rendered', mark: mark?.mark ?? null, qrMissing: Boolean(mark && !mark.qrUrl) });
      if (stored) return stored;
      // A concurrent render stored the same bytes first (rendering is deterministic).
      const [same] = await db.select().from(legalDocumentFiles).where(and(eq(legalDocumentFiles.documentId, doc.id), eq(legalDocumentFiles.objectKey, `legal/${doc.id}/${await sha256Hex(bytes)}.pdf`)));
      return same ?? null;
    },

    /** A staff upload: a PDF, at most MAX_UPLOAD_BYTES, never the same bytes twice on one document (35523). */
    async attach(documentId: number, bytes: Uint8Array, contentType: string, filename: string): Promise<{ ok: true; file: LegalFile } | Fail> {
      const doc = await docById(documentId);
      if (!doc || !(await isLegal(doc))) return { ok: false, code: ErrorCode.SALE_DOCUMENT_NOT_FOUND };
      // The bytes decide: a browser labels a PDF without a .pdf name application/octet-stream (or
      // nothing); a declared other type (text/html…) or bytes that are not a PDF are refused.
      if (!PDF_TYPES.has(contentType.toLowerCase()) || !isPdf(bytes)) return { ok: false, code: ErrorCode.VALIDATION_ERROR, field: 'file', message: 'legal:upload.not_pdf' };
      if (bytes.length > MAX_UPLOAD_BYTES) return { ok: false, code: ErrorCode.VALIDATION_ERROR, field: 'file', message: 'legal:upload.too_large' };
      const sha256 = await sha256Hex(bytes);
      const [dup] = await db.select({ id: legalDocumentFiles.id }).from(legalDocumentFiles).where(and(eq(legalDocumentFiles.documentId, doc.id), eq(legalDocumentFiles.sha256, sha256)));
      if (dup) return { ok: false, code: ErrorCode.DUPLICATE_FILE_ON_LEGAL_DOCUMENT };
      const name = (filename.split(/[\\/]/).pop() ?? '').trim().slice(0, 120) || `${documentNumber(doc.series, doc.number)}.pdf`;
      const file = await store(doc, bytes, { contentType: 'application/pdf', filename: /\.pdf$/i.test(name) ? name : `${name}.pdf`, source: 'uploaded' });
      // Two uploads racing: the unique index let one in.
      return file ? { ok: true, file } : { ok: false, code: ErrorCode.DUPLICATE_FILE_ON_LEGAL_DOCUMENT };
    },

    /** A document's files, oldest first, each with its version among the rendered ones. */
    async filesOf(documentId: number): Promise<(LegalFile & { version: number })[]> {
      const rows = await db.select().from(legalDocumentFiles).where(eq(legalDocumentFiles.documentId, documentId)).orderBy(asc(legalDocumentFiles.id));
      let rendered = 0;
      let uploaded = 0;
      return rows.map((r) => ({ ...r, version: r.source === 'rendered' ? ++rendered : ++uploaded }));
    },

    /**
     * The legal documents a document page shows: an invoice/receipt/corrective note itself; an order's
     * document its invoice or receipt; with the corrective credit notes of each. Owner only (userId).
     */
    async legalDocumentsOf(userId: number | null, doc: Doc): Promise<Doc[]> {
      const own = (d: Doc) => userId === null || d.userId === userId;
      let base: Doc[] = [];
      if (await isLegal(doc)) base = [doc];
      else if (doc.kind === 'order') {
        base = await db
          .select()
          .from(saleDocuments)
          .where(and(inArray(saleDocuments.kind, [...LEGAL_KINDS]), or(eq(saleDocuments.relatedDocumentId, doc.id), doc.orderId ? eq(saleDocuments.orderId, doc.orderId) : undefined)))
          .orderBy(asc(saleDocuments.id));
      }
      base = base.filter(own);
      const legalIds = base.filter((d) => d.kind !== 'credit').map((d) => d.id);
      const notes = legalIds.length
        ? await db.select().from(saleDocuments).where(and(eq(saleDocuments.kind, 'credit'), inArray(saleDocuments.relatedDocumentId, legalIds))).orderBy(asc(saleDocuments.id))
        : [];
      return [...base, ...notes.filter(own)];
    },

    /** A file with its document, for a download: the owner's (userId) or anyone's (staff: null). */
    async fileFor(userId: number | null, fileId: number, documentId?: number): Promise<{ file: LegalFile; document: Doc } | null> {
      if (!Number.isSafeInteger(fileId) || fileId <= 0) return null;
      const [row] = await db.select({ file: legalDocumentFiles, document: saleDocuments }).from(legalDocumentFiles).innerJoin(saleDocuments, eq(saleDocuments.id, legalDocumentFiles.documentId)).where(eq(legalDocumentFiles.id, fileId));
      if (!row || (userId !== null && row.document.userId !== userId)) return null;
      if (documentId !== undefined && row.document.id !== documentId) return null;
      return row;
    },

    /** The download, streamed from R2 (null: the bytes are gone). */
    async download(file: LegalFile): Promise<Response | null> {
      const object = await env.FILES.get(file.objectKey);
      if (!object) return null;
      return new Response(object.body, {
        headers: {
          'Content-Type': file.contentType,
          'Content-Length': String(object.size),
          'Content-Disposition': contentDisposition(file.filename),
          'Cache-Control': 'private, no-store',
          'X-Content-Type-Options': 'nosniff',
        },
      });
    },

    /** Staff: a legal document by its printed number, e.g. "INV-000012" or "REC-7". */
    async findByNumber(input: string): Promise<Doc | null> {
      const m = /^\s*([A-Za-z]{3})[-\s]?0*(\d{1,9})\s*$/.exec(input);
      if (!m) return null;
      const [doc] = await db.select().from(saleDocuments).where(and(eq(saleDocuments.series, m[1]!.toUpperCase()), eq(saleDocuments.number, Number(m[2]))));
      return doc ?? null;
    },

    isLegal,
  };
  return service;
}

export type LegalDocumentService = ReturnType<typeof createLegalDocumentService>;
