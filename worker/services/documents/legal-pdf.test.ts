// The PDF layout on its own (no D1): runs in workerd like the app. Text is checked through the
// ToUnicode maps (tests/pdf-text.ts), as a reader's copy-paste would find it.
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { DEMO_SELLER } from '../../../core/config';
import { formatMoney } from '../../../core/money';
import { pdfText } from '../../../tests/pdf-text';
import { documentNumber, legalTitle, renderLegalPdf, vatPercent, wrap, type LegalPdfInput } from './legal-pdf';

const plain = (s: string) => s.replace(/\u00a0/g, ' ');
const lines = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ position: i + 1, description: `Καταχώριση ονόματος όνομα-${i + 1}.gr — 1 έτος`, quantity: 1, netCents: 1000 + i, vatRateBp: 2400, vatCents: 240, totalCents: 1240 + i }));

function invoice(over: Partial<LegalPdfInput> = {}): LegalPdfInput {
  const ls = over.lines ?? lines(3);
  const net = ls.reduce((a, l) => a + l.netCents, 0);
  const vat = ls.reduce((a, l) => a + l.vatCents, 0);
  return {
    kind: 'invoice',
    series: 'INV',
    number: 12,
    issuedAt: new Date('2026-11-24T10:00:00Z'),
    seller: DEMO_SELLER,
    buyer: { type: 'INV', name: 'Ελληνική Εταιρεία Α.Ε.', vatNumber: '094014201', taxOffice: 'ΦΑΕ ΑΘΗΝΩΝ', address: 'Πανεπιστημίου 1', city: 'Αθήνα', postcode: '10564', country: 'GR' },
    lines: ls,
    netCents: net,
    vatCents: vat,
    totalCents: net + vat,
    ...over,
  };
}

describe('legal PDF layout', () => {
  it('prints the title, number, date, both parties with ΑΦΜ/ΔΟΥ, each line, VAT per rate and the total', async () => {
    const input = invoice();
    const text = plain(await pdfText(await renderLegalPdf(input)));
    for (const s of ['ΤΙΜΟΛΟΓΙΟ ΠΑΡΟΧΗΣ ΥΠΗΡΕΣΙΩΝ', 'INV-000012', '24/11/2026', DEMO_SELLER.name, `ΑΦΜ / VAT No: ${DEMO_SELLER.vatNumber}`, `ΔΟΥ / Tax office: ${DEMO_SELLER.taxOffice}`, 'Ελληνική Εταιρεία Α.Ε.', 'ΑΦΜ / VAT No: 094014201', 'ΔΟΥ / Tax office: ΦΑΕ ΑΘΗΝΩΝ', 'Χώρα / Country: GR']) expect(text).toContain(s);
    for (const l of input.lines) expect(text).toContain(l.description);
    expect(text).toContain(plain(formatMoney(input.totalCents)));
    expect(text).toContain(plain(formatMoney(input.vatCents)));
    expect(text).not.toContain('ΜΑΡΚ');
    expect(text).not.toContain('αντίστροφη επιβάρυνση');
  });

  it("carries what a Greek accountant expects: the payment method, each line's service period, the buyer's profession, the seller's ΓΕΜΗ (issue #25 §6)", async () => {
    const input = invoice({
      seller: { ...DEMO_SELLER, gemi: '123456701000' },
      buyer: { type: 'INV', name: 'Γιώργος Παπάς', vatNumber: '094014201', taxOffice: 'ΦΑΕ ΑΘΗΝΩΝ', profession: 'Σχεδιαστής ιστοσελίδων', address: 'Πανεπιστημίου 1', city: 'Αθήνα', postcode: '10564', country: 'GR' },
      paymentMethod: 'card',
      lines: [{ position: 1, description: 'Καταχώριση ονόματος kafeneio.gr — 1 έτος', quantity: 1, netCents: 1000, vatRateBp: 2400, vatCents: 240, totalCents: 1240, period: { from: new Date('2026-11-24T10:00:00Z'), to: new Date('2027-11-24T10:00:00Z') } }],
    });
    const text = plain(await pdfText(await renderLegalPdf(input)));
    for (const s of ['ΓΕΜΗ / GEMI No: 123456701000', 'Επάγγελμα / Profession: Σχεδιαστής ιστοσελίδων', 'Τρόπος πληρωμής / Payment: Κάρτα / Card', 'Περίοδος / Period: 24/11/2026 – 24/11/2027']) expect(text).toContain(s);
    // Nothing invented where nothing was given.
    const { gemi: _none, ...noGemi } = DEMO_SELLER;
    const bare = plain(await pdfText(await renderLegalPdf(invoice({ seller: noGemi }))));
    for (const s of ['ΓΕΜΗ', 'Επάγγελμα', 'Τρόπος πληρωμής', 'Περίοδος']) expect(bare).not.toContain(s);
  });

  it('continues long line lists on further pages, every line printed once, page numbers on each', async () => {
    const input = invoice({ lines: lines(80) });
    const bytes = await renderLegalPdf(input);
    const pages = (await PDFDocument.load(bytes)).getPageCount();
    expect(pages).toBeGreaterThanOrEqual(3);
    const text = plain(await pdfText(bytes));
    for (const l of input.lines) expect(text.split(l.description + '\n').length - 1 + (text.endsWith(l.description) ? 1 : 0)).toBe(1);
    expect(text).toContain(`Σελίδα / Page ${pages} / ${pages}`);
    expect(text).toContain('συνέχεια / continued');
  });

  it('prints the reverse-charge note for a vat_waived buyer and the MARK with a QR once transmitted', async () => {
    const text = plain(await pdfText(await renderLegalPdf(invoice({ buyer: { name: 'Beispiel GmbH', vatNumber: 'DE123456789', country: 'DE', vatWaived: true }, mydata: { mark: '400001234567890', uid: 'ABC', qrUrl: 'https://mydata.example/qr?m=400001234567890' } }))));
    expect(text).toContain('αντίστροφη επιβάρυνση, άρθρο 196');
    expect(text).toContain('ΜΑΡΚ / MARK: 400001234567890');
    expect(text).toContain('https://mydata.example/qr?m=400001234567890');
  });

  it('titles credit notes by what they correct, and names it', async () => {
    expect(legalTitle('receipt')).toBe('ΑΠΟΔΕΙΞΗ ΠΑΡΟΧΗΣ ΥΠΗΡΕΣΙΩΝ');
    expect(legalTitle('credit', 'receipt')).toBe('ΠΙΣΤΩΤΙΚΟ ΣΤΟΙΧΕΙΟ ΛΙΑΝΙΚΗΣ');
    const text = plain(await pdfText(await renderLegalPdf(invoice({ kind: 'credit', correctsKind: 'invoice', correctsNumber: 'INV-000012', series: 'CRD', number: 4 }))));
    expect(text).toContain('ΠΙΣΤΩΤΙΚΟ ΤΙΜΟΛΟΓΙΟ');
    expect(text).toContain('CRD-000004');
    expect(text).toContain('Διορθώνει το / Corrects: INV-000012');
    expect(text).toContain('Σύνολο πίστωσης');
  });

  it('renders the same bytes for the same document (a racing second render stores nothing new)', async () => {
    const a = await renderLegalPdf(invoice());
    const b = await renderLegalPdf(invoice());
    expect(a).toEqual(b);
    expect(await renderLegalPdf(invoice({ number: 13 }))).not.toEqual(a);
  });

  it('formats numbers, rates and wraps text within a width', () => {
    expect(documentNumber('INV', 12)).toBe('INV-000012');
    expect(vatPercent(2400)).toBe('24%');
    expect(vatPercent(1350)).toBe('13,5%');
    expect(vatPercent(0)).toBe('0%');
    const measure = (t: string) => t.length;
    expect(wrap('ένα δύο τρία τέσσερα', 9, measure)).toEqual(['ένα δύο', 'τρία', 'τέσσερα']);
    expect(wrap('αααααααααααα', 5, measure)).toEqual(['ααααα', 'ααααα', 'αα']);
  });
});
