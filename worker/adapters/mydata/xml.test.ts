import { describe, expect, it } from 'vitest';
import { parseXml } from '../registry/epp/xml';
import { euInvoice, ossReceipt, receipt } from './fixtures';
import { invoicesDoc, MYDATA_NS, readResponseDoc } from './xml';

const names = (xml: string, path: string[]) => {
  let el = parseXml(xml);
  for (const p of path) el = el.children.filter((c) => c.name === p)[0]!;
  return el.children.map((c) => c.name);
};

describe('InvoicesDoc', () => {
  it('puts the elements in the schema order with AADE namespaces and amounts in euros', () => {
    const xml = invoicesDoc([euInvoice()]);
    const root = parseXml(xml);
    expect(root).toMatchObject({ ns: MYDATA_NS.invoice, name: 'InvoicesDoc' });
    expect(names(xml, ['invoice'])).toEqual(['issuer', 'counterpart', 'invoiceHeader', 'paymentMethods', 'invoiceDetails', 'invoiceSummary']);
    expect(names(xml, ['invoice', 'counterpart'])).toEqual(['vatNumber', 'country', 'branch', 'name', 'address']);
    expect(names(xml, ['invoice', 'invoiceDetails'])).toEqual(['lineNumber', 'netValue', 'vatCategory', 'vatAmount', 'vatExemptionCategory', 'incomeClassification']);
    expect(names(xml, ['invoice', 'invoiceSummary'])).toEqual([
      'totalNetValue', 'totalVatAmount', 'totalWithheldAmount', 'totalFeesAmount', 'totalStampDutyAmount', 'totalOtherTaxesAmount', 'totalDeductionsAmount', 'totalGrossValue', 'incomeClassification',
    ]);
    expect(xml).toContain('<netValue>20.00</netValue>');
    expect(xml).toContain('<vatExemptionCategory>4</vatExemptionCategory>');
    expect(xml).toContain('<icls:classificationType>E3_561_005</icls:classificationType><icls:classificationCategory>category1_3</icls:classificationCategory><icls:amount>20.00</icls:amount>');
    const icls = parseXml(xml).children[0]!.children.find((c) => c.name === 'invoiceDetails')!.children.find((c) => c.name === 'incomeClassification')!.children[0]!;
    expect(icls.ns).toBe(MYDATA_NS.icls);
  });
  it('writes an OSS line’s foreign VAT as other taxes, in the schema order, and its total in the summary', () => {
    const xml = invoicesDoc([ossReceipt()]);
    expect(names(xml, ['invoice', 'invoiceDetails'])).toEqual(['lineNumber', 'netValue', 'vatCategory', 'vatAmount', 'vatExemptionCategory', 'otherTaxesPercentCategory', 'otherTaxesAmount', 'incomeClassification']);
    expect(xml).toContain('<vatExemptionCategory>30</vatExemptionCategory><otherTaxesPercentCategory>17</otherTaxesPercentCategory><otherTaxesAmount>1.90</otherTaxesAmount>');
    expect(xml).toContain('<totalOtherTaxesAmount>1.90</totalOtherTaxesAmount>');
    expect(xml).toContain('<totalGrossValue>11.90</totalGrossValue>');
    // Nothing of the kind where there are no other taxes.
    expect(invoicesDoc([receipt()])).not.toContain('otherTaxesPercentCategory');
  });
  it('escapes what customers typed', () => {
    const xml = invoicesDoc([euInvoice()]);
    expect(xml).toContain('<name>Müller &amp; Söhne &lt;GmbH&gt;</name>');
  });
  it('sends no counterpart and no exemption for a retail receipt, and correlates a credit', () => {
    const xml = invoicesDoc([receipt({ invoiceType: '11.4', correlatedInvoices: ['400001944472461'] })]);
    expect(names(xml, ['invoice'])).not.toContain('counterpart');
    expect(xml).not.toContain('vatExemptionCategory');
    expect(xml).toContain('<invoiceType>11.4</invoiceType><currency>EUR</currency><correlatedInvoices>400001944472461</correlatedInvoices>');
  });
});

describe('ResponseDoc', () => {
  it('reads success and errors per document, with or without the response namespace', () => {
    const xml = `<?xml version="1.0" encoding="utf-8"?>
<ResponseDoc xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns="http://www.aade.gr/myDATA/response/v1.0">
  <response><index>2</index><statusCode>ValidationError</statusCode>
    <errors><error><message>Counterpart Name is forbidden for Counterpart from Greece</message><code>220</code></error>
            <error><message>Invalid Greek VAT number</message><code>202</code></error></errors></response>
  <response><index>1</index><invoiceUid>0A5E9D6E0BB9E8B2F2BD5C0D2E64C2D0C1A7E1F3</invoiceUid><invoiceMark>400001944472461</invoiceMark>
    <qrUrl>https://mydataapi.aade.gr/TimologioQR/QRInfo?q=abc%3D%3D</qrUrl><statusCode>Success</statusCode></response>
</ResponseDoc>`;
    const items = readResponseDoc(xml);
    expect(items[0]).toEqual({ index: 1, statusCode: 'Success', invoiceUid: '0A5E9D6E0BB9E8B2F2BD5C0D2E64C2D0C1A7E1F3', invoiceMark: '400001944472461', cancellationMark: null, qrUrl: 'https://mydataapi.aade.gr/TimologioQR/QRInfo?q=abc%3D%3D', errors: [] });
    expect(items[1]!.errors).toEqual([
      { code: '220', message: 'Counterpart Name is forbidden for Counterpart from Greece' },
      { code: '202', message: 'Invalid Greek VAT number' },
    ]);
    expect(readResponseDoc('<ResponseDoc><response><index>1</index><cancellationMark>400001944472999</cancellationMark><statusCode>Success</statusCode></response></ResponseDoc>')[0]!.cancellationMark).toBe('400001944472999');
  });
  it('refuses a DTD (no entity expansion) and what is not a ResponseDoc', () => {
    expect(() => readResponseDoc('<!DOCTYPE x [<!ENTITY a "b">]><ResponseDoc/>')).toThrow();
    expect(() => readResponseDoc('<html><body>Bad gateway</body></html>')).toThrow();
  });
});
