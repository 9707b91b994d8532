// A streamed CSV download (issue #22 §1: exports are streamed, not built in memory). The caller gives
// a page reader (keyset pagination: the last row's key in, the next rows out); a page is written only
// when the client has taken what was written before (at most one page waits), so 100,000 rows never
// sit in memory at once, and a client that goes away ends the loop (the write fails).
import { CSV_BOM, csvLine, type CsvCell } from '../../core/staff/csv';

export type CsvPage<K> = { rows: CsvCell[][]; next: K | null };

export function csvResponse<K>(filename: string, header: readonly string[], readPage: (after: K | null) => Promise<CsvPage<K>>): Response {
  const encoder = new TextEncoder();
  // A writer that waits for the reader (writer.ready) between pages: a pull-based ReadableStream
  // source hung when its first D1 read came after the Remix handler had returned (worker tests:
  // "the Workers runtime canceled this request … hung"); a TransformStream fed by a loop does not.
  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>(undefined, undefined, { highWaterMark: 1 });
  const writer = writable.getWriter();
  const pump = async () => {
    try {
      await writer.write(encoder.encode(CSV_BOM + csvLine(header)));
      let cursor: K | null = null;
      for (;;) {
        const page: CsvPage<K> = await readPage(cursor);
        await writer.ready;
        if (page.rows.length > 0) await writer.write(encoder.encode(page.rows.map(csvLine).join('')));
        if (page.next === null) break;
        cursor = page.next;
      }
      await writer.close();
    } catch (e) {
      // A client that went away, or a failed read: the download ends short rather than hanging.
      await writer.abort(e).catch(() => undefined);
    }
  };
  void pump();
  const body = readable;
  const safeName = filename.replace(/[^A-Za-z0-9._-]/g, '_');
  return new Response(body, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${safeName}"`,
      'Cache-Control': 'no-store',
    },
  });
}
