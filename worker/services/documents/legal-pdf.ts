// The PDF of a legal document (issue #13 §3, decision 042): an invoice, a receipt or a corrective credit
// note, laid out on A4 with pdf-lib. Pure: the caller brings everything printed (no D1, no R2), so the
// layout is unit-tested on its own and the bench can time it. The text is written with an embedded
// DejaVu Sans subset (Greek glyphs; pdf-lib adds a ToUnicode map, so text extractors and screen readers
// read the Greek back). The same input gives the same bytes (fixed dates, no random id): two renders
// racing each other store one file (UNIQUE(document_id, sha256)).
import { documentNumber as formatNumber } from '../../../core/documents/format';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { encode } from 'uqr';
import type { Seller } from '../../../core/config';
import { vatByRate } from '../../../core/documents/lines';
import type { Billing } from '../../../core/documents/mydata-mapping';
import { zeroVatBasis } from '../../../core/documents/vat-basis';
import { formatMoney } from '../../../core/money';
import { BOLD_TTF_BASE64, REGULAR_TTF_BASE64 } from './legal-pdf-fonts';
import { athensFormat } from '../../../core/date-format';

export type LegalPdfKind = 'invoice' | 'receipt' | 'credit';

/** The buyer as the document's `billing` snapshot holds it (orders.ts writes it at checkout); myDATA reads the same. */
export type LegalPdfBuyer = Billing;

/** `period`: the service period the line pays for, printed under its description (issue #25 §6). */
export type LegalPdfLine = { position: number; description: string; quantity: number; netCents: number; vatRateBp: number; vatCents: number; totalCents: number; period?: { from: Date; to: Date } | null };

export type LegalPdfPaymentMethod = 'card' | 'bank_transfer' | 'credit';

const PAYMENT_METHOD: Record<LegalPdfPaymentMethod, string> = { card: 'Κάρτα / Card', bank_transfer: 'Τραπεζική μεταφορά / Bank transfer', credit: 'Πίστωση λογαριασμού / Account credit' };

export type LegalPdfInput = {
  kind: LegalPdfKind;
  /** For a credit note: the kind of the document it corrects (its title depends on it). */
  correctsKind?: 'invoice' | 'receipt' | null;
  /** For a credit note: the number of the document it corrects, e.g. "INV-000012". */
  correctsNumber?: string | null;
  series: string;
  number: number;
  issuedAt: Date;
  seller: Seller;
  buyer: LegalPdfBuyer;
  lines: readonly LegalPdfLine[];
  netCents: number;
  vatCents: number;
  totalCents: number;
  /** Once AADE accepted it (mydata_transmissions): printed with the QR code of its URL. */
  mydata?: { mark: string; uid?: string | null; qrUrl?: string | null } | null;
  /** How the order was paid (orders.payment_method): a Greek accountant expects it on the document. */
  paymentMethod?: LegalPdfPaymentMethod | null;
};

/** "INV-000012": the number as every page of the site prints it (core/documents/format.ts). */
export function documentNumber(series: string, number: number): string {
  return formatNumber({ series, number });
}

/** The Greek title of the document (a Greek legal document is issued in Greek; decision 042). */
export function legalTitle(kind: LegalPdfKind, correctsKind?: 'invoice' | 'receipt' | null): string {
  if (kind === 'invoice') return 'ΤΙΜΟΛΟΓΙΟ ΠΑΡΟΧΗΣ ΥΠΗΡΕΣΙΩΝ';
  if (kind === 'receipt') return 'ΑΠΟΔΕΙΞΗ ΠΑΡΟΧΗΣ ΥΠΗΡΕΣΙΩΝ';
  return correctsKind === 'receipt' ? 'ΠΙΣΤΩΤΙΚΟ ΣΤΟΙΧΕΙΟ ΛΙΑΝΙΚΗΣ' : 'ΠΙΣΤΩΤΙΚΟ ΤΙΜΟΛΟΓΙΟ';
}

const ENGLISH_TITLE: Record<string, string> = {
  'ΤΙΜΟΛΟΓΙΟ ΠΑΡΟΧΗΣ ΥΠΗΡΕΣΙΩΝ': 'Invoice (services)',
  'ΑΠΟΔΕΙΞΗ ΠΑΡΟΧΗΣ ΥΠΗΡΕΣΙΩΝ': 'Receipt (services)',
  'ΠΙΣΤΩΤΙΚΟ ΤΙΜΟΛΟΓΙΟ': 'Credit note',
  'ΠΙΣΤΩΤΙΚΟ ΣΤΟΙΧΕΙΟ ΛΙΑΝΙΚΗΣ': 'Retail credit note',
};

/** "24%" or "13,5%" (basis points, Greek decimal comma). */
export function vatPercent(bp: number): string {
  const whole = Math.floor(bp / 100);
  const rest = bp % 100;
  return rest === 0 ? `${whole}%` : `${whole},${String(rest).padStart(2, '0').replace(/0$/, '')}%`;
}

/** "24/11/2026" in Athens time (the date a Greek document carries). */
export function athensDate(at: Date): string {
  return athensFormat('el', { day: '2-digit', month: '2-digit', year: 'numeric' }).format(at);
}

// ── layout ─────────────────────────────────────────────────────────────────────────────────────
const A4: [number, number] = [595.28, 841.89];
const M = 42; // margin
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.38, 0.38, 0.42);
const RULE = rgb(0.8, 0.8, 0.83);
const ROW = 15;

/** A 0 % line's rate cell: the mark that points at the note naming its legal basis. */
const ZERO_MARK = ' *';
const GAP = 10; // between two columns

// Columns of the lines table: right edges of the numeric columns, left edge of the description. The
// numeric columns are as wide as their widest cell (an amount of 9.999.999,99 € included), so no amount
// runs into its neighbour; the description takes what is left.
type Columns = { pos: number; desc: number; qty: number; rate: number; net: number; vat: number; total: number };

function columnsFor(widths: { qty: number; rate: number; net: number; vat: number; total: number }): Columns {
  const total = A4[0] - M;
  const vat = total - widths.total - GAP;
  const net = vat - widths.vat - GAP;
  const rate = net - widths.net - GAP;
  const qty = rate - widths.rate - GAP;
  return { pos: M, desc: M + 22, qty, rate, net, vat, total };
}

let fontBytes: { regular: Uint8Array; bold: Uint8Array } | null = null;
function fonts() {
  const decode = (b64: string) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
  return (fontBytes ??= { regular: decode(REGULAR_TTF_BASE64), bold: decode(BOLD_TTF_BASE64) });
}

type Ctx = { doc: PDFDocument; page: PDFPage; y: number; regular: PDFFont; bold: PDFFont; pages: PDFPage[]; col: Columns };

function text(ctx: Ctx, s: string, x: number, size = 9, font: PDFFont = ctx.regular, color = INK) {
  ctx.page.drawText(s, { x, y: ctx.y, size, font, color });
}

function right(ctx: Ctx, s: string, xRight: number, size = 9, font: PDFFont = ctx.regular) {
  text(ctx, s, xRight - font.widthOfTextAtSize(s, size), size, font);
}

/** Breaks `s` into lines no wider than `width` (words; a word longer than a line is cut). */
export function wrap(s: string, width: number, measure: (t: string) => number): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of s.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (measure(next) <= width) {
      line = next;
      continue;
    }
    if (line) out.push(line);
    let w = word;
    while (measure(w) > width && w.length > 1) {
      let cut = w.length - 1;
      while (cut > 1 && measure(w.slice(0, cut)) > width) cut--;
      out.push(w.slice(0, cut));
      w = w.slice(cut);
    }
    line = w;
  }
  if (line) out.push(line);
  return out.length ? out : [''];
}

function rule(ctx: Ctx, y = ctx.y) {
  ctx.page.drawLine({ start: { x: M, y }, end: { x: A4[0] - M, y }, thickness: 0.6, color: RULE });
}

function newPage(ctx: Ctx, heading: string) {
  ctx.page = ctx.doc.addPage(A4);
  ctx.pages.push(ctx.page);
  ctx.y = A4[1] - M;
  text(ctx, heading, M, 9, ctx.bold, MUTED);
  ctx.y -= 22;
}

const HEAD = { desc: 'Περιγραφή / Description', qty: 'Ποσ.', rate: 'ΦΠΑ %', net: 'Καθαρή αξία', vat: 'ΦΠΑ', total: 'Σύνολο' } as const;
const HEAD_SIZE = 7.5;

function tableHeader(ctx: Ctx) {
  const size = HEAD_SIZE;
  const COL = ctx.col;
  text(ctx, '#', COL.pos, size, ctx.bold, MUTED);
  text(ctx, HEAD.desc, COL.desc, size, ctx.bold, MUTED);
  right(ctx, HEAD.qty, COL.qty, size, ctx.bold);
  right(ctx, HEAD.rate, COL.rate, size, ctx.bold);
  right(ctx, HEAD.net, COL.net, size, ctx.bold);
  right(ctx, HEAD.vat, COL.vat, size, ctx.bold);
  right(ctx, HEAD.total, COL.total, size, ctx.bold);
  ctx.y -= 5;
  rule(ctx);
  ctx.y -= ROW - 2;
}

function party(ctx: Ctx, x: number, y: number, label: string, rows: string[], width: number): number {
  let at = y;
  ctx.page.drawText(label, { x, y: at, size: 7.5, font: ctx.bold, color: MUTED });
  at -= 13;
  rows.forEach((r, i) => {
    for (const part of wrap(r, width, (t) => (i === 0 ? ctx.bold : ctx.regular).widthOfTextAtSize(t, 9))) {
      ctx.page.drawText(part, { x, y: at, size: 9, font: i === 0 ? ctx.bold : ctx.regular, color: INK });
      at -= 12;
    }
  });
  return at;
}

/** The QR code as filled rectangles (decision 013: no image codec), one per run of dark modules. */
function drawQr(page: PDFPage, value: string, x: number, top: number, size: number) {
  const qr = encode(value, { ecc: 'M', border: 0 });
  const cell = size / qr.size;
  qr.data.forEach((row, r) => {
    let c = 0;
    while (c < row.length) {
      if (!row[c]) {
        c++;
        continue;
      }
      const start = c;
      while (c < row.length && row[c]) c++;
      page.drawRectangle({ x: x + start * cell, y: top - (r + 1) * cell, width: (c - start) * cell, height: cell, color: INK });
    }
  });
}

export async function renderLegalPdf(input: LegalPdfInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.registerFontkit(fontkit);
  const f = fonts();
  const regular = await doc.embedFont(f.regular, { subset: true });
  const bold = await doc.embedFont(f.bold, { subset: true });
  const title = legalTitle(input.kind, input.correctsKind);
  const number = documentNumber(input.series, input.number);
  // Fixed metadata: the same document renders to the same bytes.
  doc.setTitle(`${title} ${number}`);
  doc.setAuthor(input.seller.name);
  doc.setCreator('registrar');
  doc.setProducer('pdf-lib');
  doc.setCreationDate(input.issuedAt);
  doc.setModificationDate(input.issuedAt);
  doc.setLanguage('el-GR');

  const page = doc.addPage(A4);
  const rateText = (bp: number) => (bp === 0 ? `${vatPercent(0)}${ZERO_MARK}` : vatPercent(bp));
  const widest = (cells: string[], head: string) => Math.max(bold.widthOfTextAtSize(head, HEAD_SIZE), ...cells.map((c) => regular.widthOfTextAtSize(c, 9)));
  const col = columnsFor({
    qty: widest(input.lines.map((l) => String(l.quantity)), HEAD.qty),
    rate: widest(input.lines.map((l) => rateText(l.vatRateBp)), HEAD.rate),
    net: widest(input.lines.map((l) => formatMoney(l.netCents)), HEAD.net),
    vat: widest(input.lines.map((l) => formatMoney(l.vatCents)), HEAD.vat),
    total: widest(input.lines.map((l) => formatMoney(l.totalCents)), HEAD.total),
  });
  const ctx: Ctx = { doc, page, y: A4[1] - M, regular, bold, pages: [page], col };
  const COL = col;

  // Title and number.
  text(ctx, title, M, 15, bold);
  right(ctx, number, A4[0] - M, 15, bold);
  ctx.y -= 14;
  text(ctx, ENGLISH_TITLE[title] ?? '', M, 8, regular, MUTED);
  right(ctx, `Ημερομηνία / Date: ${athensDate(input.issuedAt)}`, A4[0] - M, 9);
  ctx.y -= 12;
  right(ctx, `Σειρά / Series: ${input.series}   Α/Α / No: ${input.number}`, A4[0] - M, 8);
  if (input.correctsNumber) {
    ctx.y -= 12;
    right(ctx, `Διορθώνει το / Corrects: ${input.correctsNumber}`, A4[0] - M, 8);
  }
  if (input.paymentMethod) {
    ctx.y -= 12;
    right(ctx, `Τρόπος πληρωμής / Payment: ${PAYMENT_METHOD[input.paymentMethod]}`, A4[0] - M, 8);
  }
  ctx.y -= 24;

  // Seller and buyer side by side.
  const s = input.seller;
  const seller = [s.name, `ΑΦΜ / VAT No: ${s.vatNumber}`, `ΔΟΥ / Tax office: ${s.taxOffice}`, ...(s.gemi ? [`ΓΕΜΗ / GEMI No: ${s.gemi}`] : []), s.address, `${s.postcode} ${s.city}`, 'Ελλάδα / Greece (GR)'];
  const b = input.buyer;
  const place = [b.postcode, b.city].filter(Boolean).join(' ');
  const buyer = [
    b.name ?? '',
    ...(b.vatNumber ? [`ΑΦΜ / VAT No: ${b.vatNumber}`] : []),
    ...(b.taxOffice ? [`ΔΟΥ / Tax office: ${b.taxOffice}`] : []),
    ...(b.profession ? [`Επάγγελμα / Profession: ${b.profession}`] : []),
    ...(b.address ? [b.address] : []),
    ...(place ? [place] : []),
    ...(b.country ? [`Χώρα / Country: ${b.country}`] : []),
  ];
  const half = (A4[0] - 2 * M - 20) / 2;
  const yA = party(ctx, M, ctx.y, 'ΕΚΔΟΤΗΣ / ISSUER', seller, half);
  const yB = party(ctx, M + half + 20, ctx.y, 'ΛΗΠΤΗΣ / BUYER', buyer, half);
  ctx.y = Math.min(yA, yB) - 14;

  // The lines, continued on further pages.
  const continued = `${title} ${number} — συνέχεια / continued`;
  tableHeader(ctx);
  const descWidth = COL.qty - regular.widthOfTextAtSize('0000', 9) - GAP - COL.desc;
  for (const line of input.lines) {
    const period = line.period ? [`Περίοδος / Period: ${athensDate(line.period.from)} – ${athensDate(line.period.to)}`] : [];
    const parts = [...wrap(line.description, descWidth, (t) => regular.widthOfTextAtSize(t, 9)), ...period];
    if (ctx.y - (parts.length - 1) * 11 < M + 30) {
      newPage(ctx, continued);
      tableHeader(ctx);
    }
    text(ctx, String(line.position), COL.pos, 9, regular, MUTED);
    right(ctx, String(line.quantity), COL.qty);
    right(ctx, rateText(line.vatRateBp), COL.rate);
    right(ctx, formatMoney(line.netCents), COL.net);
    right(ctx, formatMoney(line.vatCents), COL.vat);
    right(ctx, formatMoney(line.totalCents), COL.total);
    parts.forEach((p, i) => {
      if (i > 0) ctx.y -= 11;
      text(ctx, p, COL.desc);
    });
    ctx.y -= ROW;
  }
  rule(ctx, ctx.y + ROW - 4);

  // VAT per rate on the left, totals on the right, each column as wide as its widest amount; the note
  // naming the legal basis of 0 % lines under them; then the myDATA block. Otherwise a new page.
  const rates = vatByRate(input.lines);
  const zeroRated = input.lines.some((l) => l.vatRateBp === 0) || Boolean(input.buyer.vatWaived);
  const basis = zeroRated ? zeroVatBasis(input.buyer) : null;
  const noteWidth = A4[0] - 2 * M;
  const noteLines = basis ? [...wrap(`* ${basis.el}`, noteWidth, (t) => regular.widthOfTextAtSize(t, 8.5)), ...wrap(basis.en, noteWidth, (t) => regular.widthOfTextAtSize(t, 8.5))] : [];

  const money9 = (cents: number) => regular.widthOfTextAtSize(formatMoney(cents), 9);
  const rateCol = Math.max(regular.widthOfTextAtSize('Συντελεστής', 8), ...rates.map((r) => regular.widthOfTextAtSize(vatPercent(r.vatRateBp), 9)));
  const netCol = Math.max(regular.widthOfTextAtSize('Καθαρή αξία', 8), ...rates.map((r) => money9(r.netCents)));
  const vatCol = Math.max(regular.widthOfTextAtSize('ΦΠΑ', 8), ...rates.map((r) => money9(r.vatCents)));
  const rateNetRight = M + rateCol + GAP + netCol;
  const rateVatRight = rateNetRight + GAP + vatCol;

  const totals: [string, number, boolean][] = [
    ['Καθαρή αξία / Net', input.netCents, false],
    ['ΦΠΑ / VAT', input.vatCents, false],
    [input.kind === 'credit' ? 'Σύνολο πίστωσης / Total credited' : 'Σύνολο πληρωμής / Total', input.totalCents, true],
  ];
  const fontOf = (strong: boolean) => (strong ? bold : regular);
  const sizeOf = (strong: boolean) => (strong ? 10 : 9);
  const labelWidth = Math.max(...totals.map(([l, , strong]) => fontOf(strong).widthOfTextAtSize(l, sizeOf(strong))));
  const amountWidth = Math.max(...totals.map(([, c, strong]) => fontOf(strong).widthOfTextAtSize(formatMoney(c), sizeOf(strong))));
  // The labels start at 320 pt when label and amount fit there, further left when they do not, and
  // the amounts go on their own lines under the labels when even that would reach the VAT table.
  const totalsLeftLimit = rateVatRight + 2 * GAP;
  const labelX = Math.min(320, A4[0] - M - amountWidth - GAP - labelWidth);
  const stacked = labelX < totalsLeftLimit;
  const totalsX = stacked ? Math.max(totalsLeftLimit, A4[0] - M - Math.max(labelWidth, amountWidth)) : labelX;

  const need = 90 + Math.max(rates.length * 13, stacked ? 70 : 45) + noteLines.length * 11 + (input.mydata ? 110 : 0);
  if (ctx.y - need < M) newPage(ctx, continued);
  ctx.y -= 10;
  const vatTop = ctx.y;
  text(ctx, 'ΑΝΑΛΥΣΗ ΦΠΑ / VAT BY RATE', M, 7.5, bold, MUTED);
  ctx.y -= 13;
  text(ctx, 'Συντελεστής', M, 8, regular, MUTED);
  right(ctx, 'Καθαρή αξία', rateNetRight, 8);
  right(ctx, 'ΦΠΑ', rateVatRight, 8);
  ctx.y -= 13;
  for (const r of rates) {
    text(ctx, vatPercent(r.vatRateBp), M, 9);
    right(ctx, formatMoney(r.netCents), rateNetRight);
    right(ctx, formatMoney(r.vatCents), rateVatRight);
    ctx.y -= 13;
  }
  const afterRates = ctx.y;

  // Totals, on the right.
  ctx.y = vatTop;
  for (const [label, cents, strong] of totals) {
    text(ctx, label, totalsX, sizeOf(strong), fontOf(strong));
    if (stacked) ctx.y -= strong ? 13 : 11;
    right(ctx, formatMoney(cents), A4[0] - M, sizeOf(strong), fontOf(strong));
    ctx.y -= strong ? 16 : 13;
  }
  ctx.y = Math.min(ctx.y, afterRates) - 8;

  if (noteLines.length) {
    for (const p of noteLines) {
      text(ctx, p, M, 8.5);
      ctx.y -= 11;
    }
    ctx.y -= 6;
  }

  if (input.mydata) {
    rule(ctx, ctx.y + 4);
    ctx.y -= 12;
    const top = ctx.y + 8;
    text(ctx, 'ΔΙΑΒΙΒΑΣΗ ΣΤΗΝ ΑΑΔΕ (myDATA)', M, 7.5, bold, MUTED);
    ctx.y -= 14;
    text(ctx, `ΜΑΡΚ / MARK: ${input.mydata.mark}`, M, 9, bold);
    ctx.y -= 12;
    if (input.mydata.uid) {
      text(ctx, `UID: ${input.mydata.uid}`, M, 7.5, regular, MUTED);
      ctx.y -= 12;
    }
    if (input.mydata.qrUrl) {
      drawQr(ctx.page, input.mydata.qrUrl, A4[0] - M - 84, top, 84);
      for (const p of wrap(input.mydata.qrUrl, 300, (t) => regular.widthOfTextAtSize(t, 7))) {
        text(ctx, p, M, 7, regular, MUTED);
        ctx.y -= 9;
      }
    }
  }

  // Page numbers on every page once the count is known.
  ctx.pages.forEach((p, i) => {
    const label = `Σελίδα / Page ${i + 1} / ${ctx.pages.length}`;
    p.drawText(label, { x: A4[0] - M - regular.widthOfTextAtSize(label, 7), y: M - 20, size: 7, font: regular, color: MUTED });
    p.drawText(`${input.seller.name} — ΑΦΜ ${input.seller.vatNumber}`, { x: M, y: M - 20, size: 7, font: regular, color: MUTED });
  });

  return doc.save({ useObjectStreams: false });
}
