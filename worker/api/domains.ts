// GET /api/domains/search?q=… (issue #4 §4): the search as a stream of JSON lines (NDJSON). The first
// line is the envelope with the plan; then one line per registry family, as each answers; the last line
// says how many registry calls the search made. Browsers' page uses streamed loader data instead; this
// is for scripts, widgets and the benchmark (time to first and to last result).
import { Hono, type Context } from 'hono';
import { ErrorCode, envelopeFor } from '../../core/errors';
import { getServerT } from '../../i18n/server';
import { ApiError } from './envelope';
import type { ApiEnv } from './types';

/**
 * Spec §8 "HTTP 429": the quota towards the registries or WHOIS is used up (issue #10 §4). The code is
 * the status itself, as the catalogue's HTTP cases are; Retry-After says when to come back.
 */
function tooManyRequests(c: Context<ApiEnv>, retryAfter: number) {
  const t = getServerT(c.get('ctx').prefs.lng ?? 'el');
  c.header('Retry-After', String(retryAfter));
  c.header('Cache-Control', 'no-store');
  return c.json({ success: false, code: 429, msg: t('errors:http.429'), data: { retry_after: retryAfter } }, 429);
}

export const domainRoutes = new Hono<ApiEnv>()
  .get('/search', async (c) => {
    const ctx = c.get('ctx');
    const q = c.req.query('q') ?? '';
    const session = await ctx.session();
    const outcome = await ctx.services.domains.search(q, { userId: session?.user.id ?? null, suggestions: c.req.query('suggestions') !== '0', ip: ctx.ip });
    if (!outcome.ok) {
      if ('retryAfter' in outcome) return tooManyRequests(c, outcome.retryAfter);
      throw new ApiError(outcome.code, null, 400);
    }
    const encoder = new TextEncoder();
    const stream = new ReadableStream<Uint8Array>({
      async start(controller) {
        const line = (value: unknown) => controller.enqueue(encoder.encode(`${JSON.stringify(value)}\n`));
        line(envelopeFor(ErrorCode.SUCCESS, '', { plan: outcome.plan }));
        // Each family as soon as it answers, in the order they answer.
        const pending = new Map(Object.entries(outcome.byFamily).map(([family, p]) => [family, p.then((results) => ({ family, results }))]));
        while (pending.size) {
          const { family, results } = await Promise.race(pending.values());
          pending.delete(family);
          line({ family, results });
        }
        line({ done: true, registryCalls: outcome.calls() });
        controller.close();
      },
    });
    return new Response(stream, { headers: { 'Content-Type': 'application/x-ndjson; charset=utf-8', 'Cache-Control': 'no-store' } });
  })
  .get('/whois', async (c) => {
    const ctx = c.get('ctx');
    const result = await ctx.services.domains.whois(c.req.query('domain') ?? '', { ip: ctx.ip });
    if (!result.ok && 'retryAfter' in result) return tooManyRequests(c, result.retryAfter);
    if (!result.ok) throw new ApiError(result.code, null, result.code === ErrorCode.WHOIS_RESPONDED_NO_RESULT ? 404 : 400);
    return c.json(envelopeFor(ErrorCode.SUCCESS, '', result.record));
  });
