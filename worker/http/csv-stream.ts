// A streamed CSV download (issue #22 §1: exports are streamed, not built in memory). The caller gives
// a page reader (keyset pagination: the last row's key in, the next rows out); each page is read only
// when the client has taken the previous one, so 100,000 rows never sit in memory at once and a
// client that goes away stops the reading.
import { CSV_BOM, csvLine, type CsvCell } from '../../core/staff/csv';

export type CsvPage<K> = { rows: CsvCell[][]; next: K | null };

export function csvResponse<K>(filename: string, header: readonly string[], readPage: (after: K | null) => Promise<CsvPage<K>>): Response {
  const encoder = new TextEncoder();
  let cursor: K | null = null;
  let started = false;
  let done = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(CSV_BOM + csvLine(header)));
        return;
      }
      if (done) {
        controller.close();
        return;
      }
      const page = await readPage(cursor);
      if (page.rows.length > 0) controller.enqueue(encoder.encode(page.rows.map(csvLine).join('')));
      if (page.next === null) done = true;
      cursor = page.next;
    },
  });
  const safeName = filename.replace(/[^A-Za-z0-9._-]/g, '_');
  return new Response(body, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${safeName}"`,
      'Cache-Control': 'no-store',
    },
  });
}
