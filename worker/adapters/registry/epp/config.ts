// Which registry families talk EPP to the real registry: a family is real only when its host, client
// id and password are all configured; otherwise it stays the D1 sandbox (DESIGN.md "Outside systems").
// The rules EPP cannot report (nameserver limits, contact roles, whether a transfer renews) are the
// registries' published ones, the same the sandbox is seeded with; EPP_<FAMILY>_SETTINGS (JSON) overrides.
import { registryFamilies, type RegistryFamily } from '../../../../core/catalog';
import { REGISTRY_SETTINGS } from '../../../../db/seed/registry-data';
import type { RegistryPort, RegistrySettings } from '../port';
import { createEppRegistry, type EppConnect } from './client';

export type EppEnv = Partial<Record<string, string | undefined>>;

export type EppFamilyConfig = { family: RegistryFamily; host: string; port: number; clientId: string; password: string; settings: RegistrySettings };

export function publishedSettings(family: RegistryFamily): RegistrySettings {
  const seed = REGISTRY_SETTINGS.find((s) => s.registry === family);
  if (!seed) throw new Error(`no published rules for registry family ${family}`);
  return { family, nameserversMin: seed.nameserversMin, nameserversMax: seed.nameserversMax, contactRoles: [...seed.contactRoles], transferRenews: seed.transferRenews };
}

/** Reads EPP_<FAMILY>_HOST/PORT/CLIENT_ID/PASSWORD/SETTINGS; a half-configured family is an error, not a silent sandbox. */
export function eppConfigFromEnv(env: EppEnv): EppFamilyConfig[] {
  const configs: EppFamilyConfig[] = [];
  for (const family of registryFamilies) {
    const key = (name: string) => env[`EPP_${family.toUpperCase()}_${name}`]?.trim() || undefined;
    const host = key('HOST');
    const clientId = key('CLIENT_ID');
    const password = key('PASSWORD');
    const given = [host, clientId, password].filter(Boolean).length;
    if (given === 0) continue;
    if (given < 3) throw new Error(`EPP for ${family}: set EPP_${family.toUpperCase()}_HOST, _CLIENT_ID and _PASSWORD together`);
    const portText = key('PORT');
    const port = portText === undefined ? 700 : Number(portText);
    if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`EPP for ${family}: port ${portText} is not a TCP port`);
    let settings = publishedSettings(family);
    const override = key('SETTINGS');
    if (override) {
      const parsed = JSON.parse(override) as Partial<RegistrySettings>;
      settings = { ...settings, ...parsed, family };
    }
    configs.push({ family, host: host!, port, clientId: clientId!, password: password!, settings });
  }
  return configs;
}

/** The configured families' EPP clients; the caller falls back to the sandbox for the rest. */
export function eppRegistriesFromEnv(env: EppEnv, connect: EppConnect): Partial<Record<RegistryFamily, RegistryPort>> {
  return Object.fromEntries(eppConfigFromEnv(env).map((c) => [c.family, createEppRegistry({ ...c, connect })]));
}
