// The rules EPP cannot report (nameserver limits, contact roles, whether a transfer renews) are the
// registries' published ones, the same the sandbox is seeded with; EPP_<FAMILY>_SETTINGS (JSON, read by
// core/config.ts) overrides them. Which families talk EPP at all is core/config.ts's business too.
import type { RegistryFamily } from '../../../../core/catalog';
import { REGISTRY_SETTINGS } from '../../../../db/seed/registry-data';
import type { RegistrySettings } from '../port';

export function publishedSettings(family: RegistryFamily): RegistrySettings {
  const seed = REGISTRY_SETTINGS.find((s) => s.registry === family);
  if (!seed) throw new Error(`no published rules for registry family ${family}`);
  return { family, nameserversMin: seed.nameserversMin, nameserversMax: seed.nameserversMax, contactRoles: [...seed.contactRoles], transferRenews: seed.transferRenews };
}
