// One JSON-over-HTTPS call as the REST adapters make it (hosting panel, SSL reseller): auth headers,
// an optional idempotency key, a timeout per request, the body read as JSON whatever the status. Each
// adapter turns a network failure and a refused answer into its own port's error codes.
export type JsonHttpConfig = { apiUrl: string; headers: Record<string, string>; timeoutMs: number; fetch?: typeof fetch };

/** The request never got an answer: it timed out (the other side may have acted) or could not connect. */
export class JsonHttpNetworkError extends Error {
  constructor(
    readonly reason: 'timeout' | 'unreachable',
    message: string,
  ) {
    super(message);
    this.name = 'JsonHttpNetworkError';
  }
}

export function createJsonHttp(config: JsonHttpConfig) {
  const doFetch = config.fetch ?? fetch;
  const base = config.apiUrl.replace(/\/+$/, '');
  return async function request(method: 'GET' | 'POST', path: string, body?: unknown, idempotencyKey?: string): Promise<{ ok: boolean; status: number; json: unknown }> {
    const headers: Record<string, string> = { Accept: 'application/json', ...config.headers };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
    let res: Response;
    try {
      res = await doFetch(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: AbortSignal.timeout(config.timeoutMs) });
    } catch (err) {
      // DOMException is not an Error subclass everywhere, so the name is read directly.
      const name = typeof err === 'object' && err !== null && 'name' in err ? String(err.name) : '';
      throw new JsonHttpNetworkError(name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'unreachable', err instanceof Error ? err.message : String(err));
    }
    const json: unknown = await res.json().catch(() => null);
    return { ok: res.ok, status: res.status, json };
  };
}
