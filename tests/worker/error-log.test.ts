// Every 5xx writes one log line with its cause (issue #21 §4, decision 057): a page whose loader
// fails, an /api call that fails, a cron job that fails and a Durable Object statement that fails.
// The failures are forced by hiding a table for the length of one test.
import { createExecutionContext, createScheduledController, runInDurableObject, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { getServerByName } from 'partyserver';
import { afterEach, describe, expect, it, vi } from 'vitest';
import worker from '../../worker';
import type { User } from '../../party/user';
import { Browser, login } from './helpers';

type Line = { event: string; where: string; requestId: string | null; method: string | null; path: string | null; status: number | null; cause: { name: string; message: string } };

/** The structured lines console.error received (other console output is ignored). */
function serverErrorLines(spy: { mock: { calls: unknown[][] } }): Line[] {
  return spy.mock.calls.flatMap((args) => {
    if (args.length !== 1 || typeof args[0] !== 'string') return [];
    try {
      const line = JSON.parse(args[0]) as Line;
      return line.event === 'server_error' ? [line] : [];
    } catch {
      return [];
    }
  });
}

async function hideTable(name: string): Promise<() => Promise<void>> {
  await env.DB.exec(`ALTER TABLE ${name} RENAME TO ${name}_hidden`);
  return async () => void (await env.DB.exec(`ALTER TABLE ${name}_hidden RENAME TO ${name}`));
}

let restore: (() => Promise<void>) | null = null;
afterEach(async () => {
  await restore?.();
  restore = null;
  vi.restoreAllMocks();
});

describe('a 5xx writes one log line with its cause', () => {
  it('a page whose loader fails: the path, 500, the request id and the database error, once', async () => {
    const b = new Browser();
    expect((await login(b, 'demo@example.gr', 'Demo-Pelatis-2026')).status).toBe(303);
    restore = await hideTable('domains');
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await b.fetch('/account/domains?q=secret-search');
    expect(res.status).toBe(500);
    await res.text();
    const lines = serverErrorLines(errors);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ where: 'page', method: 'GET', path: '/account/domains', status: 500 });
    expect(lines[0]!.requestId).toMatch(/\S{8,}/);
    expect(lines[0]!.cause.message).toMatch(/no such table: domains/);
    // No query string (searches, tokens) and no address of the customer in the line.
    expect(JSON.stringify(lines[0])).not.toMatch(/secret-search|demo@example\.gr/);
  });

  it('an /api call that fails: its status and the database error', async () => {
    restore = await hideTable('countries');
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await new Browser().fetch('/api/health');
    expect(res.status).toBe(503);
    const lines = serverErrorLines(errors);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ where: 'api', method: 'GET', path: '/api/health', status: 503 });
    expect(lines[0]!.cause.message).toMatch(/no such table: countries/);
  });

  it('a cron job that fails: the job and the database error', async () => {
    restore = await hideTable('promotions');
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: '*/5 * * * *', scheduledTime: Date.now() }), env as unknown as Env, ctx);
    await waitOnExecutionContext(ctx);
    const lines = serverErrorLines(errors).filter((l) => l.where.includes('promotionsCron'));
    expect(lines).toHaveLength(1);
    expect(lines[0]!.where).toBe('cron */5 * * * * promotionsCron');
    expect(lines[0]!.cause.message).toMatch(/no such table: promotions/);
  });

  it('a Durable Object statement that fails reaches its caller as the error, not as undefined, and is logged', async () => {
    const stub = await getServerByName(env.User as unknown as DurableObjectNamespace<User>, `error-log-${Date.now()}`);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const thrown = await runInDurableObject(stub, async (instance: User) => {
      try {
        instance.sql`SELECT * FROM no_such_table`;
        return 'no error';
      } catch (e) {
        return e;
      }
    });
    expect(thrown).toBeInstanceOf(Error);
    expect(String((thrown as Error).message)).toMatch(/no such table: no_such_table/);
    const lines = serverErrorLines(errors);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.where).toMatch(/^durable-object User sql: SELECT \* FROM no_such_table/);
  });
});
