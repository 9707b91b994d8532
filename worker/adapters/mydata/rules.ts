// What AADE checks on a document we send, as the sandbox enforces it (AADE's error numbers, port.ts):
// the issuer is the account's ΑΦΜ, Greek ΑΦΜs have valid check digits, the summary equals the sum of
// the lines, a counterpart where the type needs one (B2B, credit invoices) and none on retail, its
// country per type, no name for a Greek counterpart, VAT category 7 exactly with an exemption, an
// issue date not in the future. Pure: the register's checks (duplicates, correlated MARKs) are in
// sandbox.ts.
import { EU_COUNTRIES } from '../../../core/domains/registry-rules';
import type { AadeInvoice } from '../../../core/documents/mydata-mapping';
import { isValidAfm } from '../vat-check/greek-afm';
import { AADE_ERROR as E, type MydataError } from './port';

const B2B = new Set(['1.1', '1.2', '1.3', '2.1', '2.2', '2.3', '5.1', '5.2']);
const RETAIL = new Set(['11.1', '11.2', '11.3', '11.4', '11.5']);
const SUPPORTED = new Set([...B2B, ...RETAIL]);

export function checkInvoice(inv: AadeInvoice, userVat: string, today: string): MydataError[] {
  const errors: MydataError[] = [];
  const add = (code: string, message: string) => errors.push({ code, message });
  // Any type AADE knows may arrive here (a hand-made document); the checks are AADE's, not just ours.
  const type: string = inv.header.invoiceType;
  if (!SUPPORTED.has(type)) add('223', 'Unsupported invoice type');
  if (inv.issuer.vatNumber !== userVat) add(E.notAuthorisedForVat, `User VAT number ${userVat} is not authorized to execute this method for VAT number ${inv.issuer.vatNumber}`);
  if (!isValidAfm(inv.issuer.vatNumber)) add(E.invalidGreekVat, 'Invalid Greek VAT number');
  if (!/^\d{1,20}$/.test(inv.header.aa)) add('212', 'AA element must be number with value between 0 and 18446744073709551615 for issuer from Greece');
  if (inv.header.issueDate > today) add(E.issueDateInFuture, 'IssueDate is invalid, it must be less or equal than current date');

  const c = inv.counterpart;
  if (B2B.has(type) && !c) add(E.mandatoryField, 'Counterpart is mandatory for this invoice type');
  if (RETAIL.has(type) && c) add(E.forbiddenField, 'Counterpart is forbidden for this invoice type');
  if (c && B2B.has(type)) {
    if (c.country === 'GR') {
      if (!isValidAfm(c.vatNumber)) add(E.invalidGreekVat, 'Invalid Greek VAT number');
      if (c.name) add(E.counterpartNameForbidden, 'Counterpart Name is forbidden for Counterpart from Greece');
    }
    if (c.vatNumber === inv.issuer.vatNumber && c.country === 'GR') add('235', 'Issuer must be different from counterpart');
    const eu = EU_COUNTRIES.includes(c.country);
    if ((type === '1.1' || type === '2.1') && c.country !== 'GR') add(E.counterpartMustBeGreek, "Counterpart 's country for this invoice type must be Greece");
    if ((type === '1.2' || type === '2.2') && (!eu || c.country === 'GR')) add(E.counterpartMustBeEu, "Counterpart 's country for this invoice type must be in Europe but not Greece");
    if ((type === '1.3' || type === '2.3') && eu) add(E.counterpartMustNotBeEu, "Counterpart 's country for this invoice type must not be in EU");
    if (c.country !== 'GR' && (!c.name || !c.address)) add(E.mandatoryField, 'Counterpart name and address are mandatory for a counterpart outside Greece');
  }
  if ((type === '5.1' || type === '5.2') && inv.header.correlatedInvoices.length === 0) add(E.mandatoryField, 'correlatedInvoices is mandatory for this invoice type');

  if (!inv.details.length) add(E.mandatoryField, 'invoiceDetails is mandatory for this invoice type');
  const lineNumbers = new Set(inv.details.map((d) => d.lineNumber));
  if (lineNumbers.size !== inv.details.length) add('261', 'Each Invoice row must have unique line number');
  for (const d of inv.details) {
    if (d.vatCategory === 7 && d.vatExemptionCategory === null) add(E.exemptionMandatory, 'When vatCategory has value 7, element vatExemptionCategory is mandatory');
    if (d.vatCategory !== 7 && d.vatExemptionCategory !== null) add(E.exemptionOnlyWithoutVat, `Invoice Line Number: ${d.lineNumber}. VatExemptionCategory field is used only in case of vatCategory = 7`);
    if (d.vatCategory === 7 && d.vatCents !== 0) add('218', 'Vat Amount must have value 0 for this invoice type');
  }
  const net = inv.details.reduce((s, d) => s + d.netCents, 0);
  const vat = inv.details.reduce((s, d) => s + d.vatCents, 0);
  // Other taxes (an OSS line's foreign VAT, decision 050) are part of AADE's gross.
  const other = inv.details.reduce((s, d) => s + (d.otherTaxes?.amountCents ?? 0), 0);
  const s = inv.summary;
  const summaryOther = s.totalOtherTaxesCents ?? 0;
  if (net !== s.totalNetCents) add(E.netSumMismatch, "The sum of net values of the invoice lines doesn't match with total net value of the invoice");
  if (vat !== s.totalVatCents) add(E.vatSumMismatch, "The sum of vat amount of the invoice lines doesn't match with total vat amount of the invoice");
  if (net + vat + other !== s.totalGrossCents) add(E.grossSumMismatch, "The sum of gross values of the invoice lines doesn't match with total gross value of the invoice");
  if (s.totalNetCents + s.totalVatCents + summaryOther !== s.totalGrossCents) add(E.grossMismatch, "Gross Value doesn't match with sum of net value plus taxes");
  const paid = inv.paymentMethods.reduce((sum, p) => sum + p.amountCents, 0);
  if (inv.paymentMethods.length && paid !== s.totalGrossCents) add('226', "The sum of amount of the invoice paymentMethods doesn't match with total gross amount of the invoice");
  return errors;
}
