// Glue hosts under parallel creates (issue #20 §4): two creates of one host at once gave 500s and left
// our rows and the registry disagreeing (the loser's addresses at the registry, the winner's here). The
// row is claimed ('creating', unique name) before the registry call and freed when the registry refuses.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../core/errors';
import { hosts, registryHosts } from '../../db/schema';
import { servicesAt } from './customers';
import { customer, db, failing, holding } from './portal-nameservers-fixtures';

describe('glue hosts created in parallel', () => {
  it('one of 10 parallel creates wins; the others are told the name is taken; both sides agree', async () => {
    const c = await customer();
    const d = await holding(c.id, 'gr');
    const results = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => servicesAt().nameservers.createHost(c.id, d, { prefix: 'ns1', ips: [`192.0.2.${i + 1}`] })));
    // None throws (a 500 on the page).
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    const answers = results.map((r) => (r.status === 'fulfilled' ? r.value : null));
    expect(answers.filter((a) => a?.ok)).toHaveLength(1);
    for (const a of answers.filter((x) => x && !x.ok)) expect(a).toMatchObject({ ok: false, field: 'prefix', message: { key: 'validation:unique' } });
    const ours = await db.select().from(hosts).where(eq(hosts.name, `ns1.${d.asciiFqdn}`));
    const theirs = await db.select().from(registryHosts).where(and(eq(registryHosts.registry, 'gr'), eq(registryHosts.name, `ns1.${d.asciiFqdn}`)));
    expect(ours).toHaveLength(1);
    expect(theirs).toHaveLength(1);
    expect(theirs[0]!.ips).toEqual(ours[0]!.ips);
    expect(await servicesAt().nameservers.hosts(c.id, d)).toEqual([{ id: ours[0]!.id, name: `ns1.${d.asciiFqdn}`, ips: ours[0]!.ips }]);
  });

  it('a registry refusal frees the claim: the same host can be created right after', async () => {
    const c = await customer();
    const d = await holding(c.id, 'gr');
    const s = servicesAt().nameservers;
    await failing('gr', true);
    try {
      const refused = await Promise.all([s.createHost(c.id, d, { prefix: 'ns2', ips: ['192.0.2.1'] }), s.createHost(c.id, d, { prefix: 'ns2', ips: ['192.0.2.2'] })]);
      for (const r of refused) expect(r.ok).toBe(false);
      expect(refused.some((r) => !r.ok && r.code === ErrorCode.NAMESERVER_COULD_NOT_UPDATE)).toBe(true);
    } finally {
      await failing('gr', false);
    }
    expect(await db.select().from(hosts).where(eq(hosts.name, `ns2.${d.asciiFqdn}`))).toEqual([]);
    expect(await s.createHost(c.id, d, { prefix: 'ns2', ips: ['192.0.2.3'] })).toMatchObject({ ok: true });
  });
});
