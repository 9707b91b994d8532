// A ZIP written straight into R2 while it is made (decision 076): fflate's streaming Zip hands out the
// archive's bytes as they are produced; they are cut into equal parts for an R2 multipart upload (R2
// wants every part but the last of one size, at least 5 MiB), so the isolate holds at most a part and
// the page being written, whatever the customer's size. A small archive is one plain put.
// 'fflate/browser': the package's node entry reaches for worker_threads, which workerd lacks.
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate/browser';

export const PART_BYTES = 5 * 1024 * 1024;
const encoder = new TextEncoder();

export type ZipSinkStats = { bytes: number; parts: number; peakBufferedBytes: number; files: number };

export function createZipSink(bucket: R2Bucket, key: string, opts: { mtime: Date; partBytes?: number }) {
  const partBytes = opts.partBytes ?? PART_BYTES;
  let buffered: Uint8Array[] = [];
  let bufferedBytes = 0;
  let upload: R2MultipartUpload | null = null;
  const parts: R2UploadedPart[] = [];
  const stats: ZipSinkStats = { bytes: 0, parts: 0, peakBufferedBytes: 0, files: 0 };
  let failure: Error | null = null;

  const zip = new Zip((err, chunk) => {
    if (err) failure = err;
    else if (chunk.length) {
      buffered.push(chunk);
      bufferedBytes += chunk.length;
      stats.bytes += chunk.length;
      stats.peakBufferedBytes = Math.max(stats.peakBufferedBytes, bufferedBytes);
    }
  });

  /** The first `n` buffered bytes as one array (the rest stays buffered). */
  function take(n: number): Uint8Array {
    const out = new Uint8Array(n);
    let at = 0;
    while (at < n) {
      const head = buffered[0]!;
      const need = n - at;
      if (head.length <= need) {
        out.set(head, at);
        at += head.length;
        buffered.shift();
      } else {
        out.set(head.subarray(0, need), at);
        buffered[0] = head.subarray(need);
        at = n;
      }
    }
    bufferedBytes -= n;
    return out;
  }

  /** Uploads every whole part that is buffered: called between pages, so memory stays bounded. */
  async function drain(): Promise<void> {
    if (failure) throw failure;
    while (bufferedBytes >= partBytes) {
      upload ??= await bucket.createMultipartUpload(key, { httpMetadata: { contentType: 'application/zip' } });
      parts.push(await upload.uploadPart(parts.length + 1, take(partBytes)));
      stats.parts = parts.length;
    }
  }

  function deflated(name: string) {
    const file = new ZipDeflate(name, { level: 6 });
    file.mtime = opts.mtime;
    zip.add(file);
    stats.files++;
    return file;
  }

  return {
    stats,
    /** A whole small file (README, manifest, one object). */
    async text(name: string, text: string): Promise<void> {
      deflated(name).push(encoder.encode(text), true);
      await drain();
    },
    /** A JSON array written a page at a time: `write` each row, `flush` after each page, `end` once. */
    jsonArray(name: string) {
      const file = deflated(name);
      let first = true;
      let pending = '[';
      return {
        write(row: unknown) {
          pending += `${first ? '' : ','}\n  ${JSON.stringify(row)}`;
          first = false;
        },
        async flush() {
          if (pending) file.push(encoder.encode(pending), false);
          pending = '';
          await drain();
        },
        async end() {
          file.push(encoder.encode(`${pending}${first ? ']' : '\n]'}\n`), true);
          pending = '';
          await drain();
        },
      };
    },
    /** A file copied as it is read (PDFs: already compressed, so stored, not deflated). */
    async stream(name: string, body: ReadableStream<Uint8Array>): Promise<number> {
      const file = new ZipPassThrough(name);
      file.mtime = opts.mtime;
      zip.add(file);
      stats.files++;
      let size = 0;
      const reader = body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        size += value.length;
        file.push(value, false);
        await drain();
      }
      file.push(new Uint8Array(0), true);
      await drain();
      return size;
    },
    /** Ends the ZIP and completes the upload; returns its size. */
    async finish(): Promise<number> {
      zip.end();
      if (failure) throw failure;
      if (!upload) {
        const all = take(bufferedBytes);
        await bucket.put(key, all, { httpMetadata: { contentType: 'application/zip' } });
      } else {
        await drain();
        if (bufferedBytes > 0) parts.push(await upload.uploadPart(parts.length + 1, take(bufferedBytes)));
        stats.parts = parts.length;
        await upload.complete(parts);
      }
      buffered = [];
      return stats.bytes;
    },
    /** Gives up: an unfinished multipart upload leaves no object behind. */
    async abort(): Promise<void> {
      zip.terminate();
      buffered = [];
      if (upload) await upload.abort().catch(() => undefined);
    },
  };
}

export type ZipSink = ReturnType<typeof createZipSink>;
