// One log line for every 5xx (issue #21 §4, decision 057). Whoever catches a failure (Remix's
// handleError, the render's onError, Hono's onError, the health check) notes its cause against the
// request; the entry writes the line when the answer leaving the Worker is a 5xx, so a 5xx never goes
// out silent and never twice. Cron and the Durable Objects, which answer no browser, write their line
// where they fail. The line's shape and what it leaves out: core/server-error-line.ts.
import { serverErrorLine, type ServerErrorLine } from '../../core/server-error-line';

// Shared through globalThis: the Remix server build (app/entry.server.tsx) is a bundle of its own with
// its own copy of this module, and its notes must reach the entry's.
type Registry = { causes: WeakMap<Request, unknown>; ids: WeakMap<Request, string> };
const KEY = Symbol.for('registrar.server-error-log');
const registry = ((globalThis as Record<symbol, Registry | undefined>)[KEY] ??= { causes: new WeakMap(), ids: new WeakMap() });
const { causes, ids } = registry;

/** The id the log line carries: Cloudflare's ray id when there is one, else a fresh one per request. */
export function requestIdOf(request: Request): string {
  let id = ids.get(request);
  if (!id) ids.set(request, (id = request.headers.get('cf-ray') ?? crypto.randomUUID()));
  return id;
}

/** Remembers the first failure met while answering `request`: the cause the entry's line names. */
export function noteFailure(request: Request, cause: unknown): void {
  if (!causes.has(request)) causes.set(request, cause === undefined ? new Error('undefined was thrown') : cause);
}

export function failureOf(request: Request): unknown {
  return causes.get(request);
}

export function logServerError(entry: { where: string; request?: Request | null; status?: number | null; cause: unknown }): ServerErrorLine {
  const line = serverErrorLine({ ...entry, requestId: entry.request ? requestIdOf(entry.request) : null });
  console.error(JSON.stringify(line));
  return line;
}

/** The entry's check on every answer: a 5xx leaves with one log line naming its cause. */
export function logIfServerError(where: string, request: Request, response: Response): Response {
  if (response.status >= 500) logServerError({ where, request, status: response.status, cause: failureOf(request) });
  return response;
}
