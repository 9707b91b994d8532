import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../db/client';
import { seedCatalog } from '../../db/seed';

describe('seedCatalog', () => {
  it('is idempotent: a second run inserts nothing and changes nothing', async () => {
    const db = createDb(env.DB);
    const dump = async () =>
      JSON.stringify(
        await Promise.all(
          ['countries', 'tlds', 'tld_prices', 'products', 'product_prices', 'product_options', 'promotions', 'banners', 'settings'].map((t) =>
            env.DB.prepare(`select * from ${t} order by 1, 2`).all(),
          ),
        ).then((rs) => rs.map((r) => r.results)),
      );
    const before = await dump();
    const again = await seedCatalog(db, new Date(Date.now() + 86_400_000));
    expect(Object.values(again.inserted).every((n) => n === 0)).toBe(true);
    expect(await dump()).toBe(before);
  });
});
