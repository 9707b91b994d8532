// The one client request helper (spec §7, §8): JSON in and out, 30000 ms timeout, the envelope,
// the HTTP and connection failure mapping of core/errors, `_token`, and X-Socket-ID once the
// live connection is up. Components never call fetch() directly.
import { REQUEST_TIMEOUT_MS } from '../../core/error-timing';
import type { Envelope, HttpFailure } from '../../core/errors';
import { getPageId, getSocketId } from './page-id';

export type RequestOutcome<T> =
  | { ok: true; envelope: Envelope<T> }
  | { ok: false; envelope: Envelope<unknown> | null; failure: HttpFailure | null; handling: string; key: string };

// The code catalogue is loaded when a request is made, not with every page (decision 030).
const catalogue = () => import('../../core/errors');

export type RequestOptions = {
  token: string;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Consecutive timeouts on the same call after which the 'Connection error' dialog is shown. */
  unrecoverableAfter?: number;
};

const timeoutsByPath = new Map<string, number>();

export async function postJson<T>(path: string, payload: Record<string, unknown>, options: RequestOptions): Promise<RequestOutcome<T>> {
  const controller = new AbortController();
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const timer = setTimeout(() => controller.abort(new DOMException('timeout', 'TimeoutError')), timeoutMs);
  options.signal?.addEventListener('abort', () => controller.abort(options.signal?.reason));
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
  const socketId = getSocketId();
  if (socketId) headers['X-Socket-ID'] = socketId;
  const loading = catalogue();
  loading.catch(() => {}); // awaited below; a failed load is handled there
  try {
    const res = await fetch(path, {
      method: 'POST',
      headers,
      credentials: 'same-origin',
      body: JSON.stringify({ ...payload, _token: options.token, unique_id: getPageId() }),
      signal: controller.signal,
    });
    timeoutsByPath.delete(path);
    const envelope = (await res.json().catch(() => null)) as Envelope<T> | null;
    if (res.ok && envelope?.success) return { ok: true, envelope };
    const { describeHttpFailure, resolveCode } = await loading;
    if (envelope && typeof envelope.code !== 'undefined') {
      const entry = resolveCode(envelope.code);
      return { ok: false, envelope, failure: null, handling: entry.handling, key: entry.key };
    }
    const failure = describeHttpFailure({ status: res.status });
    return { ok: false, envelope: null, failure, handling: failure.handling, key: failure.key };
  } catch (err) {
    const timedOut = err instanceof DOMException && (err.name === 'TimeoutError' || controller.signal.reason?.name === 'TimeoutError');
    let unrecoverable = false;
    if (timedOut) {
      const n = (timeoutsByPath.get(path) ?? 0) + 1;
      timeoutsByPath.set(path, n);
      unrecoverable = n >= (options.unrecoverableAfter ?? 2);
    }
    // Offline, the catalogue's chunk may not load either: that is a connection failure too.
    const failure = (await loading.catch(() => null))?.describeHttpFailure({ timedOut, unrecoverable, networkError: !timedOut }) ?? { kind: 'connection' as const, key: 'http.generic', handling: 'alert' as const };
    return { ok: false, envelope: null, failure, handling: failure.handling, key: failure.key };
  } finally {
    clearTimeout(timer);
  }
}
