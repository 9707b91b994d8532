// The myDATA port (issue #13 §4; decision 041): what we need from AADE's myDATA REST API, SendInvoices,
// CancelInvoice and RequestTransmittedDocs (issue #20 §3). The sandbox (sandbox.ts) keeps AADE's register in D1 and refuses what AADE
// refuses, with AADE's error numbers; the client (aade.ts) speaks the real API's XML.
//
// A refusal carries AADE's errors and says whether sending again later can help: a validation error
// (the document is wrong) cannot; a technical error, a 5xx or a network failure can.
import type { AadeInvoice } from '../../../core/documents/mydata-mapping';

export type MydataError = { code: string; message: string };

export type SendResult = { ok: true; mark: string; uid: string; qrUrl: string | null } | { ok: false; errors: MydataError[]; retryable: boolean };
export type CancelResult = { ok: true; cancellationMark: string } | { ok: false; errors: MydataError[]; retryable: boolean };

/** What AADE holds of one document we transmitted (RequestTransmittedDocs): its uid, QR link and cancellation. */
export type TransmittedDoc = { mark: string; uid: string | null; qrUrl: string | null; cancelledByMark: string | null };
export type TransmittedResult = { ok: true; doc: TransmittedDoc | null } | { ok: false; errors: MydataError[]; retryable: boolean };

export type MydataPort = {
  /** One result per invoice, in the order given. */
  sendInvoices(invoices: AadeInvoice[]): Promise<SendResult[]>;
  cancelInvoice(mark: string): Promise<CancelResult>;
  /**
   * The document we transmitted under this MARK, as AADE returns it (null: AADE has none of ours).
   * Used when a send was answered as a duplicate (the first answer was lost): that refusal names the
   * MARK but not the QR link a legal document must print.
   */
  transmittedDoc(mark: string): Promise<TransmittedResult>;
};

/** AADE's error numbers that the sandbox raises and the service reads (AADE's myDATA API error table). */
export const AADE_ERROR = {
  xmlSyntax: '101',
  notFound: '104',
  notAuthorisedForVat: '105',
  invalidGreekVat: '202',
  grossMismatch: '203',
  mandatoryField: '204',
  forbiddenField: '205',
  netSumMismatch: '207',
  grossSumMismatch: '208',
  vatSumMismatch: '209',
  exemptionMandatory: '217',
  counterpartNameForbidden: '220',
  /** "{Field} is invalid": for a UID already sent, the message names the MARK it was given. */
  invalidUid: '228',
  counterpartMustBeGreek: '242',
  counterpartMustBeEu: '243',
  counterpartMustNotBeEu: '244',
  alreadyCancelled: '251',
  connectedWithActive: '255',
  issueDateInFuture: '260',
  exemptionOnlyWithoutVat: '271',
  invalidCorrelatedType: '320',
} as const;

/**
 * The MARK AADE already gave this document, when a send was refused as a duplicate (228, "It has
 * already been sent for another invoice (MARK: …)"): the earlier send did reach AADE (its answer was
 * lost on the way back), so the document is transmitted and must not be sent again.
 */
export function markOfDuplicate(errors: readonly MydataError[]): string | null {
  for (const e of errors) {
    if (e.code !== AADE_ERROR.invalidUid && e.code !== '233') continue;
    const m = /MARK\s*:\s*(\d{15})/i.exec(e.message);
    if (m) return m[1]!;
  }
  return null;
}

/** The uid AADE names in the same refusal ("The UID: … is invalid"), as AADE computed it. */
export function uidOfDuplicate(errors: readonly MydataError[]): string | null {
  for (const e of errors) {
    const m = /UID\s*:\s*([0-9A-F]{40})/i.exec(e.message);
    if (m) return m[1]!.toUpperCase();
  }
  return null;
}

/**
 * AADE's invoice uid: SHA-1 of issuer ΑΦΜ, issue date, branch, type, series and number joined by
 * '-', upper-case hex. The same document always has the same uid, which is how AADE sees a duplicate.
 */
export async function aadeUid(invoice: AadeInvoice): Promise<string> {
  const h = invoice.header;
  const text = [invoice.issuer.vatNumber, h.issueDate, invoice.issuer.branch, h.invoiceType, h.series, h.aa].join('-');
  const digest = await crypto.subtle.digest('SHA-1', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('').toUpperCase();
}
