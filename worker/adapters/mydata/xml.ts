// myDATA's XML both ways: the InvoicesDoc we send (element order as in AADE's InvoicesDoc schema
// v1.0.x) and the ResponseDoc AADE answers with. Built with the EPP adapter's escaping builder and read
// with its namespace-aware reader (no DTDs, so no entity expansion); ResponseDoc is read by local
// names because AADE has answered both with and without its response namespace.
import { aadeAmount, type AadeIncome, type AadeInvoice } from '../../../core/documents/mydata-mapping';
import { h, parseXml, type Xml, type XmlElement } from '../registry/epp/xml';
import type { MydataError } from './port';

export const MYDATA_NS = {
  invoice: 'http://www.aade.gr/myDATA/invoice/v1.0',
  // Sic: AADE's namespaces spell "Classificaton".
  icls: 'https://www.aade.gr/myDATA/incomeClassificaton/v1.0',
  ecls: 'https://www.aade.gr/myDATA/expensesClassificaton/v1.0',
} as const;

const amount = (cents: number) => aadeAmount(cents);

function income(tag: string, i: AadeIncome): Xml {
  return h(tag, null, h('icls:classificationType', null, i.type), h('icls:classificationCategory', null, i.category), h('icls:amount', null, amount(i.amountCents)));
}

function invoiceXml(inv: AadeInvoice): Xml {
  const c = inv.counterpart;
  return h(
    'invoice',
    null,
    h('issuer', null, h('vatNumber', null, inv.issuer.vatNumber), h('country', null, inv.issuer.country), h('branch', null, inv.issuer.branch)),
    c &&
      h(
        'counterpart',
        null,
        h('vatNumber', null, c.vatNumber),
        h('country', null, c.country),
        h('branch', null, c.branch),
        c.name && h('name', null, c.name),
        c.address && h('address', null, c.address.street && h('street', null, c.address.street), h('postalCode', null, c.address.postalCode), h('city', null, c.address.city)),
      ),
    h(
      'invoiceHeader',
      null,
      h('series', null, inv.header.series),
      h('aa', null, inv.header.aa),
      h('issueDate', null, inv.header.issueDate),
      h('invoiceType', null, inv.header.invoiceType),
      h('currency', null, inv.header.currency),
      inv.header.correlatedInvoices.map((m) => h('correlatedInvoices', null, m)),
    ),
    inv.paymentMethods.length > 0 && h('paymentMethods', null, inv.paymentMethods.map((p) => h('paymentMethodDetails', null, h('type', null, p.type), h('amount', null, amount(p.amountCents))))),
    inv.details.map((d) =>
      h(
        'invoiceDetails',
        null,
        h('lineNumber', null, d.lineNumber),
        h('netValue', null, amount(d.netCents)),
        h('vatCategory', null, d.vatCategory),
        h('vatAmount', null, amount(d.vatCents)),
        d.vatExemptionCategory !== null && h('vatExemptionCategory', null, d.vatExemptionCategory),
        // An OSS line's foreign VAT (decision 050); the schema puts these after the exemption.
        d.otherTaxes && h('otherTaxesPercentCategory', null, d.otherTaxes.category),
        d.otherTaxes && h('otherTaxesAmount', null, amount(d.otherTaxes.amountCents)),
        income('incomeClassification', d.income),
      ),
    ),
    h(
      'invoiceSummary',
      null,
      h('totalNetValue', null, amount(inv.summary.totalNetCents)),
      h('totalVatAmount', null, amount(inv.summary.totalVatCents)),
      h('totalWithheldAmount', null, '0.00'),
      h('totalFeesAmount', null, '0.00'),
      h('totalStampDutyAmount', null, '0.00'),
      h('totalOtherTaxesAmount', null, amount(inv.summary.totalOtherTaxesCents ?? 0)),
      h('totalDeductionsAmount', null, '0.00'),
      h('totalGrossValue', null, amount(inv.summary.totalGrossCents)),
      inv.summary.income.map((i) => income('incomeClassification', i)),
    ),
  );
}

/** The body of SendInvoices. */
export function invoicesDoc(invoices: readonly AadeInvoice[]): string {
  const doc = h('InvoicesDoc', { xmlns: MYDATA_NS.invoice, 'xmlns:icls': MYDATA_NS.icls, 'xmlns:ecls': MYDATA_NS.ecls }, invoices.map(invoiceXml));
  return `<?xml version="1.0" encoding="UTF-8"?>${doc.xml}`;
}

export type AadeStatus = 'Success' | 'ValidationError' | 'TechnicalError' | 'XMLSyntaxError';
export type ResponseItem = {
  index: number;
  statusCode: AadeStatus | string;
  invoiceUid: string | null;
  invoiceMark: string | null;
  cancellationMark: string | null;
  qrUrl: string | null;
  errors: MydataError[];
};

const kids = (el: XmlElement | undefined, name: string) => (el ? el.children.filter((c) => c.name === name) : []);
const kid = (el: XmlElement | undefined, name: string) => kids(el, name)[0];
const text = (el: XmlElement | undefined, name: string) => {
  const t = kid(el, name)?.text.trim();
  return t ? t : null;
};

/** ResponseDoc → one item per <response>, in index order. Throws XmlError on anything that is not XML. */
export function readResponseDoc(xml: string): ResponseItem[] {
  const root = parseXml(xml);
  if (root.name !== 'ResponseDoc') throw new Error(`expected ResponseDoc, got ${root.name}`);
  return kids(root, 'response')
    .map((r, i) => ({
      index: Number(text(r, 'index') ?? i + 1),
      statusCode: text(r, 'statusCode') ?? '',
      invoiceUid: text(r, 'invoiceUid'),
      invoiceMark: text(r, 'invoiceMark'),
      cancellationMark: text(r, 'cancellationMark'),
      qrUrl: text(r, 'qrUrl'),
      // <errors> holds <error> elements; some answers put code/message straight into <errors>.
      errors: kids(r, 'errors').flatMap((e) => {
        const list = kids(e, 'error');
        return (list.length ? list : [e]).map((x) => ({ code: text(x, 'code') ?? '', message: text(x, 'message') ?? '' }));
      }),
    }))
    .sort((a, b) => a.index - b.index);
}

/** One <invoice> of a RequestedDoc (RequestTransmittedDocs' answer): what identifies it at AADE. */
export type RequestedInvoice = { mark: string; uid: string | null; qrUrl: string | null; cancelledByMark: string | null };

/**
 * RequestedDoc → its invoices. AADE lists them under <invoicesDoc>; the QR link is <qrCodeUrl> (a
 * <qrUrl> is read too), a cancelled one names <cancelledByMark>. Throws on anything that is not XML.
 */
export function readRequestedDoc(xml: string): RequestedInvoice[] {
  const root = parseXml(xml);
  if (root.name !== 'RequestedDoc') throw new Error(`expected RequestedDoc, got ${root.name}`);
  return kids(kid(root, 'invoicesDoc'), 'invoice')
    .map((i) => ({ mark: text(i, 'mark') ?? '', uid: text(i, 'uid'), qrUrl: text(i, 'qrCodeUrl') ?? text(i, 'qrUrl'), cancelledByMark: text(i, 'cancelledByMark') }))
    .filter((i) => i.mark !== '');
}
