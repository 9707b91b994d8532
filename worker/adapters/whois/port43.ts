// Port-43 WHOIS (RFC 3912): open TCP, send the name and CRLF, read until the server closes. Used for
// TLDs without RDAP (.eu, .de, .it …) and as the fallback when RDAP cannot be reached. The socket
// factory is injected: in the Worker it is `connect` from 'cloudflare:sockets', which Node cannot
// import, so tests pass a fake and only the adapter wiring imports the real one.
import { ErrorCode } from '../../../core/errors';
import { whoisQueryFor, whoisServerFor } from './bootstrap';
import { requireFqdn, tldOf } from './normalize';
import { WhoisError, type WhoisPort } from './port';
import { parseWhoisText } from './whois-text';

/** The part of a `cloudflare:sockets` Socket this client uses. */
export type SocketLike = {
  readable: ReadableStream<Uint8Array>;
  writable: WritableStream<Uint8Array>;
  closed: Promise<void>;
  close(): Promise<void> | void;
};

/** The shape of `connect()` from 'cloudflare:sockets', narrowed to what a WHOIS query needs. */
export type SocketConnect = (address: { hostname: string; port: number }) => SocketLike;

export type Port43WhoisOptions = {
  connect: SocketConnect;
  /** For the whole exchange: connect, send, read to the end. */
  timeoutMs?: number;
  /** Injected in tests; the bundled server list otherwise. */
  serverFor?: (asciiFqdn: string) => string | null;
};

/** Answers are a few KB; a server that keeps talking past this is cut off and the start kept. */
export const MAX_ANSWER_BYTES = 64 * 1024;

export function createPort43Whois(options: Port43WhoisOptions): WhoisPort {
  const { connect, timeoutMs = 8000, serverFor = whoisServerFor } = options;
  return {
    async lookup(input) {
      const domain = requireFqdn(input);
      const server = serverFor(domain);
      if (!server) {
        throw new WhoisError(ErrorCode.WHOIS_NOT_SUPPORTED_FOR_THIS_DOMAIN, `no port-43 server for .${tldOf(domain)}`);
      }
      const raw = await queryPort43(connect, server, whoisQueryFor(server, domain), timeoutMs);
      return parseWhoisText(domain, raw);
    },
  };
}

export async function queryPort43(connect: SocketConnect, hostname: string, query: string, timeoutMs: number): Promise<string> {
  let socket: SocketLike | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const exchange = async (): Promise<string> => {
    socket = connect({ hostname, port: 43 });
    // In Workers a refused connection rejects `closed` as well as the read; the read reports it.
    socket.closed.catch(() => undefined);
    const writer = socket.writable.getWriter();
    await writer.write(new TextEncoder().encode(`${query}\r\n`));
    // The writable side is left open: some servers stop answering when they see the client's FIN.
    writer.releaseLock();

    const reader = socket.readable.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      const room = MAX_ANSWER_BYTES - size;
      if (value.byteLength >= room) {
        chunks.push(value.subarray(0, room));
        size = MAX_ANSWER_BYTES;
        await reader.cancel().catch(() => undefined);
        break;
      }
      chunks.push(value);
      size += value.byteLength;
    }
    const bytes = new Uint8Array(size);
    let at = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, at);
      at += chunk.byteLength;
    }
    // The servers this shop asks answer in UTF-8; a stray Latin-1 byte shows as U+FFFD, not an error.
    return new TextDecoder('utf-8').decode(bytes);
  };

  const work = exchange();
  // If the timeout wins, the abandoned exchange fails once the socket closes; nobody awaits it then.
  work.catch(() => undefined);
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new WhoisError(ErrorCode.WHOIS_COMMUNICATIONS_FAILED, `${hostname}:43 timed out after ${timeoutMs} ms`)), timeoutMs);
  });

  try {
    return await Promise.race([work, timeout]);
  } catch (error) {
    if (error instanceof WhoisError) throw error;
    throw new WhoisError(
      ErrorCode.WHOIS_COMMUNICATIONS_FAILED,
      `${hostname}:43 failed: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  } finally {
    clearTimeout(timer);
    // Not awaited: closing a socket that is already gone may never settle, and the answer is in hand.
    const open = socket as SocketLike | undefined;
    if (open) void Promise.resolve().then(() => open.close()).catch(() => undefined);
  }
}
