// The headers of a file handed out from R2 (a mail's attachment, issue #33 §3): the type it was sent
// with, never sniffed as another (a text attachment must not run as HTML on our origin), never cached,
// and a name the browser can save (ASCII fallback plus RFC 5987's UTF-8 form for Greek names). Inline
// lets a PDF open in the browser; anything but a PDF or an image is offered as a download instead.
// (The entry adds the Worker's CSP for non-HTML answers, default-src 'none': nothing in it may run.)
const INLINE_TYPES = /^(application\/pdf|image\/(png|jpeg|gif|webp))$/i;

export function attachmentHeaders(file: { filename: string; contentType: string; size?: number }, want: 'inline' | 'attachment'): Headers {
  const ascii = file.filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const disposition = want === 'inline' && INLINE_TYPES.test(file.contentType) ? 'inline' : 'attachment';
  const h = new Headers({
    'Content-Type': file.contentType || 'application/octet-stream',
    'Content-Disposition': `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
    'Cache-Control': 'private, no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  if (file.size !== undefined) h.set('Content-Length', String(file.size));
  return h;
}
