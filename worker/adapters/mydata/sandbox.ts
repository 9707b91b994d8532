// The myDATA sandbox: AADE's register of received documents in D1 (sandbox_mydata_invoices), with
// AADE's rules (rules.ts) and the register's own: a document AADE has already (same issuer, series,
// number, type; the uid) is refused with 228 naming its MARK, a credit invoice must correlate an
// active MARK of an invoice (a retail credit: of a retail document), and a cancellation needs an
// active MARK that no active document correlates; RequestTransmittedDocs answers from the same register. MARKs are 15 digits like AADE's; the QR URL points
// to a host that does not exist (.invalid): a demo's QR code is printed but leads nowhere.
import { and, eq } from 'drizzle-orm';
import { athensIssueDate, type AadeInvoice } from '../../../core/documents/mydata-mapping';
import type { Db } from '../../../db/client';
import { sandboxMydataInvoices } from '../../../db/schema';
import { AADE_ERROR as E, aadeUid, type CancelResult, type MydataError, type MydataPort, type SendResult, type TransmittedResult } from './port';
import { checkInvoice } from './rules';

export const SANDBOX_QR_ORIGIN = 'https://mydata-sandbox.invalid';

/** A 15-digit MARK in AADE's range (4…). */
export function newMark(): string {
  const r = crypto.getRandomValues(new Uint32Array(2));
  const n = (BigInt(r[0]!) * 4294967296n + BigInt(r[1]!)) % 100_000_000_000_000n;
  return String(400_000_000_000_000n + n);
}

/** The QR link of a document in the sandbox's register: the same on the first answer and when asked again. */
const qrUrlOf = (uid: string) => `${SANDBOX_QR_ORIGIN}/timologio/qrcodeviewer?q=${uid}`;

const B2B_INVOICE = /^[12]\./;
const RETAIL = /^11\./;

export function createSandboxMydata(db: Db, options: { userVat: string; now?: () => Date }): MydataPort {
  const now = options.now ?? (() => new Date());

  async function correlationErrors(inv: AadeInvoice): Promise<MydataError[]> {
    const type = inv.header.invoiceType;
    if (type !== '5.1' && type !== '11.4') return [];
    const errors: MydataError[] = [];
    for (const mark of inv.header.correlatedInvoices) {
      const [original] = await db.select().from(sandboxMydataInvoices).where(eq(sandboxMydataInvoices.mark, mark));
      if (!original || original.issuerVat !== inv.issuer.vatNumber) errors.push({ code: E.notFound, message: `Requested Invoice was not found (MARK ${mark})` });
      else if (original.status !== 'active') errors.push({ code: E.invalidCorrelatedType, message: `Invalid correlated invoice type: MARK ${mark} is cancelled` });
      else if (!(type === '5.1' ? B2B_INVOICE : RETAIL).test(original.invoiceType)) errors.push({ code: E.invalidCorrelatedType, message: 'Invalid correlated invoice type' });
    }
    return errors;
  }

  async function sendOne(inv: AadeInvoice): Promise<SendResult> {
    const at = now();
    const errors = checkInvoice(inv, options.userVat, athensIssueDate(at));
    errors.push(...(await correlationErrors(inv)));
    if (errors.length) return { ok: false, errors, retryable: false };
    const uid = await aadeUid(inv);
    const h = inv.header;
    const duplicate = async (): Promise<SendResult | null> => {
      const [found] = await db
        .select()
        .from(sandboxMydataInvoices)
        .where(and(eq(sandboxMydataInvoices.issuerVat, inv.issuer.vatNumber), eq(sandboxMydataInvoices.series, h.series), eq(sandboxMydataInvoices.aa, h.aa), eq(sandboxMydataInvoices.invoiceType, h.invoiceType)));
      return found ? { ok: false, retryable: false, errors: [{ code: E.invalidUid, message: `The UID: ${found.uid} is invalid . It has already been sent for another invoice (MARK:${found.mark})` }] } : null;
    };
    const seen = await duplicate();
    if (seen) return seen;
    const mark = newMark();
    // The uid is unique: two sends racing past the check above keep one record, the other is the duplicate.
    const inserted = await db
      .insert(sandboxMydataInvoices)
      .values({
        mark,
        uid,
        issuerVat: inv.issuer.vatNumber,
        counterpartVat: inv.counterpart?.vatNumber ?? null,
        series: h.series,
        aa: h.aa,
        invoiceType: h.invoiceType,
        issueDate: h.issueDate,
        netCents: inv.summary.totalNetCents,
        vatCents: inv.summary.totalVatCents,
        totalCents: inv.summary.totalGrossCents,
        correlatedMark: h.correlatedInvoices[0] ?? null,
        createdAt: at,
      })
      .onConflictDoNothing()
      .returning({ mark: sandboxMydataInvoices.mark });
    if (!inserted.length) return (await duplicate()) ?? { ok: false, retryable: true, errors: [{ code: '206', message: 'Unexpected technical error for invoice line' }] };
    return { ok: true, mark, uid, qrUrl: qrUrlOf(uid) };
  }

  return {
    async sendInvoices(invoices) {
      const out: SendResult[] = [];
      for (const inv of invoices) out.push(await sendOne(inv));
      return out;
    },

    // RequestTransmittedDocs as AADE answers it: only the issuer's own documents, with the QR link the
    // first answer gave and the cancellation's MARK once cancelled.
    async transmittedDoc(mark): Promise<TransmittedResult> {
      if (!/^\d{1,20}$/.test(mark)) return { ok: false, retryable: false, errors: [{ code: E.xmlSyntax, message: 'mark must be a number' }] };
      const [found] = await db.select().from(sandboxMydataInvoices).where(eq(sandboxMydataInvoices.mark, mark));
      if (!found || found.issuerVat !== options.userVat) return { ok: true, doc: null };
      return { ok: true, doc: { mark: found.mark, uid: found.uid, qrUrl: qrUrlOf(found.uid), cancelledByMark: found.cancellationMark ?? null } };
    },

    async cancelInvoice(mark): Promise<CancelResult> {
      const [found] = await db.select().from(sandboxMydataInvoices).where(eq(sandboxMydataInvoices.mark, mark));
      if (!found || found.issuerVat !== options.userVat) return { ok: false, retryable: false, errors: [{ code: E.notFound, message: 'Requested Invoice was not found' }] };
      if (found.status === 'cancelled') return { ok: false, retryable: false, errors: [{ code: E.alreadyCancelled, message: `Invoice with MARK ${mark} cannot be cancelled because of being already cancelled` }] };
      const [connected] = await db.select().from(sandboxMydataInvoices).where(and(eq(sandboxMydataInvoices.correlatedMark, mark), eq(sandboxMydataInvoices.status, 'active')));
      if (connected) return { ok: false, retryable: false, errors: [{ code: E.connectedWithActive, message: `Invoice with MARK ${mark} cannot be cancelled because it is connected with active invoice with MARK ${connected.mark}` }] };
      const cancellationMark = newMark();
      const changed = await db
        .update(sandboxMydataInvoices)
        .set({ status: 'cancelled', cancellationMark })
        .where(and(eq(sandboxMydataInvoices.mark, mark), eq(sandboxMydataInvoices.status, 'active')))
        .returning({ mark: sandboxMydataInvoices.mark });
      if (!changed.length) return { ok: false, retryable: false, errors: [{ code: E.alreadyCancelled, message: `Invoice with MARK ${mark} cannot be cancelled because of being already cancelled` }] };
      return { ok: true, cancellationMark };
    },
  };
}
