import { describe, expect, it } from 'vitest';
import { encodeFrame, FrameDecoder, FrameError } from './frame';

const concat = (parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out;
};

describe('EPP framing (RFC 5734 §4)', () => {
  it('prefixes the UTF-8 payload with its total length, header included, big-endian', () => {
    const frame = encodeFrame('<a>ελ</a>');
    // 7 ASCII bytes + 2 two-byte Greek letters + 4 header bytes
    expect(Array.from(frame.subarray(0, 4))).toEqual([0, 0, 0, 15]);
    expect(new TextDecoder().decode(frame.subarray(4))).toBe('<a>ελ</a>');
  });

  it('reassembles frames split in odd chunks, inside the header and inside a multi-byte letter', () => {
    const messages = ['<one/>', '<two>ελληνικά.gr</two>', '<three/>'];
    const stream = concat(messages.map(encodeFrame));
    for (const size of [1, 2, 3, 5, 7, 13]) {
      const decoder = new FrameDecoder();
      const out: string[] = [];
      for (let at = 0; at < stream.byteLength; at += size) out.push(...decoder.push(stream.slice(at, at + size)));
      expect(out).toEqual(messages);
      expect(decoder.pending).toBe(0);
    }
  });

  it('returns every frame of a chunk that holds several, and keeps the start of the next', () => {
    const decoder = new FrameDecoder();
    const third = encodeFrame('<c/>');
    expect(decoder.push(concat([encodeFrame('<a/>'), encodeFrame('<b/>'), third.subarray(0, 6)]))).toEqual(['<a/>', '<b/>']);
    expect(decoder.pending).toBe(6);
    expect(decoder.push(third.subarray(6))).toEqual(['<c/>']);
  });

  it('refuses a length that is not EPP (shorter than the header, or huge)', () => {
    expect(() => new FrameDecoder().push(new Uint8Array([0, 0, 0, 3]))).toThrow(FrameError);
    expect(() => new FrameDecoder().push(new Uint8Array([0x7f, 0, 0, 0]))).toThrow(FrameError);
  });
});
