import { describe, expect, it } from 'vitest';
import { WhoisError } from './port';
import { createPort43Whois, MAX_ANSWER_BYTES, queryPort43, type SocketConnect, type SocketLike } from './port43';

// Compile-time only (erased in Node): the Worker's own connect() must fit the injected type.
type CloudflareConnect = typeof import('cloudflare:sockets').connect;
const fitsPort: (c: CloudflareConnect) => SocketConnect = (c) => c;
void fitsPort;

type FakeServer = {
  /** Chunks the server sends before closing; strings are UTF-8 encoded. */
  answer?: (string | Uint8Array)[];
  /** Never close (a server that hangs). */
  hang?: boolean;
  failConnect?: Error;
  failRead?: Error;
};

function fakeConnect(server: FakeServer) {
  const seen: { hostname: string; port: number; sent: string; closed: boolean }[] = [];
  const connect: SocketConnect = ({ hostname, port }) => {
    if (server.failConnect) throw server.failConnect;
    const entry = { hostname, port, sent: '', closed: false };
    seen.push(entry);
    const encoder = new TextEncoder();
    const chunks = (server.answer ?? []).map((c) => (typeof c === 'string' ? encoder.encode(c) : c));
    let cancel: (reason: unknown) => void = () => undefined;
    const readable = new ReadableStream<Uint8Array>({
      start(controller) {
        cancel = (reason) => controller.error(reason);
        if (server.failRead) {
          controller.error(server.failRead);
          return;
        }
        for (const chunk of chunks) controller.enqueue(chunk);
        if (!server.hang) controller.close();
      },
    });
    const writable = new WritableStream<Uint8Array>({
      write(chunk) {
        entry.sent += new TextDecoder().decode(chunk);
      },
    });
    const socket: SocketLike = {
      readable,
      writable,
      closed: new Promise<void>(() => undefined),
      close() {
        entry.closed = true;
        cancel(new Error('socket closed'));
      },
    };
    return socket;
  };
  return { connect, seen };
}

async function codeOf(promise: Promise<unknown>): Promise<number> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(WhoisError);
  return (error as WhoisError).code;
}

const DENIC_ANSWER = 'Domain: müller-bäckerei.de\nNserver: ns1.dnshost.example\nStatus: connect\nChanged: 2024-11-05T14:03:27+01:00\n';

describe('port-43 WHOIS client', () => {
  it('sends the name and CRLF to the TLD’s server on port 43 and parses the answer', async () => {
    const { connect, seen } = fakeConnect({ answer: ['Domain Name: EXAMPLE-SHOP.EU\n', 'Registrar:\n  Name: Example Registrar\n'] });
    const record = await createPort43Whois({ connect }).lookup('Example-Shop.EU');
    expect(seen).toEqual([{ hostname: 'whois.eu', port: 43, sent: 'example-shop.eu\r\n', closed: true }]);
    expect(record).toMatchObject({ domain: 'example-shop.eu', registrar: 'Example Registrar', source: 'whois' });
    expect(record.raw).toBe('Domain Name: EXAMPLE-SHOP.EU\nRegistrar:\n  Name: Example Registrar\n');
  });

  it('asks DENIC for the domain object in ASCII form', async () => {
    const { connect, seen } = fakeConnect({ answer: [DENIC_ANSWER] });
    await createPort43Whois({ connect }).lookup('xn--mller-bckerei-hfb76a.de');
    expect(seen[0]).toMatchObject({ hostname: 'whois.denic.de', sent: '-T dn,ace xn--mller-bckerei-hfb76a.de\r\n' });
  });

  it('decodes UTF-8 split across reads', async () => {
    const bytes = new TextEncoder().encode(DENIC_ANSWER);
    const cut = bytes.indexOf(0xc3) + 1; // inside "ü"
    const { connect } = fakeConnect({ answer: [bytes.subarray(0, cut), bytes.subarray(cut)] });
    const record = await createPort43Whois({ connect }).lookup('xn--mller-bckerei-hfb76a.de');
    expect(record.raw).toBe(DENIC_ANSWER);
  });

  it('keeps at most 64 KB of an answer that does not stop', async () => {
    const line = 'Name Server: ns1.dnshost.example\n';
    const big = line.repeat(Math.ceil((MAX_ANSWER_BYTES * 2) / line.length));
    const { connect } = fakeConnect({ answer: [big.slice(0, 40_000), big.slice(40_000)], hang: true });
    const text = await queryPort43(connect, 'whois.example', 'a.test', 1000);
    expect(new TextEncoder().encode(text).byteLength).toBe(MAX_ANSWER_BYTES);
  });

  it('answers 27001 on timeout and closes the socket', { timeout: 30_000 }, async () => {
    const { connect, seen } = fakeConnect({ answer: ['Domain: slow.de\n'], hang: true });
    const started = Date.now();
    expect(await codeOf(createPort43Whois({ connect, timeoutMs: 30 }).lookup('slow.de'))).toBe(27001);
    // The fake never answers: only the 30 ms timeout ends the lookup. The bound tells that from a
    // lookup that waits for the answer (it would hang); it is no speed target, and has room for a
    // busy machine's late timers (issue #32 §4).
    expect(Date.now() - started).toBeLessThan(10_000);
    await Promise.resolve();
    expect(seen[0]!.closed).toBe(true);
  });

  it('answers 27001 when the connection cannot be made or breaks', async () => {
    expect(await codeOf(createPort43Whois({ connect: fakeConnect({ failConnect: new Error('connection refused') }).connect }).lookup('a.de'))).toBe(27001);
    expect(await codeOf(createPort43Whois({ connect: fakeConnect({ failRead: new Error('reset by peer') }).connect }).lookup('a.de'))).toBe(27001);
  });

  it('answers 27003 for a "No match" answer and 27002 for an empty one', async () => {
    expect(await codeOf(createPort43Whois({ connect: fakeConnect({ answer: ['No match for "NOBODY.COM".\r\n'] }).connect }).lookup('nobody.com'))).toBe(27003);
    expect(await codeOf(createPort43Whois({ connect: fakeConnect({ answer: [] }).connect }).lookup('a.de'))).toBe(27002);
  });

  it('answers 27000 where no server is known and 27004 without a dot, without connecting', async () => {
    const { connect, seen } = fakeConnect({ answer: ['x'] });
    expect(await codeOf(createPort43Whois({ connect }).lookup('example.gr'))).toBe(27000);
    expect(await codeOf(createPort43Whois({ connect }).lookup('example.es'))).toBe(27000);
    expect(await codeOf(createPort43Whois({ connect }).lookup('example'))).toBe(27004);
    expect(seen).toHaveLength(0);
  });
});
