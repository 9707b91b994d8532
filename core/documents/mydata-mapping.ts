// Our legal documents as AADE myDATA invoices (issue #13 §4; decision 041). Pure: the service reads
// the document, its lines, its buyer, its order's payment and (for a credit note) the original's
// MARK, and this decides the document type, the VAT and exemption categories, the income
// classification, the payment methods and the counterpart. Amounts stay integer cents here; the XML
// writes them as euros with two decimals (aadeAmount).
import { EU_COUNTRIES } from '../domains/registry-rules';
import { E3, SERVICES_CATEGORY } from './income-classifications';
import { zeroVatBasis } from './vat-basis';

/** The types we issue: services invoices (domestic, EU, third country), retail receipts for services, and their corrections. */
export const MYDATA_INVOICE_TYPES = ['2.1', '2.2', '2.3', '11.2', '5.1', '11.4'] as const;
export type MydataInvoiceType = (typeof MYDATA_INVOICE_TYPES)[number];

/** AADE's VAT category per Greek rate (basis points); 7 is "without VAT" and needs an exemption category. */
export const VAT_CATEGORY_BY_RATE: Readonly<Record<number, number>> = { 2400: 1, 1300: 2, 600: 3, 1700: 4, 900: 5, 400: 6 };
export const VAT_CATEGORY_WITHOUT_VAT = 7;

/**
 * The exemption categories we use with VAT category 7:
 * - 4: "Χωρίς ΦΠΑ – άρθρο 14 του Κώδικα ΦΠΑ": a service whose place of supply is not Greece (a business
 *   customer in another member state, reverse charge; or any customer outside the EU).
 * - 30: "Χωρίς ΦΠΑ – άρθρο 47γ (OSS ενωσιακό καθεστώς)": a consumer in another member state, whose
 *   VAT is declared through OSS in the member state of consumption, not in Greece.
 * - 27: "Λοιπές εξαιρέσεις ΦΠΑ": a 0% line for a Greek customer (none today; kept transmittable).
 */
export const EXEMPTION = { placeOfSupplyAbroad: 4, ossUnion: 30, other: 27 } as const;

/**
 * "Λοιποί Φόροι" (other taxes, an amount): how the VAT of another member state that an OSS customer paid
 * travels with the document, so that AADE's gross (net + VAT + other taxes) is what the customer paid
 * (decision 050). It is not Greek VAT (category 7, exemption 30) and not our income.
 */
export const OTHER_TAXES_CATEGORY_OSS_VAT = 17;

/** AADE's payment method codes (paymentMethodDetails/type). */
export const PAYMENT_METHOD = { domesticBankAccount: 1, onCredit: 5, pos: 7 } as const;

/** Income classification (E3) type per invoice type; every line is category1_3, "income from services". */
export const INCOME_CATEGORY = SERVICES_CATEGORY;
export const E3_BY_TYPE: Readonly<Record<'2.1' | '2.2' | '2.3' | '11.2', string>> = {
  '2.1': E3.wholesale, // Πωλήσεις αγαθών και υπηρεσιών Χονδρικές - Επιτηδευματιών
  '2.2': E3.intraCommunity, // Πωλήσεις αγαθών και υπηρεσιών Εξωτερικού Ενδοκοινοτικές
  '2.3': E3.thirdCountries, // Πωλήσεις αγαθών και υπηρεσιών Εξωτερικού Τρίτες Χώρες
  '11.2': E3.retail, // Πωλήσεις αγαθών και υπηρεσιών Λιανικές - Ιδιωτική Πελατεία
};

/**
 * The E3 type of a sale: by invoice type, and for a receipt by where the consumer is — a consumer in
 * another member state is an intra-community sale (E3_561_005), one outside the EU a third-country
 * sale (E3_561_006); AADE's table allows both on 11.2/11.4 (income-classifications.ts; decision 048).
 */
export function incomeTypeOf(baseType: '2.1' | '2.2' | '2.3' | '11.2', billing: Billing | null): string {
  if (baseType !== '11.2') return E3_BY_TYPE[baseType];
  const country = countryOf(billing);
  if (country === 'GR') return E3.retail;
  return isEu(country) ? E3.intraCommunity : E3.thirdCountries;
}

/** The buyer as the document froze it (sale_documents.billing). */
export type Billing = {
  type?: string | null;
  name?: string | null;
  vatNumber?: string | null;
  taxOffice?: string | null;
  /** Επάγγελμα: printed on the legal document when the billing profile gives it (issue #25 §6). */
  profession?: string | null;
  address?: string | null;
  city?: string | null;
  postcode?: string | null;
  country?: string | null;
  vatWaived?: boolean | null;
};

export type SourceLine = { netCents: number; vatRateBp: number; vatCents: number };
export type SourcePayment = { method: 'card' | 'bank_transfer' | 'credit'; amountCents: number };

export type MydataSource = {
  kind: 'receipt' | 'invoice' | 'credit';
  series: string;
  number: number;
  createdAt: Date;
  billing: Billing | null;
  lines: SourceLine[];
  netCents: number;
  vatCents: number;
  totalCents: number;
  payments: SourcePayment[];
  /** A credit note's original (the invoice or receipt it corrects), with the MARK AADE gave it. */
  original?: { kind: 'receipt' | 'invoice'; mark: string | null; billing: Billing | null; lines: SourceLine[] } | null;
};

export type AadeCounterpart = { vatNumber: string; country: string; branch: 0; name?: string; address?: { street?: string; postalCode: string; city: string } };
export type AadeIncome = { type: string; category: string; amountCents: number };
export type AadeLine = {
  lineNumber: number;
  netCents: number;
  vatCategory: number;
  vatCents: number;
  vatExemptionCategory: number | null;
  /** Only on an OSS line: the foreign VAT as other taxes (decision 050). */
  otherTaxes?: { category: number; amountCents: number };
  income: AadeIncome;
};

export type AadeInvoice = {
  issuer: { vatNumber: string; country: 'GR'; branch: 0 };
  counterpart: AadeCounterpart | null;
  header: { series: string; aa: string; issueDate: string; invoiceType: MydataInvoiceType; currency: 'EUR'; correlatedInvoices: string[] };
  paymentMethods: { type: number; amountCents: number }[];
  details: AadeLine[];
  /** totalGrossCents = net + VAT + other taxes (AADE's formula, the others being 0 here). */
  summary: { totalNetCents: number; totalVatCents: number; totalOtherTaxesCents?: number; totalGrossCents: number; income: AadeIncome[] };
};

/** Why a document cannot be mapped; the service keeps it pending (waiting) or failed (staff). */
export type MappingProblem =
  | 'not_transmittable' // a credit note that corrects no invoice or receipt (a goodwill credit)
  | 'original_not_sent' // a credit note whose original has no MARK yet: it waits
  | 'counterpart_incomplete' // a B2B document whose buyer lacks the ΑΦΜ, name or address AADE needs
  | 'unknown_vat_rate'; // a Greek customer's line at a rate that is not a Greek rate

export type MappingResult = { ok: true; invoice: AadeInvoice } | { ok: false; problem: MappingProblem };

/** Euros with two decimals, as AADE's decimal fields want them ("12.30", "-0.05"). */
export function aadeAmount(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const athensDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Athens', year: 'numeric', month: '2-digit', day: '2-digit' });

/** The issue date AADE checks: the calendar day in Athens (a receipt at 00:30 Athens time is that day, not yesterday UTC). */
export function athensIssueDate(at: Date): string {
  return athensDay.format(at);
}

const countryOf = (b: Billing | null) => (b?.country ?? 'GR').trim().toUpperCase();
const isEu = (country: string) => EU_COUNTRIES.includes(country);

/** The VAT number as AADE wants it: digits/letters only, without the country prefix (EL/GR for Greece). */
export function aadeVatNumber(country: string, raw: string): string {
  const compact = raw.toUpperCase().replace(/[\s.\-]/g, '');
  const prefixes = country === 'GR' ? ['EL', 'GR', 'ΕΛ'] : [country];
  const p = prefixes.find((x) => compact.startsWith(x));
  return p ? compact.slice(p.length) : compact;
}

/** Invoice or receipt → its type: a Greek business 2.1, an EU business 2.2, a business outside the EU 2.3, a consumer 11.2. */
export function invoiceTypeOf(kind: 'receipt' | 'invoice', billing: Billing | null): '2.1' | '2.2' | '2.3' | '11.2' {
  if (kind === 'receipt') return '11.2';
  const country = countryOf(billing);
  if (country === 'GR') return '2.1';
  return isEu(country) ? '2.2' : '2.3';
}

/**
 * One line's VAT as myDATA has it. No VAT charged: category 7 with the exemption that says why (a
 * customer abroad: reverse charge or outside the EU, 4; a Greek customer, 27). VAT of another member
 * state (a consumer there, OSS): category 7 with exemption 30, sent as 0 since it is not Greek VAT.
 * Greek VAT (a Greek customer, or one outside the EU who was charged it): its category by rate.
 * The foreign VAT of an OSS line is not lost: it goes as other taxes (decision 050), so the gross AADE
 * records (and prints on the QR record) is what the customer paid.
 */
export function vatOfLine(line: SourceLine, billing: Billing | null): { vatCategory: number; vatCents: number; vatExemptionCategory: number | null; otherTaxes?: { category: number; amountCents: number } } | null {
  const country = countryOf(billing);
  // The basis printed on the document (core/documents/vat-basis.ts) is the category AADE is told.
  if (line.vatRateBp === 0) return { vatCategory: VAT_CATEGORY_WITHOUT_VAT, vatCents: 0, vatExemptionCategory: zeroVatBasis(billing).exemptionCategory };
  if (country !== 'GR' && isEu(country)) {
    return {
      vatCategory: VAT_CATEGORY_WITHOUT_VAT,
      vatCents: 0,
      vatExemptionCategory: EXEMPTION.ossUnion,
      ...(line.vatCents !== 0 ? { otherTaxes: { category: OTHER_TAXES_CATEGORY_OSS_VAT, amountCents: line.vatCents } } : {}),
    };
  }
  const category = VAT_CATEGORY_BY_RATE[line.vatRateBp];
  return category === undefined ? null : { vatCategory: category, vatCents: line.vatCents, vatExemptionCategory: null };
}

/** The counterpart per type: none for retail; a Greek business by ΑΦΜ only (AADE refuses its name); a foreign one with name and address. */
export function counterpartOf(type: '2.1' | '2.2' | '2.3' | '11.2', billing: Billing | null): AadeCounterpart | null | 'incomplete' {
  if (type === '11.2') return null;
  const country = countryOf(billing);
  const vat = billing?.vatNumber ? aadeVatNumber(country, billing.vatNumber) : '';
  if (!vat) return 'incomplete';
  const postalCode = billing?.postcode?.trim() ?? '';
  const city = billing?.city?.trim() ?? '';
  const street = billing?.address?.trim() ?? '';
  if (type === '2.1') return { vatNumber: vat, country, branch: 0, ...(postalCode && city ? { address: { ...(street ? { street } : {}), postalCode, city } } : {}) };
  const name = billing?.name?.trim() ?? '';
  if (!name || !postalCode || !city) return 'incomplete';
  return { vatNumber: vat, country, branch: 0, name, address: { ...(street ? { street } : {}), postalCode, city } };
}

/**
 * How the customer paid: card → POS/e-POS (7), bank transfer → a payment account in Greece (1), our
 * credit balance → "on credit" (5, AADE has no code for a prepaid balance). Amounts add up to `gross`
 * (which includes an OSS line's foreign VAT, decision 050); a shortfall comes off the money-paid parts last.
 */
export function paymentMethodsOf(payments: readonly SourcePayment[], grossCents: number): { type: number; amountCents: number }[] {
  const code = (m: SourcePayment['method']) => (m === 'card' ? PAYMENT_METHOD.pos : m === 'bank_transfer' ? PAYMENT_METHOD.domesticBankAccount : PAYMENT_METHOD.onCredit);
  const out: { type: number; amountCents: number }[] = [];
  let left = grossCents;
  for (const p of payments) {
    const amount = Math.min(p.amountCents, left);
    if (amount <= 0) continue;
    const same = out.find((o) => o.type === code(p.method));
    if (same) same.amountCents += amount;
    else out.push({ type: code(p.method), amountCents: amount });
    left -= amount;
  }
  if (left > 0) {
    if (out.length) out[out.length - 1]!.amountCents += left;
    else out.push({ type: PAYMENT_METHOD.onCredit, amountCents: left });
  }
  return out;
}

/** Sums the lines' income by (type, category), as invoiceSummary wants it. */
function incomeSummary(lines: readonly AadeLine[]): AadeIncome[] {
  const out: AadeIncome[] = [];
  for (const l of lines) {
    const same = out.find((i) => i.type === l.income.type && i.category === l.income.category);
    if (same) same.amountCents += l.income.amountCents;
    else out.push({ ...l.income });
  }
  return out;
}

/** A credit note without lines of its own (a refund's note): one line at the original's rate. */
function creditLines(source: MydataSource): SourceLine[] {
  if (source.lines.length) return source.lines;
  const rate = source.original?.lines.find((l) => l.netCents > 0)?.vatRateBp ?? (source.vatCents > 0 ? 2400 : 0);
  return [{ netCents: source.totalCents - source.vatCents, vatRateBp: rate, vatCents: source.vatCents }];
}

/** Our document → the invoice AADE receives, or why it cannot be sent (yet). */
export function mydataInvoice(source: MydataSource, seller: { vatNumber: string }): MappingResult {
  let baseType: '2.1' | '2.2' | '2.3' | '11.2';
  let type: MydataInvoiceType;
  let billing = source.billing;
  let lines = source.lines;
  const correlated: string[] = [];
  if (source.kind === 'credit') {
    const original = source.original;
    if (!original) return { ok: false, problem: 'not_transmittable' };
    if (!original.mark) return { ok: false, problem: 'original_not_sent' };
    billing = original.billing ?? billing;
    baseType = invoiceTypeOf(original.kind, billing);
    type = original.kind === 'invoice' ? '5.1' : '11.4';
    correlated.push(original.mark);
    lines = creditLines(source);
  } else {
    baseType = invoiceTypeOf(source.kind, billing);
    type = baseType;
  }

  const counterpart = counterpartOf(baseType, billing);
  if (counterpart === 'incomplete') return { ok: false, problem: 'counterpart_incomplete' };

  // A free line (an add-on at 0 €) is on the PDF but says nothing to AADE; at least one line stays.
  const charged = lines.filter((l) => l.netCents !== 0 || l.vatCents !== 0);
  const sent = charged.length ? charged : lines.slice(0, 1);
  const details: AadeLine[] = [];
  for (const [i, line] of sent.entries()) {
    const vat = vatOfLine(line, billing);
    if (!vat) return { ok: false, problem: 'unknown_vat_rate' };
    details.push({ lineNumber: i + 1, netCents: line.netCents, ...vat, income: { type: incomeTypeOf(baseType, billing), category: INCOME_CATEGORY, amountCents: line.netCents } });
  }
  const totalNetCents = details.reduce((s, l) => s + l.netCents, 0);
  const totalVatCents = details.reduce((s, l) => s + l.vatCents, 0);
  const totalOtherTaxesCents = details.reduce((s, l) => s + (l.otherTaxes?.amountCents ?? 0), 0);
  const totalGrossCents = totalNetCents + totalVatCents + totalOtherTaxesCents;
  // A credit note's money goes back the way its reason says; the service passes it as payments.
  const paymentMethods = paymentMethodsOf(source.payments, totalGrossCents);

  return {
    ok: true,
    invoice: {
      issuer: { vatNumber: seller.vatNumber, country: 'GR', branch: 0 },
      counterpart,
      header: { series: source.series, aa: String(source.number), issueDate: athensIssueDate(source.createdAt), invoiceType: type, currency: 'EUR', correlatedInvoices: correlated },
      paymentMethods,
      details,
      summary: { totalNetCents, totalVatCents, ...(totalOtherTaxesCents ? { totalOtherTaxesCents } : {}), totalGrossCents, income: incomeSummary(details) },
    },
  };
}
