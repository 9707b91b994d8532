// Every worker test file starts from fresh storage, although all files share one runtime (decision 055):
// two files (fresh-start-a and -b) run this same check, and whichever runs second fails if anything the
// first one left behind is still there: a D1 table, an R2 object, a Durable Object's storage, a cached read.
import { runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { expect, it } from 'vitest';
import { cachedRead } from '../../worker/services/platform';

export function itStartsFresh(file: string): void {
  it(`starts from fresh storage and leaves its own behind (${file})`, async () => {
    const table = await env.DB.prepare("SELECT name FROM sqlite_master WHERE name = 'fresh_start_marker'").first();
    expect(table).toBeNull();
    expect(await env.FILES.head('fresh-start-marker')).toBeNull();
    const stub = env.User.get(env.User.idFromName('fresh-start-marker'));
    expect(await runInDurableObject(stub, (_, state) => state.storage.get<string>('fresh-start-marker'))).toBeUndefined();
    expect(await cachedRead(env.DB as object, 'fresh-start-marker', async () => file)).toBe(file);
    // The seed is there for this file too.
    expect(await env.DB.prepare('SELECT count(*) AS n FROM users').first<number>('n')).toBeGreaterThan(0);

    await env.DB.prepare('CREATE TABLE fresh_start_marker (file TEXT)').run();
    await env.FILES.put('fresh-start-marker', file);
    await runInDurableObject(stub, (_, state) => state.storage.put('fresh-start-marker', file));
  });
}
