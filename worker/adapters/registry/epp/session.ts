// The EPP session of one port call (RFC 5730 §2, RFC 5734): connect over TLS, read the greeting, log in,
// run the operation's commands, log out, close; a deadline for the whole of it. Result codes the
// operation does not map become RegistryErrors with the same `reason`s as the D1 sandbox.
// (Split from client.ts, which keeps the registry port's operations.)
import { ErrorCode } from '../../../../core/errors';
import type { SocketLike } from '../../whois/port43';
import { RegistryError, type RegistryFamily } from '../port';
import { encodeFrame, FrameDecoder } from './frame';
import { build, readEpp, readGreeting, readResponse, type EppResponse } from './xml';
import { randomFrom } from './values';

/** A result code 2000 or above: the command failed (RFC 5730 §3). */
export class EppResultError extends Error {
  constructor(readonly response: EppResponse) {
    super(`EPP ${response.code} ${response.msg}`);
    this.name = 'EppResultError';
  }
  get code(): number {
    return this.response.code;
  }
}

/** The session itself failed: refused, closed, timed out, garbled, or the login was refused. */
export class EppSessionError extends Error {
  constructor(
    message: string,
    readonly eppCode?: number,
  ) {
    super(message);
    this.name = 'EppSessionError';
  }
}

export type Session = { command(make: (clTRID: string) => string): Promise<EppResponse> };

/** `connect` from 'cloudflare:sockets', narrowed; tests pass an in-process server (tests/epp-server). */
export type EppConnect = (address: { hostname: string; port: number }, options: { secureTransport: 'on'; allowHalfOpen: boolean }) => SocketLike;

export type EppSessionOptions = { family: RegistryFamily; host: string; port: number; clientId: string; password: string; connect: EppConnect; timeoutMs: number; objURIs: string[]; extURIs: string[] };

export function createEppSessions(options: EppSessionOptions) {
  const { family, host, port, clientId, password, connect, timeoutMs, objURIs, extURIs } = options;

  async function session<T>(failure: number, work: (s: Session) => Promise<T>): Promise<T> {
    let socket: SocketLike | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const exchange = async (): Promise<T> => {
      try {
        socket = connect({ hostname: host, port }, { secureTransport: 'on', allowHalfOpen: false });
      } catch (e) {
        throw new EppSessionError(`connect failed: ${e instanceof Error ? e.message : String(e)}`);
      }
      // A refused connection rejects `closed` as well as the read; the read reports it.
      socket.closed.catch(() => undefined);
      const reader = socket.readable.getReader();
      const writer = socket.writable.getWriter();
      const decoder = new FrameDecoder();
      const inbox: string[] = [];
      const next = async (): Promise<string> => {
        while (!inbox.length) {
          const { done, value } = await reader.read();
          if (done) throw new EppSessionError(decoder.pending ? 'connection closed inside a frame' : 'connection closed by the registry');
          inbox.push(...decoder.push(value));
        }
        return inbox.shift()!;
      };
      readGreeting(readEpp(await next()));

      let seq = 0;
      const stamp = `${Date.now().toString(36)}${randomFrom('abcdefghijklmnopqrstuvwxyz0123456789', 6)}`;
      const s: Session = {
        async command(make) {
          // Unique per command so a registry's logs and ours can be matched (RFC 5730 §2.5).
          const clTRID = `${clientId}-${stamp}-${++seq}`;
          await writer.write(encodeFrame(make(clTRID)));
          const response = readResponse(readEpp(await next()));
          if (response.clTRID !== null && response.clTRID !== clTRID) throw new EppSessionError(`answer for ${response.clTRID}, expected ${clTRID}`);
          if (response.code >= 2000) throw new EppResultError(response);
          return response;
        },
      };
      try {
        await s.command((id) => build.login(id, { clientId, password, objURIs, extURIs }));
      } catch (e) {
        if (e instanceof EppResultError) throw new EppSessionError(`login refused: ${e.message}`, e.code);
        throw e;
      }
      let result: T;
      try {
        result = await work(s);
      } catch (e) {
        // The command failed but the session is sound: say goodbye before reporting it.
        if (e instanceof EppResultError || e instanceof RegistryError) await s.command(build.logout).catch(() => undefined);
        throw e;
      }
      // Logout is courtesy: the answer is already in hand, its failure is not the operation's.
      await s.command(build.logout).catch(() => undefined);
      return result;
    };

    const pending = exchange();
    // If the timeout wins, the abandoned exchange fails once the socket closes; nobody awaits it then.
    pending.catch(() => undefined);
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new EppSessionError(`${host}:${port} timed out after ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      return await Promise.race([pending, timeout]);
    } catch (e) {
      throw toRegistryError(e, failure);
    } finally {
      clearTimeout(timer);
      // Not awaited: closing a socket that is already gone may never settle.
      const open = socket as SocketLike | undefined;
      if (open) void Promise.resolve().then(() => open.close()).catch(() => undefined);
    }
  }

  /** What is left after an operation mapped the result codes it knows; `failure` is the operation's code. */
  function toRegistryError(e: unknown, failure: number): RegistryError {
    if (e instanceof RegistryError) return e;
    if (e instanceof EppResultError) {
      const { code, msg } = e.response;
      if (/maintenance/i.test(msg)) return new RegistryError(ErrorCode.REGISTRY_MAINTENANCE, { family, reason: 'maintenance', eppCode: code, message: msg });
      // 2400 command failed, 2500–2502 server closing: the registry's trouble, worth retrying.
      if (code === 2400 || code >= 2500) return new RegistryError(failure, { family, reason: 'failing', eppCode: code, message: msg });
      if (code === 2201) return new RegistryError(failure, { family, reason: 'not_sponsor', eppCode: code, message: msg });
      if (code === 2304) return new RegistryError(failure, { family, reason: 'status_prohibits', eppCode: code, message: msg });
      return new RegistryError(failure, { family, reason: 'rejected', eppCode: code, message: msg });
    }
    const message = e instanceof Error ? e.message : String(e);
    const eppCode = e instanceof EppSessionError ? e.eppCode : undefined;
    if (/maintenance/i.test(message)) return new RegistryError(ErrorCode.REGISTRY_MAINTENANCE, { family, reason: 'maintenance', eppCode, message });
    // Transport, framing, XML or login trouble: never the customer's request, so always retryable.
    return new RegistryError(failure, { family, reason: 'failing', eppCode, message });
  }

  /** Runs a command and turns the listed result codes into the given errors. */
  async function run(s: Session, make: (clTRID: string) => string, map: Record<number, () => RegistryError> = {}): Promise<EppResponse> {
    try {
      return await s.command(make);
    } catch (e) {
      if (e instanceof EppResultError && map[e.code]) throw map[e.code]!();
      throw e;
    }
  }

  return { session, run };
}
