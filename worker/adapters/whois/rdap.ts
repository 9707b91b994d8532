// RDAP (RFC 9082 queries, RFC 9083 answers): the registry's JSON for a domain, plus one optional hop
// to the registrar's RDAP, since thin registries (.com, .net) publish dates and name servers but
// leave the registrant to the registrar.
import { ErrorCode } from '../../../core/errors';
import { rdapBaseFor } from './bootstrap';
import { countryOrNull, dataOrNull, emailOrNull, hostName, isoInstant, looksPrivate, requireFqdn, tldOf, toUnicodeFqdn, uniq } from './normalize';
import { WhoisError, type WhoisContact, type WhoisPort, type WhoisRecord } from './port';

export type RdapWhoisOptions = {
  fetch: typeof fetch;
  /** Per request: the registry's answer and, separately, the registrar's. */
  timeoutMs?: number;
  /** Injected in tests; the bundled IANA bootstrap otherwise. */
  baseFor?: (asciiFqdn: string) => string | null;
};

// An RDAP answer is much smaller than this; the cap keeps a misbehaving server from filling memory.
const MAX_BODY_BYTES = 1024 * 1024;

// RFC 9083 asks for application/rdap+json; a few servers (AFNIC once) refused it unless plain JSON
// was acceptable too, so both are offered with RDAP preferred.
const ACCEPT = 'application/rdap+json, application/json;q=0.9';

type Json = Record<string, unknown>;

export function createRdapWhois(options: RdapWhoisOptions): WhoisPort {
  const { fetch: doFetch, timeoutMs = 8000, baseFor = rdapBaseFor } = options;
  return {
    async lookup(input) {
      const domain = requireFqdn(input);
      const base = baseFor(domain);
      if (!base) {
        throw new WhoisError(ErrorCode.WHOIS_NOT_SUPPORTED_FOR_THIS_DOMAIN, `no RDAP service for .${tldOf(domain)}`);
      }
      const url = `${base}domain/${domain}`;
      const registry = await getRdap(doFetch, url, timeoutMs);

      // The registrar's answer only adds detail: when it fails, the registry's answer still stands.
      const related = registrarLink(registry, url);
      const registrar = related ? await getRdap(doFetch, related, timeoutMs).catch(() => null) : null;

      return toRecord(domain, registry, registrar);
    },
  };
}

async function getRdap(doFetch: typeof fetch, url: string, timeoutMs: number): Promise<Json> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs);
  try {
    const res = await doFetch(url, { headers: { Accept: ACCEPT }, signal: controller.signal });
    if (res.status === 404) {
      await res.body?.cancel().catch(() => undefined);
      throw new WhoisError(ErrorCode.WHOIS_RESPONDED_NO_RESULT, `RDAP 404 for ${url}`);
    }
    if (!res.ok) {
      await res.body?.cancel().catch(() => undefined);
      throw new WhoisError(ErrorCode.WHOIS_RESPONDED_WITH_ERROR, `RDAP ${res.status} for ${url}`);
    }
    const text = await readCapped(res);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      throw new WhoisError(ErrorCode.WHOIS_RESPONDED_WITH_ERROR, `RDAP answer from ${url} is not JSON`, { cause: error });
    }
    if (!isObject(json)) throw new WhoisError(ErrorCode.WHOIS_RESPONDED_WITH_ERROR, `RDAP answer from ${url} is not an object`);
    // An error object (RFC 9083 §6) sent with a 200 status is still an error.
    if (typeof json.errorCode === 'number') {
      throw new WhoisError(
        json.errorCode === 404 ? ErrorCode.WHOIS_RESPONDED_NO_RESULT : ErrorCode.WHOIS_RESPONDED_WITH_ERROR,
        `RDAP error ${json.errorCode} from ${url}`,
      );
    }
    if (json.objectClassName !== undefined && json.objectClassName !== 'domain') {
      throw new WhoisError(ErrorCode.WHOIS_RESPONDED_WITH_ERROR, `RDAP answer from ${url} is a ${String(json.objectClassName)}, not a domain`);
    }
    return json;
  } catch (error) {
    if (error instanceof WhoisError) throw error;
    // Everything else is the conversation failing: DNS, TLS, reset, abort on timeout.
    throw new WhoisError(ErrorCode.WHOIS_COMMUNICATIONS_FAILED, `RDAP request to ${url} failed: ${describe(error)}`, { cause: error });
  } finally {
    clearTimeout(timer);
  }
}

async function readCapped(res: Response): Promise<string> {
  if (!res.body) return res.text();
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let size = 0;
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel().catch(() => undefined);
      throw new WhoisError(ErrorCode.WHOIS_RESPONDED_WITH_ERROR, `RDAP answer over ${MAX_BODY_BYTES} bytes`);
    }
    text += decoder.decode(value, { stream: true });
  }
  return text + decoder.decode();
}

/**
 * RFC 9083 §4.2 "related" link to the registrar's copy of the same domain (Verisign's shape:
 * rel "related", type application/rdap+json, href …/domain/NAME). Only https, and not the URL just
 * asked, so a registry that links to itself does not cause a second identical request.
 */
function registrarLink(registry: Json, asked: string): string | null {
  for (const link of arrayOf(registry.links)) {
    if (!isObject(link) || link.rel !== 'related' || typeof link.href !== 'string') continue;
    const type = typeof link.type === 'string' ? link.type : '';
    if (type && !/rdap\+json|application\/json/i.test(type)) continue;
    if (!/^https:\/\//i.test(link.href) || !/\/domain\//i.test(link.href)) continue;
    if (link.href.toLowerCase() === asked.toLowerCase()) continue;
    return link.href;
  }
  return null;
}

function toRecord(domain: string, registry: Json, registrar: Json | null): WhoisRecord {
  const docs = registrar ? [registry, registrar] : [registry];
  // The registry is the authority for the registration itself; the registrar only fills gaps.
  const first = <T>(pick: (doc: Json) => T | null): T | null => {
    for (const doc of docs) {
      const value = pick(doc);
      if (value !== null) return value;
    }
    return null;
  };

  // The registry's unicodeName when it sends one (RFC 9083 makes it optional), else derived from the A-labels.
  const unicode = typeof registry.unicodeName === 'string' ? registry.unicodeName.normalize('NFC').toLowerCase().replace(/\.+$/, '') : toUnicodeFqdn(domain);
  const nameservers = first((doc) => {
    const hosts = arrayOf(doc.nameservers).flatMap((ns) => {
      const host = isObject(ns) && typeof ns.ldhName === 'string' ? hostName(ns.ldhName) : null;
      return host ? [host] : [];
    });
    return hosts.length ? uniq(hosts) : null;
  });
  // The registrant: the registrar's version first (it is the one that holds the contact), then the registry's.
  const holder = registrant(registrar) ?? registrant(registry);

  return {
    domain,
    ...(unicode && unicode !== domain ? { unicodeDomain: unicode } : {}),
    registrar: first((doc) => {
      const entity = findEntity(doc, 'registrar');
      return entity ? dataOrNull(vcardText(entity, 'fn')) : null;
    }),
    statuses: uniq(arrayOf(registry.status).filter((s): s is string => typeof s === 'string').map((s) => s.trim()).filter(Boolean)),
    created: first((doc) => event(doc, 'registration')),
    updated: first((doc) => event(doc, 'last changed')),
    expires: first((doc) => event(doc, 'expiration')),
    nameservers: nameservers ?? [],
    dnssec: first(dnssecOf),
    registrant: holder?.contact ?? null,
    privacy: holder?.privacy ?? false,
    source: 'rdap',
  };
}

function event(doc: Json, action: string): string | null {
  for (const e of arrayOf(doc.events)) {
    if (isObject(e) && e.eventAction === action && typeof e.eventDate === 'string') return isoInstant(e.eventDate);
  }
  return null;
}

function dnssecOf(doc: Json): boolean | null {
  const secure = doc.secureDNS;
  if (!isObject(secure)) return null;
  if (typeof secure.delegationSigned === 'boolean') return secure.delegationSigned;
  // Some servers omit the flag but list the DS or key data, which only exists for a signed delegation.
  if (arrayOf(secure.dsData).length || arrayOf(secure.keyData).length) return true;
  return null;
}

function registrant(doc: Json | null): { contact: WhoisContact | null; privacy: boolean } | null {
  if (!doc) return null;
  const entity = findEntity(doc, 'registrant');
  const redactedByList = registrantRedactions(doc);
  if (!entity) return redactedByList ? { contact: null, privacy: true } : null;

  const fn = vcardText(entity, 'fn');
  const org = vcardText(entity, 'org');
  const email = vcardText(entity, 'email');
  const remarks = arrayOf(entity.remarks).flatMap((r) => (isObject(r) && typeof r.title === 'string' ? [r.title] : []));
  const handle = typeof entity.handle === 'string' ? entity.handle : null;

  const contact: WhoisContact = { name: dataOrNull(fn), organisation: dataOrNull(org), email: emailOrNull(email), country: vcardCountry(entity) };
  const empty = !contact.name && !contact.organisation && !contact.email && !contact.country;
  return {
    contact: empty ? null : contact,
    privacy: redactedByList || looksPrivate(fn, org, email, handle, ...remarks),
  };
}

/** RFC 9537 "redacted" members naming a registrant field (ICANN's profile: "Registrant Name", …). */
function registrantRedactions(doc: Json): boolean {
  return arrayOf(doc.redacted).some((r) => {
    if (!isObject(r)) return false;
    const name = isObject(r.name) ? [r.name.type, r.name.description] : [];
    return [...name, r.prePath, r.postPath, r.replacementPath].some((v) => typeof v === 'string' && /registrant/i.test(v));
  });
}

/** The first entity holding the role: top level first, then nested ones (a registrar's contacts nest). */
function findEntity(doc: Json, role: string): Json | null {
  const queue = arrayOf(doc.entities).filter(isObject);
  while (queue.length) {
    const entity = queue.shift()!;
    if (arrayOf(entity.roles).includes(role)) return entity;
    queue.push(...arrayOf(entity.entities).filter(isObject));
  }
  return null;
}

/** jCard (RFC 7095): ["vcard", [[name, params, type, value], …]]. */
function vcardProps(entity: Json, name: string): { params: Json; value: unknown }[] {
  const card = arrayOf(entity.vcardArray);
  return arrayOf(card[1]).flatMap((prop) => {
    const p = arrayOf(prop);
    return p[0] === name ? [{ params: isObject(p[1]) ? p[1] : {}, value: p[3] }] : [];
  });
}

function vcardText(entity: Json, name: string): string | null {
  for (const { value } of vcardProps(entity, name)) {
    // "org" may be structured (["Org", "Unit"]); its parts read naturally joined.
    const text = Array.isArray(value) ? value.filter((v) => typeof v === 'string' && v.trim()).join(', ') : value;
    if (typeof text === 'string' && text.trim()) return text.trim();
  }
  return null;
}

function vcardCountry(entity: Json): string | null {
  for (const { params, value } of vcardProps(entity, 'adr')) {
    // RFC 8605's "cc" parameter carries the code; else the adr's country part, if it is a code.
    const code = countryOrNull(params.cc) ?? (Array.isArray(value) ? countryOrNull(value[6]) : null);
    if (code) return code;
  }
  return null;
}


function arrayOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
