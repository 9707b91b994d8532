// Where each piece of text of a rendered PDF sits (tests only): reads the page content streams the way
// a viewer lays them out — the font and size of `Tf`, the origin of `Tm`/`Td`, and each glyph's advance
// from the embedded font's /W widths (its /DW otherwise) — and gives one box per text-showing operator,
// from the font's descent to its ascent. Two boxes that intersect are text printed over text, which is
// what a reader sees as an unreadable total. Pure pdf-lib: runs in workerd and Node, no poppler needed.
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream, PDFRef, type PDFObject } from 'pdf-lib';
import { pdfText } from './pdf-text';

export type TextBox = { page: number; text: string; x0: number; y0: number; x1: number; y1: number };

type FontMetrics = { widths: Map<number, number>; defaultWidth: number; ascent: number; descent: number; toUnicode: Map<string, string> };

const latin1 = (b: Uint8Array) => Array.from(b, (c) => String.fromCharCode(c)).join('');
const num = (o: PDFObject | undefined, fallback: number) => (o instanceof PDFNumber ? o.asNumber() : fallback);

function cmapOf(src: string): Map<string, string> {
  const map = new Map<string, string>();
  const hexToText = (hex: string) => {
    let out = '';
    for (let i = 0; i + 3 < hex.length; i += 4) out += String.fromCharCode(parseInt(hex.slice(i, i + 4), 16));
    return out;
  };
  for (const block of src.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const m of block[1]!.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) map.set(m[1]!.toUpperCase(), hexToText(m[2]!));
  }
  for (const block of src.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const m of block[1]!.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) {
      const lo = parseInt(m[1]!, 16);
      const hi = parseInt(m[2]!, 16);
      const base = parseInt(m[3]!, 16);
      for (let c = lo; c <= hi; c++) map.set(c.toString(16).toUpperCase().padStart(m[1]!.length, '0'), String.fromCodePoint(base + c - lo));
    }
  }
  return map;
}

/** Every text run of every page with its box in PDF points (origin bottom left). */
export async function pdfTextBoxes(bytes: Uint8Array | ArrayBuffer): Promise<TextBox[]> {
  const pdf = await PDFDocument.load(bytes);
  const lookup = <T extends PDFObject>(o: PDFObject | undefined): T | undefined => (o instanceof PDFRef ? (pdf.context.lookup(o) as T) : (o as T));
  const bytesOf = (o: PDFObject | undefined) => (o instanceof PDFRawStream ? decodePDFRawStream(o).decode() : new Uint8Array());
  const out: TextBox[] = [];
  for (const [pageIndex, page] of pdf.getPages().entries()) {
    const fonts = new Map<string, FontMetrics>();
    const resources = lookup<PDFDict>(page.node.get(PDFName.of('Resources')));
    const fontDict = lookup<PDFDict>(resources?.get(PDFName.of('Font')));
    for (const [name, ref] of fontDict?.entries() ?? []) {
      const font = lookup<PDFDict>(ref);
      const descendant = lookup<PDFDict>(lookup<PDFArray>(font?.get(PDFName.of('DescendantFonts')))?.get(0));
      const descriptor = lookup<PDFDict>(descendant?.get(PDFName.of('FontDescriptor')));
      const widths = new Map<number, number>();
      const w = lookup<PDFArray>(descendant?.get(PDFName.of('W')))?.asArray() ?? [];
      // /W: "c [w1 w2 …]" (consecutive codes from c) or "c1 c2 w" (one width for a range).
      for (let i = 0; i < w.length; ) {
        const first = num(w[i], 0);
        const next = lookup(w[i + 1]);
        if (next instanceof PDFArray) {
          next.asArray().forEach((x, k) => widths.set(first + k, num(lookup(x), 0)));
          i += 2;
        } else {
          const last = num(next, first);
          const width = num(lookup(w[i + 2]), 0);
          for (let c = first; c <= last; c++) widths.set(c, width);
          i += 3;
        }
      }
      fonts.set(name.asString(), {
        widths,
        defaultWidth: num(lookup(descendant?.get(PDFName.of('DW'))), 1000),
        ascent: num(lookup(descriptor?.get(PDFName.of('Ascent'))), 800),
        descent: num(lookup(descriptor?.get(PDFName.of('Descent'))), -200),
        toUnicode: cmapOf(latin1(bytesOf(lookup(font?.get(PDFName.of('ToUnicode')))))),
      });
    }
    const contents = lookup(page.node.get(PDFName.of('Contents')));
    const streams = contents instanceof PDFArray ? contents.asArray().map((r) => lookup(r)) : [contents];
    const src = streams.map((s) => latin1(bytesOf(s))).join('\n');
    let font: FontMetrics | undefined;
    let size = 0;
    let x = 0;
    let y = 0;
    const ops = /(\/[^\s/]+)\s+([\d.]+)\s+Tf|([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s+Tm|([-\d.]+)\s+([-\d.]+)\s+Td|<([0-9A-Fa-f]*)>\s*Tj|\bBT\b/g;
    for (const m of src.matchAll(ops)) {
      if (m[1]) {
        font = fonts.get(m[1]);
        size = Number(m[2]);
      } else if (m[3] !== undefined) {
        x = Number(m[7]);
        y = Number(m[8]);
      } else if (m[9] !== undefined) {
        x += Number(m[9]);
        y += Number(m[10]);
      } else if (m[11] !== undefined && font) {
        const hex = m[11];
        let advance = 0;
        let text = '';
        for (let i = 0; i + 3 < hex.length; i += 4) {
          const code = hex.slice(i, i + 4).toUpperCase();
          advance += font.widths.get(parseInt(code, 16)) ?? font.defaultWidth;
          text += font.toUnicode.get(code) ?? '';
        }
        out.push({ page: pageIndex + 1, text: text.replace(/\u00a0/g, ' '), x0: x, x1: x + (advance * size) / 1000, y0: y + (font.descent * size) / 1000, y1: y + (font.ascent * size) / 1000 });
      } else if (m[0] === 'BT') {
        x = 0;
        y = 0;
      }
    }
  }
  return out;
}

/** Pairs of runs on one page whose boxes intersect by more than `tolerance` points both ways. */
export function overlappingText(boxes: readonly TextBox[], tolerance = 0.5): [TextBox, TextBox][] {
  const found: [TextBox, TextBox][] = [];
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i]!;
      const b = boxes[j]!;
      if (a.page !== b.page || !a.text.trim() || !b.text.trim()) continue;
      const dx = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
      const dy = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
      if (dx > tolerance && dy > tolerance) found.push([a, b]);
    }
  }
  return found;
}

/** Runs that leave the page (printed outside its media box, e.g. a total pushed past the margin). */
export async function textOffPage(bytes: Uint8Array | ArrayBuffer, boxes: readonly TextBox[]): Promise<TextBox[]> {
  const pdf = await PDFDocument.load(bytes);
  return boxes.filter((b) => {
    const { width, height } = pdf.getPages()[b.page - 1]!.getSize();
    return b.x0 < 0 || b.y0 < 0 || b.x1 > width || b.y1 > height;
  });
}

/** The same text as pdfText, for a test that checks what it read (re-exported for one import). */
export { pdfText };
