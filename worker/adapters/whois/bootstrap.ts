// Where to ask about a domain: the RDAP service of its TLD (IANA's bootstrap registry, RFC 9224),
// else a port-43 WHOIS server. The bootstrap copy is bundled, limited to the TLDs the shop sells
// (db/data/README.md says where it came from): fetching IANA's 70 KB file on every lookup would
// add a round trip and an outside dependency for data that changes a few times a year.
import bundled from '../../../db/data/iana-rdap-dns.json';
import { toAsciiFqdn } from './normalize';

/** RFC 9224 §3: each service is [entries, base URLs]. */
export type RdapBootstrap = {
  version: string;
  publication: string;
  description?: string;
  services: [string[], string[]][];
};

export const RDAP_BOOTSTRAP: RdapBootstrap = bundled as RdapBootstrap;

/**
 * Port-43 servers (RFC 3912), from the whois client's server list (db/data/README.md). Two kinds:
 * - TLDs with no RDAP service in IANA's file (eu, ευ, de, it, be, at, io, co, me): the only way in;
 * - TLDs with RDAP whose registries still answer on 43: the fallback when RDAP cannot be reached.
 * Absent on purpose: gr and ελ (the registry offers only a web form: a lookup there is 27000),
 * cy and es (web only), info (the list has no server for it), and the new gTLDs (online, store,
 * shop, site, tech, app, dev, cloud), which the list does not name either and whose registries
 * may switch port 43 off now that ICANN requires only RDAP of gTLDs (since January 2025). For
 * those, a failed RDAP lookup is final.
 */
export const WHOIS_SERVERS: Readonly<Record<string, string>> = Object.freeze({
  eu: 'whois.eu',
  'xn--qxa6a': 'whois.eu',
  de: 'whois.denic.de',
  it: 'whois.nic.it',
  be: 'whois.dns.be',
  at: 'whois.nic.at',
  io: 'whois.nic.io',
  co: 'whois.registry.co',
  me: 'whois.nic.me',
  com: 'whois.verisign-grs.com',
  net: 'whois.verisign-grs.com',
  cc: 'ccwhois.verisign-grs.com',
  tv: 'whois.nic.tv',
  org: 'whois.pir.org',
  biz: 'whois.nic.biz',
  xxx: 'whois.nic.xxx',
  fr: 'whois.nic.fr',
  nl: 'whois.domain-registry.nl',
  uk: 'whois.nic.uk',
});

/**
 * How a server wants the question. Most take the bare name; DENIC's default answer is meant for
 * people, and `-T dn,ace` asks for the domain object with names in their ASCII form.
 */
const QUERY_FORMAT: Readonly<Record<string, (asciiFqdn: string) => string>> = {
  'whois.denic.de': (domain) => `-T dn,ace ${domain}`,
};

export function whoisQueryFor(server: string, asciiFqdn: string): string {
  return (QUERY_FORMAT[server] ?? ((domain: string) => domain))(asciiFqdn);
}

// Entry (lower case, ASCII) → base URL, built once. RFC 9224 lists https and http bases for the same
// service; https is preferred so registrant data never travels in clear text.
let baseByEntry: Map<string, string> | undefined;

function index(bootstrap: RdapBootstrap): Map<string, string> {
  const map = new Map<string, string>();
  for (const [entries, urls] of bootstrap.services) {
    const url = urls.find((u) => u.startsWith('https://')) ?? urls[0];
    if (!url) continue;
    const base = url.endsWith('/') ? url : `${url}/`;
    for (const entry of entries) map.set(entry.toLowerCase(), base);
  }
  return map;
}

/**
 * The RDAP base URL (ending in '/') for a TLD or a whole domain name, or null when IANA lists none.
 * RFC 9224 §4 matches the longest run of trailing labels, so a domain is tried label by label.
 */
export function rdapBaseFor(tldOrFqdn: string, bootstrap: RdapBootstrap = RDAP_BOOTSTRAP): string | null {
  const map = bootstrap === RDAP_BOOTSTRAP ? (baseByEntry ??= index(bootstrap)) : index(bootstrap);
  const labels = toAsciiFqdn(tldOrFqdn).split('.');
  for (let i = 0; i < labels.length; i++) {
    const base = map.get(labels.slice(i).join('.'));
    if (base) return base;
  }
  return null;
}

/** The port-43 server for a TLD or a whole domain name (matched by its last label), or null. */
export function whoisServerFor(tldOrFqdn: string): string | null {
  const ascii = toAsciiFqdn(tldOrFqdn);
  return WHOIS_SERVERS[ascii.slice(ascii.lastIndexOf('.') + 1)] ?? null;
}
