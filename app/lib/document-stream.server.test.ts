import { describe, expect, it } from 'vitest';
import { closeDocumentLast } from './document-stream.server';

const enc = new TextEncoder();

async function run(chunks: string[]): Promise<string[]> {
  const out: string[] = [];
  const dec = new TextDecoder();
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      for (const s of chunks) c.enqueue(enc.encode(s));
      c.close();
    },
  }).pipeThrough(closeDocumentLast());
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) out.push(dec.decode(chunk));
  return out;
}

describe('closeDocumentLast', () => {
  it('moves the closing tags after the scripts React streams after </html>', async () => {
    const html = (await run(['<!DOCTYPE html><html><body><p>x</p></body></html><!--$--><script>a()</script><!--/$-->', '<script>b()</script>'])).join('');
    expect(html).toBe('<!DOCTYPE html><html><body><p>x</p><!--$--><script>a()</script><!--/$--><script>b()</script></body></html>');
  });

  it('finds the closing tags split between chunks', async () => {
    const html = (await run(['<html><body>x</bo', 'dy></h', 'tml><script>late()</script>'])).join('');
    expect(html).toBe('<html><body>x<script>late()</script></body></html>');
  });

  it('keeps streaming: a chunk goes on at once unless it may end in the closing tags', async () => {
    const out = await run(['<html><body>first', '<p>', 'second</body></html>', '<script>s()</script>']);
    expect(out[0]).toBe('<html><body>first');
    expect(out.at(-1)).toBe('</body></html>');
  });

  it('leaves a document without the closing tags as it is', async () => {
    expect((await run(['<p>a</p', '>'])).join('')).toBe('<p>a</p>');
  });
});
