// The shape of the one log line a server failure writes (issue #21 §4, decision 057): JSON with where it
// failed, the request id, method, path (no query: searches and tokens travel there), status and cause
// (error name, message without the driver's bound parameters or e-mail addresses, a few stack frames).
// No cookies, bodies or personal data. Pure: the Worker's entry, cron and the Durable Objects print it.

export type ServerErrorCause = { name: string; message: string; stack?: string[] };

export type ServerErrorLine = {
  event: 'server_error';
  /** Where it failed: 'page', 'api', 'party', 'entry', 'render', 'cron …', 'durable-object …'. */
  where: string;
  requestId: string | null;
  method: string | null;
  path: string | null;
  status: number | null;
  cause: ServerErrorCause;
};

const EMAIL = /[^\s@"'<>(),;:]+@[^\s@"'<>(),;:]+\.[a-z]{2,}/gi;

/** A driver's message names the SQL and, after "params:", the values bound to it: keep the SQL only. */
function cleanMessage(message: string): string {
  const sqlOnly = message.split(/\s*params:/i)[0] ?? message;
  return sqlOnly.replace(EMAIL, '<email>').replace(/\s+/g, ' ').trim().slice(0, 500);
}

export function describeCause(cause: unknown): ServerErrorCause {
  if (cause instanceof Error) {
    const stack = (cause.stack ?? '')
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l.startsWith('at '))
      .slice(0, 6);
    // A wrapped driver error (DrizzleQueryError) says what failed in its cause, not in its message.
    const inner = cause.cause instanceof Error ? `; cause: ${cause.cause.name}: ${cleanMessage(cause.cause.message)}` : '';
    return { name: cause.name, message: `${cleanMessage(cause.message)}${inner}`.slice(0, 700), ...(stack.length ? { stack } : {}) };
  }
  if (cause instanceof Response) return { name: 'Response', message: `a ${cause.status} Response was thrown` };
  if (cause === undefined || cause === null) return { name: 'Unknown', message: 'no cause was recorded for this answer' };
  if (typeof cause === 'string') return { name: 'string', message: cleanMessage(cause) };
  let text: string;
  try {
    text = JSON.stringify(cause) ?? String(cause);
  } catch {
    text = String(cause);
  }
  return { name: typeof cause, message: cleanMessage(text) };
}

export function serverErrorLine(entry: { where: string; request?: { url: string; method: string } | null; requestId?: string | null; status?: number | null; cause: unknown }): ServerErrorLine {
  return {
    event: 'server_error',
    where: entry.where,
    requestId: entry.requestId ?? null,
    method: entry.request?.method ?? null,
    path: entry.request ? new URL(entry.request.url).pathname : null,
    status: entry.status ?? null,
    cause: describeCause(entry.cause),
  };
}
