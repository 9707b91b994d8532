import { describe, expect, it } from 'vitest';
import { registryFamilies } from '../../../../core/catalog';
import { publishedSettings } from './published-settings';

describe('published registry rules', () => {
  it("are each family's own, the same the sandbox is seeded with", () => {
    expect(publishedSettings('gr')).toMatchObject({ family: 'gr', nameserversMin: 2, transferRenews: true });
    expect(publishedSettings('eurid')).toMatchObject({ family: 'eurid', nameserversMin: 0 });
    for (const family of registryFamilies) expect(publishedSettings(family).family).toBe(family);
  });

  it('are a copy: a caller changing its contact roles changes nobody else', () => {
    const a = publishedSettings('gr');
    a.contactRoles.push('changed' as never);
    expect(publishedSettings('gr').contactRoles).not.toContain('changed');
  });
});
