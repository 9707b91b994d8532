// Keeps Remix's streamed scripts inside the document (decision 027).
//
// With single fetch, <RemixServer> renders the loader-data stream (<StreamTransfer>: inline scripts in a
// Suspense boundary) as a sibling AFTER the root <html> element, so React 18 writes
// `…</body></html><!--$--><script>…</script><!--/$-->`. Browsers move those scripts into <body>
// anyway (the "after after body" parse error), but the document is invalid HTML. This transform
// holds back the first `</body></html>` React writes and emits it after the last chunk: every
// script, boundary and late Suspense segment lands inside <body>, in the same order and at the same
// time as before (only those 14 bytes wait), so streaming and the CSP nonces are untouched.
const CLOSE = new TextEncoder().encode('</body></html>');

/** Index of `needle` in `haystack`, or -1. */
function indexOf(haystack: Uint8Array, needle: Uint8Array): number {
  const first = needle[0]!;
  const last = haystack.length - needle.length;
  outer: for (let i = haystack.indexOf(first); i !== -1 && i <= last; i = haystack.indexOf(first, i + 1)) {
    for (let j = 1; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (a.length === 0) return b;
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

/** Length of the longest end of `bytes` that is a start of CLOSE (a match split between chunks). */
function partialAtEnd(bytes: Uint8Array): number {
  for (let n = Math.min(bytes.length, CLOSE.length - 1); n > 0; n--) {
    let match = true;
    for (let j = 0; j < n && match; j++) match = bytes[bytes.length - n + j] === CLOSE[j];
    if (match) return n;
  }
  return 0;
}

/** A stream of the same HTML with the document's closing `</body></html>` moved to the very end. */
export function closeDocumentLast(): TransformStream<Uint8Array, Uint8Array> {
  let found = false;
  // Bytes at the end of the previous chunk that could be the start of a split `</body></html>`.
  let carry = new Uint8Array(0);
  return new TransformStream({
    transform(chunk, controller) {
      if (found) {
        controller.enqueue(chunk);
        return;
      }
      const bytes = concat(carry, chunk);
      const at = indexOf(bytes, CLOSE);
      if (at !== -1) {
        found = true;
        carry = new Uint8Array(0);
        const before = bytes.subarray(0, at);
        const after = bytes.subarray(at + CLOSE.length);
        if (before.length + after.length > 0) controller.enqueue(concat(before, after));
        return;
      }
      // No match: everything but a partial `</body></html>` at the very end can go now.
      const send = bytes.length - partialAtEnd(bytes);
      if (send > 0) controller.enqueue(bytes.slice(0, send));
      carry = bytes.slice(send);
    },
    flush(controller) {
      if (carry.length > 0) controller.enqueue(carry);
      if (found) controller.enqueue(CLOSE);
    },
  });
}
