import { describe, expect, it } from 'vitest';
import { sandboxUsage } from './sandbox-usage';

const created = new Date('2026-01-01T00:00:00Z');
const at = (iso: string) => new Date(iso);

describe('sandbox usage', () => {
  it('is the same for the same account and moment, and differs between accounts', () => {
    const a = sandboxUsage({ accountId: 'ha_a', kind: 'shared', status: 'active', createdAt: created }, at('2026-06-10T00:00:00Z'));
    expect(sandboxUsage({ accountId: 'ha_a', kind: 'shared', status: 'active', createdAt: created }, at('2026-06-10T00:00:00Z'))).toEqual(a);
    const b = sandboxUsage({ accountId: 'ha_b', kind: 'shared', status: 'active', createdAt: created }, at('2026-06-10T00:00:00Z'));
    expect(b).not.toEqual(a);
  });

  it('grows with age and stays within the plan\'s limits', () => {
    const early = sandboxUsage({ accountId: 'ha_g', kind: 'free', status: 'active', createdAt: created }, at('2026-01-02T00:00:00Z'));
    const later = sandboxUsage({ accountId: 'ha_g', kind: 'free', status: 'active', createdAt: created }, at('2036-01-02T00:00:00Z'));
    expect(later.diskMb.used).toBeGreaterThanOrEqual(early.diskMb.used);
    for (const u of [early, later]) {
      expect(u.diskMb.used).toBeLessThanOrEqual(u.diskMb.limit!);
      expect(u.mailboxes!.used).toBeLessThanOrEqual(u.mailboxes!.limit!);
      expect(u.databases!.used).toBeLessThanOrEqual(u.databases!.limit!);
    }
    expect(later.diskMb.used).toBe(later.diskMb.limit);
  });

  it('counts nothing for a server being built, no traffic while suspended, no mailboxes on a server', () => {
    expect(sandboxUsage({ accountId: 'ha_p', kind: 'vps', status: 'provisioning', createdAt: created }, at('2026-01-01T00:01:00Z')).diskMb.used).toBe(0);
    expect(sandboxUsage({ accountId: 'ha_s', kind: 'shared', status: 'suspended', createdAt: created }, at('2026-03-15T00:00:00Z')).bandwidthMb.used).toBe(0);
    const vps = sandboxUsage({ accountId: 'ha_v', kind: 'vps', status: 'active', createdAt: created }, at('2026-03-15T00:00:00Z'));
    expect(vps.mailboxes).toBeNull();
    expect(vps.databases).toBeNull();
    expect(vps.bandwidthMb.used).toBeGreaterThan(0);
  });
});
