// Reading port-43 answers. WHOIS text has no standard, but the registries this shop asks use two
// layouts, often mixed:
// - flat "Key: value" lines (ICANN's gTLD format at Verisign and PIR; DENIC, AFNIC, nic.at);
// - sections: a heading, with or without a colon, and indented lines under it (EURid, DNS Belgium,
//   Registro .it, SIDN, Nominet), where "Name:" under "Registrar" is not the registrant's name.
// Keys are matched case-insensitively against the names registries actually use.
import { ErrorCode } from '../../../core/errors';
import { countryOrNull, dataOrNull, emailOrNull, hostName, isoInstant, looksPrivate, toUnicodeFqdn, uniq } from './normalize';
import { WhoisError, type WhoisContact, type WhoisRecord } from './port';

type Field = { key: string; value: string };
type Section = { title: string; fields: Field[]; lines: string[] };

/**
 * Answers meaning "no such domain". DNS Belgium says "NOT AVAILABLE" for a registered name, hence
 * the anchored status patterns.
 */
const NO_RESULT = [
  /^\s*No match(?:es)? for\b/im, // Verisign, Nominet, PIR
  /^[\s%#]*NOT FOUND\b/im, // AFNIC "%% NOT FOUND", several gTLD back ends
  /\bNo entries found\b/i,
  /^\s*Status:\s*(?:AVAILABLE|free)\s*$/im, // EURid, Registro .it, DNS Belgium; DENIC "free"
  /^\s*Domain Status:\s*(?:No Object Found|free|available)\s*$/im,
  /\bNo Data Found\b/i,
  /^\s*Domain not found\b/im,
  /\bThe queried object does not exist\b/i,
  /^[\s%]*nothing found\b/im, // nic.at
  /^\S+ is free\s*$/im, // SIDN
];

/** Answers meaning "not now" (quota, blocked address) rather than data. */
const REFUSED = /limit (?:exceeded|reached)|quota|too many (?:queries|requests)|try again later|access denied|not authori[sz]ed|connection refused/i;

const KEYS = {
  registrar: ['registrar', 'sponsoring registrar', 'registrar name', 'registrar organization'],
  // Earlier names win: the registry's expiry over the registrar's own copy of it.
  created: ['creation date', 'created', 'created on', 'created date', 'registered', 'registered on', 'registration date', 'registration time', 'domain registration date', 'domain create date'],
  updated: ['updated date', 'updated', 'last updated', 'last update', 'last-update', 'last modified', 'modified', 'changed', 'last updated on'],
  expires: ['registry expiry date', 'expiration date', 'expiry date', 'expire date', 'expires', 'expires on', 'expiration time', 'paid-till', 'domain expiration date', 'renewal date', 'registrar registration expiration date'],
  nameservers: ['name server', 'nameserver', 'nserver', 'name servers', 'nameservers', 'domain nameservers'],
  statuses: ['domain status', 'status', 'state', 'registration status'],
  dnssec: ['dnssec', 'signed', 'dnssec signed'],
  dnsKeys: ['dnskey', 'ds-rdata', 'ds record', 'keys'],
  registrantName: ['registrant name', 'registrant contact name'],
  registrantOrg: ['registrant organization', 'registrant organisation', 'registrant org'],
  registrantEmail: ['registrant email', 'registrant e-mail', 'registrant contact email'],
  registrantCountry: ['registrant country', 'registrant country code', 'registrant country/economy'],
} as const;

// The registrant's and the registrar's own headings; "Registrar Technical Contacts" (DNS Belgium) or
// "Registrant's address" (Nominet) are neither, though they must not leak into the flat fields.
const REGISTRANT_SECTION = /^(?:registrant|holder|owner)$/;
const REGISTRAR_SECTION = /^(?:registrar|sponsoring registrar)$/;
// Headings whose "Name:" and "Email:" belong to someone other than the domain's registrant.
const CONTACT_SECTION = /^(?:registrant|registrar|holder|owner)|contact|admin|tech|billing|onsite|zone-c|reseller/;

export function parseWhoisText(domain: string, raw: string): WhoisRecord {
  const text = raw.replace(/^\uFEFF/, '');
  if (!text.trim()) throw new WhoisError(ErrorCode.WHOIS_RESPONDED_WITH_ERROR, 'empty WHOIS answer');
  if (NO_RESULT.some((pattern) => pattern.test(text))) {
    throw new WhoisError(ErrorCode.WHOIS_RESPONDED_NO_RESULT, `WHOIS has no record of ${domain}`);
  }

  const { fields, sections } = scan(text);
  const all = (names: readonly string[]) => names.flatMap((name) => fields.filter((f) => f.key === name).map((f) => f.value));
  const firstDate = (names: readonly string[]) => {
    for (const value of all(names)) {
      const iso = isoInstant(value);
      if (iso) return iso;
    }
    return null;
  };

  const registrarSection = sections.find((s) => REGISTRAR_SECTION.test(s.title));
  const registrar =
    all(KEYS.registrar).map(cleanRegistrar).find(Boolean) ??
    (registrarSection
      ? (registrarSection.fields.find((f) => f.key === 'name' || f.key === 'organization' || f.key === 'organisation')?.value ??
        registrarSection.lines.map(cleanRegistrar).find(Boolean) ??
        null)
      : null);

  const nameservers = uniq(all(KEYS.nameservers).flatMap((v) => hostName(v) ?? []));
  const statuses = uniq(all(KEYS.statuses).flatMap(splitStatus));
  const created = firstDate(KEYS.created);
  const updated = firstDate(KEYS.updated);
  const expires = firstDate(KEYS.expires);
  const { registrant, privacy } = readRegistrant(fields, sections);

  if (!registrar && !created && !updated && !expires && !nameservers.length && !statuses.length) {
    throw new WhoisError(
      ErrorCode.WHOIS_RESPONDED_WITH_ERROR,
      REFUSED.test(text) ? 'WHOIS server refused the query' : 'WHOIS answer has no domain data',
    );
  }

  const unicode = toUnicodeFqdn(domain);
  return {
    domain,
    ...(unicode !== domain ? { unicodeDomain: unicode } : {}),
    registrar: dataOrNull(registrar ?? null),
    statuses,
    created,
    updated,
    expires,
    nameservers,
    dnssec: readDnssec(all(KEYS.dnssec), all(KEYS.dnsKeys).length > 0 || sections.some((s) => s.title === 'keys' && s.lines.length > 0)),
    registrant,
    privacy,
    source: 'whois',
    raw: text,
  };
}

/**
 * One pass over the lines. Flat "Key: value" pairs, and those under headings that are not someone's
 * contact (Nominet's "Relevant dates:"), go to `fields`; a heading followed by plain lines (Nominet's
 * "Name servers:") turns each line into a field named after the heading. Contact and registrar
 * sections are kept apart in `sections`.
 */
function scan(text: string): { fields: Field[]; sections: Section[] } {
  const lines: { indent: number; body: string }[] = [];
  for (const line of text.split(/\r?\n/)) {
    // ICANN's format ends the data with ">>> Last update of WHOIS database"; the legal notice after it
    // has "Key: value"-looking sentences.
    if (/^\s*>>>/.test(line)) break;
    const body = line.trim();
    // Comment lines (%, #) carry notices, not data; not-found markers were checked before this.
    if (!body || /^[%#]/.test(body)) continue;
    lines.push({ indent: line.length - line.trimStart().length, body });
  }

  const fields: Field[] = [];
  const sections: Section[] = [];
  let open: { indent: number; section: Section; scoped: boolean } | null = null;

  lines.forEach(({ indent, body }, i) => {
    if (open && indent <= open.indent) open = null;
    const pair = body.match(/^([A-Za-z][A-Za-z0-9 ._/()'-]*?)\s*:(?:\s+(.*))?$/);
    const key = pair ? pair[1]!.toLowerCase().replace(/\s+/g, ' ') : null;
    const value = pair ? (pair[2] ?? '').trim() : body;
    const next = lines[i + 1];

    // A heading: nothing after it on the line, and the next line indented under it.
    if (!open && (!pair || !value) && next && next.indent > indent) {
      const title = (key ?? body.replace(/:$/, '')).toLowerCase();
      const section: Section = { title, fields: [], lines: [] };
      sections.push(section);
      const scoped = CONTACT_SECTION.test(title);
      open = { indent, section, scoped };
      return;
    }

    if (open) {
      if (pair && value) open.section.fields.push({ key: key!, value });
      else open.section.lines.push(body);
      if (!open.scoped) {
        if (pair && value) fields.push({ key: key!, value });
        else fields.push({ key: open.section.title, value: body });
      }
      return;
    }
    if (pair && value) fields.push({ key: key!, value });
  });
  return { fields, sections };
}

function readRegistrant(fields: Field[], sections: Section[]): { registrant: WhoisContact | null; privacy: boolean } {
  const flat = (names: readonly string[]) => fields.find((f) => (names as readonly string[]).includes(f.key))?.value ?? null;
  const section = sections.find((s) => REGISTRANT_SECTION.test(s.title));
  const inSection = (...names: string[]) => section?.fields.find((f) => names.includes(f.key))?.value ?? null;

  // Nominet writes the registrant's name as a plain line under the heading, with no "Name:".
  const plainName = section && !section.fields.length && section.lines.length === 1 && !looksPrivate(section.lines[0]) ? section.lines[0]! : null;
  const name = flat(KEYS.registrantName) ?? inSection('name') ?? plainName;
  const org = flat(KEYS.registrantOrg) ?? inSection('organization', 'organisation', 'org', 'company');
  const email = flat(KEYS.registrantEmail) ?? inSection('email', 'e-mail');
  const country = flat(KEYS.registrantCountry) ?? inSection('country', 'country code', 'countrycode');

  const contact: WhoisContact = { name: dataOrNull(name), organisation: dataOrNull(org), email: emailOrNull(email), country: countryOrNull(country) };
  const empty = !contact.name && !contact.organisation && !contact.email && !contact.country;
  return {
    registrant: empty ? null : contact,
    // EURid and DNS Belgium put a sentence ("NOT DISCLOSED!") under the heading instead of fields.
    privacy: looksPrivate(name, org, email, ...(section?.lines ?? [])),
  };
}

function readDnssec(values: string[], hasKeys: boolean): boolean | null {
  for (const value of values) {
    if (/^(?:yes|signed|signeddelegation|signed delegation|true|active)\b/i.test(value)) return true;
    if (/^(?:no|unsigned|unsigned delegation|false|inactive)\b/i.test(value)) return false;
  }
  return hasKeys ? true : null;
}

/** "clientHold https://icann.org/epp#clientHold" → "clientHold"; "ok, ACTIVE" stays as two. */
function splitStatus(value: string): string[] {
  const words = value.replace(/\s*\(?https?:\/\/\S+\)?/g, '').trim();
  return words ? words.split(/\s*,\s*/).filter(Boolean) : [];
}

/**
 * Nominet writes "Nominet UK [Tag = NOMINET]", nic.at "NAME ( https://nic.at/registrar/434 )": the tag
 * and the link are not part of the name.
 */
function cleanRegistrar(value: string): string | null {
  return dataOrNull(value.replace(/\s*\[Tag = [^\]]*\]\s*$/i, '').replace(/\s*\(\s*https?:\/\/[^)]*\)\s*$/i, '').trim());
}

