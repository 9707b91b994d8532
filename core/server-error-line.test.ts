import { describe, expect, it } from 'vitest';
import { describeCause, serverErrorLine } from './server-error-line';

describe('serverErrorLine', () => {
  it('names the path without its query, the method, status and request id', () => {
    const line = serverErrorLine({ where: 'page', request: { url: 'https://shop.example.gr/account/domains?q=secret&token=abc', method: 'GET' }, requestId: 'r1', status: 500, cause: new Error('boom') });
    expect(line).toMatchObject({ event: 'server_error', where: 'page', requestId: 'r1', method: 'GET', path: '/account/domains', status: 500, cause: { name: 'Error', message: 'boom' } });
    expect(JSON.stringify(line)).not.toMatch(/secret|abc/);
  });

  it("keeps a driver error's SQL and its cause, never the bound values or an e-mail address", () => {
    const driver = new Error('Failed query: select * from users where email = ?\nparams: maria@example.gr', { cause: new Error('D1_ERROR: no such table: users: SQLITE_ERROR') });
    const cause = describeCause(driver);
    expect(cause.message).toBe('Failed query: select * from users where email = ?; cause: Error: D1_ERROR: no such table: users: SQLITE_ERROR');
    expect(describeCause(new Error('UNIQUE constraint failed for maria@example.gr')).message).toBe('UNIQUE constraint failed for <email>');
  });

  it('says so when nothing or a non-error was thrown', () => {
    expect(describeCause(undefined)).toEqual({ name: 'Unknown', message: 'no cause was recorded for this answer' });
    expect(describeCause(new Response(null, { status: 503 }))).toEqual({ name: 'Response', message: 'a 503 Response was thrown' });
    expect(describeCause({ code: 7 })).toEqual({ name: 'object', message: '{"code":7}' });
  });

  it('keeps at most six stack frames', () => {
    const e = new Error('deep');
    e.stack = ['Error: deep', ...Array.from({ length: 10 }, (_, i) => `    at f${i} (file.js:${i}:1)`)].join('\n');
    expect(describeCause(e).stack).toHaveLength(6);
  });
});
