import { describe, expect, it } from 'vitest';
import { createRealWhois } from './client';
import { WhoisError } from './port';
import type { SocketConnect } from './port43';

type Script = {
  /** By URL: a JSON body (200), a status code, or 'down' for a network failure. */
  rdap?: Record<string, unknown>;
  /** By host name: the text the server sends, or 'down'. */
  whois?: Record<string, string>;
};

function harness(script: Script) {
  const log: string[] = [];
  const fetch = (async (input: RequestInfo | URL) => {
    const url = String(input);
    log.push(`rdap ${url}`);
    const answer = script.rdap?.[url];
    if (answer === undefined || answer === 'down') throw new TypeError('fetch failed');
    if (typeof answer === 'number') return new Response('{"errorCode":' + answer + '}', { status: answer });
    return new Response(JSON.stringify(answer), { status: 200 });
  }) as typeof globalThis.fetch;
  const connect: SocketConnect = ({ hostname, port }) => {
    log.push(`whois ${hostname}:${port}`);
    const answer = script.whois?.[hostname];
    if (answer === undefined || answer === 'down') throw new Error('connection refused');
    return {
      readable: new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(answer));
          controller.close();
        },
      }),
      writable: new WritableStream<Uint8Array>(),
      closed: Promise.resolve(),
      close: () => undefined,
    };
  };
  return { whois: createRealWhois({ fetch, connect, timeoutMs: 200 }), log };
}

async function codeOf(promise: Promise<unknown>): Promise<number> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(WhoisError);
  return (error as WhoisError).code;
}

const RDAP_DOMAIN = { objectClassName: 'domain', ldhName: 'EXAMPLE.COM', events: [{ eventAction: 'registration', eventDate: '1995-08-14T04:00:00Z' }] };
const VERISIGN_TEXT = 'Domain Name: EXAMPLE.COM\r\nRegistrar: RESERVED-Internet Assigned Numbers Authority\r\nCreation Date: 1995-08-14T04:00:00Z\r\n';

describe('real whois client: which service answers', () => {
  it('answers 27004 for input without a dot, asking nobody', async () => {
    const { whois, log } = harness({});
    expect(await codeOf(whois.lookup('example'))).toBe(27004);
    expect(await codeOf(whois.lookup('example.'))).toBe(27004);
    expect(log).toEqual([]);
  });

  it('uses RDAP when IANA lists a service for the TLD', async () => {
    const { whois, log } = harness({ rdap: { 'https://rdap.verisign.com/com/v1/domain/example.com': RDAP_DOMAIN } });
    const record = await whois.lookup('EXAMPLE.com');
    expect(record.source).toBe('rdap');
    expect(record.created).toBe('1995-08-14T04:00:00Z');
    expect(log).toEqual(['rdap https://rdap.verisign.com/com/v1/domain/example.com']);
  });

  it('uses port 43 for a TLD without RDAP (.de, .eu, .ευ)', async () => {
    const { whois, log } = harness({
      whois: { 'whois.denic.de': 'Domain: example.de\nStatus: connect\n', 'whois.eu': 'Domain: xn--hxakic4aa.xn--qxa6a\nRegistrar:\n  Name: Example Registrar\n' },
    });
    expect((await whois.lookup('example.de')).source).toBe('whois');
    expect((await whois.lookup('ελλάδα.ευ')).registrar).toBe('Example Registrar');
    expect(log).toEqual(['whois whois.denic.de:43', 'whois whois.eu:43']);
  });

  it('answers 27000 for .gr and .ελ (no RDAP, no port-43 server), asking nobody', async () => {
    const { whois, log } = harness({});
    expect(await codeOf(whois.lookup('example.gr'))).toBe(27000);
    expect(await codeOf(whois.lookup('xn--hxajbheg2az3al.xn--qxam'))).toBe(27000);
    expect(await codeOf(whois.lookup('παράδειγμα.ελ'))).toBe(27000);
    expect(await codeOf(whois.lookup('example.cy'))).toBe(27000);
    expect(log).toEqual([]);
  });

  it('falls back to port 43 when RDAP cannot be reached and a server is known', async () => {
    const { whois, log } = harness({
      rdap: { 'https://rdap.verisign.com/com/v1/domain/example.com': 'down' },
      whois: { 'whois.verisign-grs.com': VERISIGN_TEXT },
    });
    const record = await whois.lookup('example.com');
    expect(record).toMatchObject({ source: 'whois', registrar: 'RESERVED-Internet Assigned Numbers Authority', raw: VERISIGN_TEXT });
    expect(log).toEqual(['rdap https://rdap.verisign.com/com/v1/domain/example.com', 'whois whois.verisign-grs.com:43']);
  });

  it('does not fall back when the RDAP server answered (404 → 27003, 500 → 27002)', async () => {
    const { whois, log } = harness({
      rdap: { 'https://rdap.verisign.com/com/v1/domain/nobody.com': 404, 'https://rdap.verisign.com/com/v1/domain/broken.com': 500 },
      whois: { 'whois.verisign-grs.com': VERISIGN_TEXT },
    });
    expect(await codeOf(whois.lookup('nobody.com'))).toBe(27003);
    expect(await codeOf(whois.lookup('broken.com'))).toBe(27002);
    expect(log.some((line) => line.startsWith('whois '))).toBe(false);
  });

  it('gives 27001 when RDAP is down and no port-43 server exists for the TLD', async () => {
    const { whois, log } = harness({ rdap: { 'https://rdap.radix.host/rdap/domain/example.online': 'down' } });
    expect(await codeOf(whois.lookup('example.online'))).toBe(27001);
    expect(log).toEqual(['rdap https://rdap.radix.host/rdap/domain/example.online']);
  });

  it('gives 27001 when both paths are down, and the fallback’s own answer otherwise', async () => {
    const down = harness({ rdap: { 'https://rdap.verisign.com/com/v1/domain/example.com': 'down' }, whois: { 'whois.verisign-grs.com': 'down' } });
    expect(await codeOf(down.whois.lookup('example.com'))).toBe(27001);
    expect(down.log).toHaveLength(2);

    const noMatch = harness({ rdap: { 'https://rdap.verisign.com/com/v1/domain/nobody.com': 'down' }, whois: { 'whois.verisign-grs.com': 'No match for "NOBODY.COM".\r\n' } });
    expect(await codeOf(noMatch.whois.lookup('nobody.com'))).toBe(27003);
  });

  it('accepts injected tables', async () => {
    const log: string[] = [];
    const whois = createRealWhois({
      fetch: (async (input: RequestInfo | URL) => {
        log.push(String(input));
        return new Response(JSON.stringify({ objectClassName: 'domain' }));
      }) as typeof fetch,
      connect: () => {
        throw new Error('not used');
      },
      rdapBaseFor: (domain) => (domain.endsWith('.gr') ? 'https://rdap.example-gr.test/' : null),
      whoisServerFor: () => null,
    });
    expect((await whois.lookup('example.gr')).source).toBe('rdap');
    expect(log).toEqual(['https://rdap.example-gr.test/domain/example.gr']);
  });
});
