// RFC 5734 §4 framing: every EPP message on the TCP/TLS stream is preceded by a 32-bit big-endian
// total length that counts the 4 header bytes too. TCP keeps no message boundaries, so a read may
// hold half a frame, several frames, or a header split in two: the decoder buffers until whole.

const HEADER_BYTES = 4;
/** EPP answers are a few KB (a 50-name check is the largest we ask for); a bigger length means the
 *  stream is not EPP or is corrupt, and buffering it would only exhaust the Worker's memory. */
export const MAX_FRAME_BYTES = 1024 * 1024;

export class FrameError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FrameError';
  }
}

export function encodeFrame(xml: string): Uint8Array {
  const payload = new TextEncoder().encode(xml);
  const frame = new Uint8Array(HEADER_BYTES + payload.byteLength);
  new DataView(frame.buffer).setUint32(0, frame.byteLength, false);
  frame.set(payload, HEADER_BYTES);
  return frame;
}

/** Incremental decoder: push whatever the socket delivered, get back the frames now complete. */
export class FrameDecoder {
  private buffer = new Uint8Array(0);

  push(chunk: Uint8Array): string[] {
    if (chunk.byteLength) {
      const joined = new Uint8Array(this.buffer.byteLength + chunk.byteLength);
      joined.set(this.buffer, 0);
      joined.set(chunk, this.buffer.byteLength);
      this.buffer = joined;
    }
    const frames: string[] = [];
    for (;;) {
      if (this.buffer.byteLength < HEADER_BYTES) break;
      const total = new DataView(this.buffer.buffer, this.buffer.byteOffset, HEADER_BYTES).getUint32(0, false);
      if (total < HEADER_BYTES || total > MAX_FRAME_BYTES) throw new FrameError(`bad EPP frame length ${total}`);
      if (this.buffer.byteLength < total) break;
      // fatal: an EPP message is UTF-8 XML (RFC 5730 §2.4); anything else is not worth guessing at.
      frames.push(new TextDecoder('utf-8', { fatal: true }).decode(this.buffer.subarray(HEADER_BYTES, total)));
      this.buffer = this.buffer.slice(total);
    }
    return frames;
  }

  /** Bytes of an incomplete frame still waiting: non-zero when the peer closes mid-message. */
  get pending(): number {
    return this.buffer.byteLength;
  }
}
