// The sandbox registries' starting state (issue #4 §1): their rules, names registered elsewhere,
// reserved names, premium names with prices, names in redemption (RGP), a transfer-locked name, two
// names ready to transfer in with a known auth code, and the demo customer's own domains.
import type { RegistryFamily } from '../../core/catalog';

export type RegistrySettingSeed = { registry: RegistryFamily; nameserversMin: number; nameserversMax: number; contactRoles: string[]; transferRenews: boolean };

export const REGISTRY_SETTINGS: readonly RegistrySettingSeed[] = [
  // The .gr registry (ΙΤΕ/FORTH): two nameservers at least, and a transfer renews for two years.
  { registry: 'gr', nameserversMin: 2, nameserversMax: 8, contactRoles: ['registrant', 'admin', 'tech', 'billing'], transferRenews: true },
  // EURid: a name may be registered without nameservers; no admin contact.
  { registry: 'eurid', nameserversMin: 0, nameserversMax: 9, contactRoles: ['registrant', 'tech'], transferRenews: false },
  { registry: 'icm', nameserversMin: 2, nameserversMax: 13, contactRoles: ['registrant', 'admin', 'tech', 'billing'], transferRenews: false },
  { registry: 'generic', nameserversMin: 2, nameserversMax: 13, contactRoles: ['registrant', 'admin', 'tech', 'billing'], transferRenews: false },
];

/** Labels taken under every TLD (famous brands and the obvious generic words). */
export const TAKEN_EVERYWHERE = ['google', 'facebook', 'amazon', 'microsoft', 'apple', 'hellas', 'greece', 'athens', 'shop', 'kafe', 'test'];

export type RegistryObjectSeed = {
  label: string;
  tld: string;
  statuses?: string[];
  sponsor?: string;
  authCode?: string;
  idProtect?: boolean;
  registrant?: Record<string, string | null>;
  /** Months until expiry from the seed time (negative: expired). */
  expiresInMonths?: number;
  /** Delegated to the registrar's own nameservers (REGISTRAR_NAMESERVERS) instead of example.net's. */
  ourNameservers?: boolean;
};

const person = (name: string, country = 'GR', organisation: string | null = null) => ({ name, organisation, email: `${name.split(' ')[0]!.toLowerCase()}@example.net`, country });

export const REGISTRY_OBJECTS: readonly RegistryObjectSeed[] = [
  // Greek-script names under .gr and .ελ (the .gr registry compares them without accents).
  { label: 'καφές', tld: 'gr', registrant: person('Γιάννης Κ.') },
  { label: 'αθήνα', tld: 'gr', registrant: person('Δήμος Α.', 'GR', 'Δήμος Αθηναίων') },
  { label: 'ελλάδα', tld: 'ελ', registrant: person('Ε. Π.') },
  { label: 'αθήνα', tld: 'ελ', registrant: person('Δήμος Α.', 'GR', 'Δήμος Αθηναίων') },
  { label: 'ταβέρνα', tld: 'gr', registrant: person('Κ. Τ.'), idProtect: true },
  // Reserved by the registries.
  { label: 'nic', tld: 'gr', statuses: ['reserved'] },
  { label: 'registry', tld: 'eu', statuses: ['reserved'] },
  { label: 'example', tld: 'com', statuses: ['reserved'] },
  // In the redemption grace period: only the last owner can restore them (rgp_restore).
  { label: 'oldshop', tld: 'gr', statuses: ['redemptionPeriod'], expiresInMonths: -1, registrant: person('Μ. Ο.') },
  { label: 'forgotten', tld: 'com', statuses: ['redemptionPeriod'], expiresInMonths: -1, registrant: person('J. Doe', 'IE') },
  // Locked at its current registrar: a transfer is refused whatever the code.
  { label: 'locked-example', tld: 'com', statuses: ['clientTransferProhibited'], authCode: 'Locked-2026#', registrant: person('L. Ock', 'DE') },
  // Ready to transfer in (the README gives the codes).
  { label: 'metafora-demo', tld: 'gr', authCode: 'GR-Demo-2026#', registrant: person('Νίκος Μ.'), expiresInMonths: 7 },
  { label: 'transfer-demo', tld: 'com', authCode: 'Com-Demo-2026#', registrant: person('Anna T.', 'CY'), expiresInMonths: 4, idProtect: true },
  // Its holder refuses every transfer (the sandbox's Reject- codes, decision 046): the item is refunded.
  { label: 'transfer-reject', tld: 'com', authCode: 'Reject-Demo-2026#', registrant: person('R. Eject', 'CY'), expiresInMonths: 6 },
];

export type PremiumSeed = { label: string; tld: string; registerCents: number; renewCents: number };

export const PREMIUM_NAMES: readonly PremiumSeed[] = [
  { label: 'hotel', tld: 'com', registerCents: 250_000, renewCents: 1_290 },
  { label: 'travel', tld: 'io', registerCents: 89_000, renewCents: 4_490 },
  { label: 'crypto', tld: 'online', registerCents: 45_000, renewCents: 3_290 },
  { label: 'cars', tld: 'shop', registerCents: 32_000, renewCents: 2_990 },
  { label: 'bet', tld: 'xxx', registerCents: 150_000, renewCents: 8_900 },
  { label: 'ai', tld: 'app', registerCents: 120_000, renewCents: 1_690 },
];

/**
 * The registrar's own nameservers (worker/services/domains DEFAULT_NAMESERVERS; a worker test keeps
 * the two equal): the seed cannot import the worker.
 */
export const REGISTRAR_NAMESERVERS = ['ns1.registrar-dns.gr', 'ns2.registrar-dns.gr'];

/**
 * The demo customer's domains (sponsored by us): the .ελ rule lets them register 'καφενείο.ελ'. The
 * two 'ergastirio' names use our nameservers, so they may have free hosting (issue #23 §3).
 */
export const DEMO_DOMAINS: readonly { email: string; label: string; tld: string; expiresInMonths: number; idProtect?: boolean; ourNameservers?: boolean }[] = [
  { email: 'demo@example.gr', label: 'καφενείο', tld: 'gr', expiresInMonths: 14 },
  { email: 'demo@example.gr', label: 'kafeneio', tld: 'gr', expiresInMonths: 1 },
  { email: 'demo@example.gr', label: 'kafeneio', tld: 'com', expiresInMonths: 9, idProtect: true },
  { email: 'demo@example.gr', label: 'ergastirio', tld: 'gr', expiresInMonths: 11, ourNameservers: true },
  { email: 'demo@example.gr', label: 'ergastirio', tld: 'com', expiresInMonths: 10, ourNameservers: true },
];
