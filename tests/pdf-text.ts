// A small text extractor for the PDFs this project renders (tests only): decompresses each page's
// content streams and maps the glyph codes of every Tj/TJ back to text through the fonts' ToUnicode
// maps — what a reader's copy-paste or a screen reader gets. Runs in Node (Playwright) and workerd.
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFRef, type PDFObject } from 'pdf-lib';

function bytesOf(stream: PDFObject | undefined): Uint8Array {
  if (stream instanceof PDFRawStream) return decodePDFRawStream(stream).decode();
  return new Uint8Array();
}

const latin1 = (b: Uint8Array) => Array.from(b, (c) => String.fromCharCode(c)).join('');

function hexToText(hex: string): string {
  let out = '';
  for (let i = 0; i + 3 < hex.length; i += 4) out += String.fromCharCode(parseInt(hex.slice(i, i + 4), 16));
  return out;
}

/** ToUnicode CMap → glyph code (hex, upper case) → text. */
function parseCMap(src: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const block of src.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const m of block[1]!.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) map.set(m[1]!.toUpperCase(), hexToText(m[2]!));
  }
  for (const block of src.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const m of block[1]!.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*(<[0-9A-Fa-f]+>|\[[^\]]*\])/g)) {
      const lo = parseInt(m[1]!, 16);
      const hi = parseInt(m[2]!, 16);
      const width = m[1]!.length;
      const dst = m[3]!;
      if (dst.startsWith('[')) {
        const items = [...dst.matchAll(/<([0-9A-Fa-f]+)>/g)].map((x) => hexToText(x[1]!));
        for (let c = lo; c <= hi; c++) map.set(c.toString(16).toUpperCase().padStart(width, '0'), items[c - lo] ?? '');
      } else {
        const base = parseInt(dst.slice(1, -1), 16);
        for (let c = lo; c <= hi; c++) map.set(c.toString(16).toUpperCase().padStart(width, '0'), String.fromCodePoint(base + c - lo));
      }
    }
  }
  return map;
}

/** Every page's text, one line per text-showing operator, NBSP as a plain space. */
export async function pdfText(bytes: Uint8Array | ArrayBuffer): Promise<string> {
  const pdf = await PDFDocument.load(bytes);
  const lookup = <T extends PDFObject>(o: PDFObject | undefined): T | undefined => (o instanceof PDFRef ? (pdf.context.lookup(o) as T) : (o as T));
  const out: string[] = [];
  for (const page of pdf.getPages()) {
    const fonts = new Map<string, Map<string, string>>();
    const resources = lookup<PDFDict>(page.node.get(PDFName.of('Resources')));
    const fontDict = lookup<PDFDict>(resources?.get(PDFName.of('Font')));
    for (const [name, ref] of fontDict?.entries() ?? []) {
      const font = lookup<PDFDict>(ref);
      const toUnicode = lookup(font?.get(PDFName.of('ToUnicode')));
      fonts.set(name.asString(), parseCMap(latin1(bytesOf(toUnicode))));
    }
    const contents = lookup(page.node.get(PDFName.of('Contents')));
    const streams = contents instanceof PDFArray ? contents.asArray().map((r) => lookup(r)) : [contents];
    const src = streams.map((s) => latin1(bytesOf(s))).join('\n');
    let cmap = new Map<string, string>();
    for (const m of src.matchAll(/(\/[^\s/]+)\s+[\d.]+\s+Tf|<([0-9A-Fa-f]*)>\s*Tj|\[([^\]]*)\]\s*TJ/g)) {
      if (m[1]) {
        cmap = fonts.get(m[1]) ?? new Map();
        continue;
      }
      const hexes = m[2] !== undefined ? [m[2]] : [...m[3]!.matchAll(/<([0-9A-Fa-f]*)>/g)].map((x) => x[1]!);
      let line = '';
      for (const hex of hexes) for (let i = 0; i + 3 < hex.length; i += 4) line += cmap.get(hex.slice(i, i + 4).toUpperCase()) ?? '';
      out.push(line.replace(/\u00a0/g, ' '));
    }
  }
  return out.join('\n');
}
