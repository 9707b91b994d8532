// EPP XML both ways, without a dependency: a builder that escapes every text and attribute value by
// construction (names and contact details come from customers), and a small namespace-aware reader
// for the shapes EPP uses (elements, attributes, text; no DTDs, which EPP forbids and which we refuse
// so that no entity expansion can happen).

export const NS = {
  epp: 'urn:ietf:params:xml:ns:epp-1.0',
  domain: 'urn:ietf:params:xml:ns:domain-1.0',
  host: 'urn:ietf:params:xml:ns:host-1.0',
  contact: 'urn:ietf:params:xml:ns:contact-1.0',
  /** The .gr registry's domain extension (announced at login for family 'gr'). */
  grExtDomain: 'http://www.gr/epp/extdomain-1.2',
} as const;

// ---------------------------------------------------------------------------------------------------
// Building

/** Markup already built (and escaped); plain strings passed to `h` are always text. */
export type Xml = { readonly xml: string };
type Child = Xml | string | number | null | undefined | false | Child[];

export function escapeXml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}

/** One element: `h('domain:name', { avail: '1' }, 'example.gr')`. Undefined attributes are left out. */
export function h(name: string, attrs?: Record<string, string | number | undefined> | null, ...content: Child[]): Xml {
  let open = `<${name}`;
  for (const [key, value] of Object.entries(attrs ?? {})) if (value !== undefined) open += ` ${key}="${escapeXml(String(value))}"`;
  const inner = flatten(content);
  return { xml: inner ? `${open}>${inner}</${name}>` : `${open}/>` };
}

function flatten(content: Child[]): string {
  let out = '';
  for (const c of content) {
    if (c === null || c === undefined || c === false) continue;
    if (Array.isArray(c)) out += flatten(c);
    else if (typeof c === 'string' || typeof c === 'number') out += escapeXml(String(c));
    else out += c.xml;
  }
  return out;
}

export function eppDocument(body: Xml): string {
  return `<?xml version="1.0" encoding="UTF-8" standalone="no"?>${h('epp', { xmlns: NS.epp }, body).xml}`;
}

/** A <command> with its client transaction id, which the answer echoes (RFC 5730 §2.5). */
export function eppCommand(clTRID: string, body: Xml, extension?: Xml): string {
  return eppDocument(h('command', null, body, extension && h('extension', null, extension), h('clTRID', null, clTRID)));
}

export type Period = { value: number; unit: 'y' | 'm' };

/** Whole years when the months allow it (registries price in years); months otherwise. */
export function periodOf(months: number): Period {
  return months % 12 === 0 ? { value: months / 12, unit: 'y' } : { value: months, unit: 'm' };
}

const period = (p: Period | undefined) => p && h('domain:period', { unit: p.unit }, p.value);
const dom = (verb: string, ...content: Child[]) => h(`domain:${verb}`, { 'xmlns:domain': NS.domain }, ...content);
const hst = (verb: string, ...content: Child[]) => h(`host:${verb}`, { 'xmlns:host': NS.host }, ...content);
const con = (verb: string, ...content: Child[]) => h(`contact:${verb}`, { 'xmlns:contact': NS.contact }, ...content);
const hostAddrs = (ips: string[]) => ips.map((ip) => h('host:addr', { ip: ip.includes(':') ? 'v6' : 'v4' }, ip));

export const build = {
  login(clTRID: string, input: { clientId: string; password: string; objURIs: string[]; extURIs: string[] }): string {
    return eppCommand(
      clTRID,
      h(
        'login',
        null,
        h('clID', null, input.clientId),
        h('pw', null, input.password),
        h('options', null, h('version', null, '1.0'), h('lang', null, 'en')),
        h('svcs', null, input.objURIs.map((u) => h('objURI', null, u)), input.extURIs.length > 0 && h('svcExtension', null, input.extURIs.map((u) => h('extURI', null, u)))),
      ),
    );
  },
  logout: (clTRID: string) => eppCommand(clTRID, h('logout')),
  domainCheck: (clTRID: string, names: string[]) => eppCommand(clTRID, h('check', null, dom('check', names.map((n) => h('domain:name', null, n))))),
  domainInfo: (clTRID: string, name: string, authCode?: string) =>
    eppCommand(clTRID, h('info', null, dom('info', h('domain:name', { hosts: 'all' }, name), authCode && h('domain:authInfo', null, h('domain:pw', null, authCode))))),
  domainCreate(clTRID: string, input: { name: string; period: Period; nameservers: string[]; registrant: string; contacts: { type: string; id: string }[]; authCode: string }): string {
    return eppCommand(
      clTRID,
      h(
        'create',
        null,
        dom(
          'create',
          h('domain:name', null, input.name),
          period(input.period),
          input.nameservers.length > 0 && h('domain:ns', null, input.nameservers.map((n) => h('domain:hostObj', null, n))),
          h('domain:registrant', null, input.registrant),
          input.contacts.map((c) => h('domain:contact', { type: c.type }, c.id)),
          h('domain:authInfo', null, h('domain:pw', null, input.authCode)),
        ),
      ),
    );
  },
  domainTransfer: (clTRID: string, op: 'request' | 'query', name: string, authCode: string, p?: Period) =>
    eppCommand(clTRID, h('transfer', { op }, dom('transfer', h('domain:name', null, name), period(p), h('domain:authInfo', null, h('domain:pw', null, authCode))))),
  domainRenew: (clTRID: string, name: string, curExpDate: string, p: Period) =>
    eppCommand(clTRID, h('renew', null, dom('renew', h('domain:name', null, name), h('domain:curExpDate', null, curExpDate), period(p)))),
  domainUpdate(
    clTRID: string,
    name: string,
    change: { addNs?: string[]; remNs?: string[]; addStatus?: string[]; remStatus?: string[]; addContacts?: { type: string; id: string }[]; remContacts?: { type: string; id: string }[]; registrant?: string; authCode?: string },
  ): string {
    // RFC 5731 §3.2.5: add and rem hold ns, then contact, then status, in that order.
    const part = (tagName: string, ns: string[] = [], statuses: string[] = [], contacts: { type: string; id: string }[] = []) =>
      (ns.length > 0 || statuses.length > 0 || contacts.length > 0) &&
      h(
        tagName,
        null,
        ns.length > 0 && h('domain:ns', null, ns.map((n) => h('domain:hostObj', null, n))),
        contacts.map((c) => h('domain:contact', { type: c.type }, c.id)),
        statuses.map((s) => h('domain:status', { s })),
      );
    const chg =
      (change.registrant !== undefined || change.authCode !== undefined) &&
      h('domain:chg', null, change.registrant !== undefined && h('domain:registrant', null, change.registrant), change.authCode !== undefined && h('domain:authInfo', null, h('domain:pw', null, change.authCode)));
    return eppCommand(clTRID, h('update', null, dom('update', h('domain:name', null, name), part('domain:add', change.addNs, change.addStatus, change.addContacts), part('domain:rem', change.remNs, change.remStatus, change.remContacts), chg)));
  },
  contactCreate(
    clTRID: string,
    input: { id: string; name: string; organisation?: string | null; email: string; country: string; address?: string | null; city?: string | null; postcode?: string | null; voice?: string | null; authCode: string; hidden: boolean },
  ): string {
    // RFC 5733 requires a city; a contact without one is incomplete and never goes with a placeholder
    // (the registry would publish it, issue #20 §1). Callers check first; this is the last guard.
    const city = (input.city ?? '').trim();
    if (!/[\p{L}\p{N}]/u.test(city)) throw new Error('contact without a city');
    const street = (input.address ?? '').trim();
    const pc = (input.postcode ?? '').trim();
    // 'int' postal info must be 7-bit ASCII (RFC 5733 §2.3); Greek names or places go as 'loc'.
    const type = /^[\x20-\x7e]*$/.test(`${input.name}${input.organisation ?? ''}${street}${city}${pc}`) ? 'int' : 'loc';
    return eppCommand(
      clTRID,
      h(
        'create',
        null,
        con(
          'create',
          h('contact:id', null, input.id),
          h(
            'contact:postalInfo',
            { type },
            h('contact:name', null, input.name),
            input.organisation && h('contact:org', null, input.organisation),
            h('contact:addr', null, street && h('contact:street', null, street), h('contact:city', null, city), pc && h('contact:pc', null, pc), h('contact:cc', null, input.country.toUpperCase())),
          ),
          input.voice && h('contact:voice', null, input.voice),
          h('contact:email', null, input.email),
          h('contact:authInfo', null, h('contact:pw', null, input.authCode)),
          disclose(input.hidden, type),
        ),
      ),
    );
  },
  contactUpdateDisclose: (clTRID: string, id: string, hidden: boolean) =>
    eppCommand(clTRID, h('update', null, con('update', h('contact:id', null, id), h('contact:chg', null, disclose(hidden, 'int'))))),
  contactInfo: (clTRID: string, id: string) => eppCommand(clTRID, h('info', null, con('info', h('contact:id', null, id)))),
  hostCreate: (clTRID: string, name: string, ips: string[]) => eppCommand(clTRID, h('create', null, hst('create', h('host:name', null, name), hostAddrs(ips)))),
  hostInfo: (clTRID: string, name: string) => eppCommand(clTRID, h('info', null, hst('info', h('host:name', null, name)))),
  hostUpdate: (clTRID: string, name: string, add: string[], rem: string[]) =>
    eppCommand(clTRID, h('update', null, hst('update', h('host:name', null, name), add.length > 0 && h('host:add', null, hostAddrs(add)), rem.length > 0 && h('host:rem', null, hostAddrs(rem))))),
  hostDelete: (clTRID: string, name: string) => eppCommand(clTRID, h('delete', null, hst('delete', h('host:name', null, name)))),
  pollRequest: (clTRID: string) => eppCommand(clTRID, h('poll', { op: 'req' })),
  pollAck: (clTRID: string, id: string) => eppCommand(clTRID, h('poll', { op: 'ack', msgID: id })),
};

/** ID protection as EPP has it: the registrant's details flagged as not to be disclosed. */
function disclose(hidden: boolean, type: 'int' | 'loc'): Xml {
  return h('contact:disclose', { flag: hidden ? '0' : '1' }, h('contact:name', { type }), h('contact:addr', { type }), h('contact:voice'), h('contact:email'));
}

// ---------------------------------------------------------------------------------------------------
// Reading

export type XmlElement = { ns: string; name: string; attrs: Record<string, string>; children: XmlElement[]; text: string };

export class XmlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'XmlError';
  }
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decodeEntities(text: string): string {
  return text.replace(/&([^;&\s]{1,10});|&/g, (whole, ref: string | undefined) => {
    if (ref === undefined) throw new XmlError('bare & in text');
    if (ref in ENTITIES) return ENTITIES[ref]!;
    const code = ref.startsWith('#x') ? parseInt(ref.slice(2), 16) : ref.startsWith('#') ? parseInt(ref.slice(1), 10) : NaN;
    if (!Number.isInteger(code) || code < 1 || code > 0x10ffff) throw new XmlError(`unknown entity ${whole}`);
    return String.fromCodePoint(code);
  });
}

const NAME = /[^\s=/>"'<]+/y;
const ATTR = /\s+([^\s=/>"'<]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/y;
const TAG_END = /\s*(\/?)>/y;

/** Parses one document into its root element; namespaces resolved, prefixes dropped. */
export function parseXml(source: string): XmlElement {
  type Open = { el: XmlElement; qname: string; scope: Map<string, string> };
  const stack: Open[] = [];
  let root: XmlElement | null = null;
  let i = source.charCodeAt(0) === 0xfeff ? 1 : 0;
  const skipTo = (end: string) => {
    const at = source.indexOf(end, i);
    if (at < 0) throw new XmlError(`unterminated ${end}`);
    const start = i;
    i = at + end.length;
    return source.slice(start, at);
  };
  const addText = (text: string) => {
    const top = stack[stack.length - 1];
    if (top) top.el.text += text;
    else if (text.trim()) throw new XmlError('text outside the root element');
  };

  while (i < source.length) {
    const lt = source.indexOf('<', i);
    if (lt < 0) {
      addText(decodeEntities(source.slice(i)));
      break;
    }
    if (lt > i) addText(decodeEntities(source.slice(i, lt)));
    i = lt;
    if (source.startsWith('<?', i)) skipTo('?>');
    else if (source.startsWith('<!--', i)) skipTo('-->');
    else if (source.startsWith('<![CDATA[', i)) {
      i += 9;
      addText(skipTo(']]>'));
    } else if (source.startsWith('<!', i)) throw new XmlError('DTDs are not accepted');
    else if (source.startsWith('</', i)) {
      i += 2;
      const qname = skipTo('>').trim();
      const top = stack.pop();
      if (!top || top.qname !== qname) throw new XmlError(`unexpected </${qname}>`);
    } else {
      i += 1;
      NAME.lastIndex = i;
      const nameMatch = NAME.exec(source);
      if (!nameMatch) throw new XmlError('bad start tag');
      const qname = nameMatch[0];
      i = NAME.lastIndex;
      const raw: [string, string][] = [];
      for (;;) {
        ATTR.lastIndex = i;
        const a = ATTR.exec(source);
        if (!a) break;
        raw.push([a[1]!, decodeEntities(a[2] ?? a[3] ?? '')]);
        i = ATTR.lastIndex;
      }
      TAG_END.lastIndex = i;
      const end = TAG_END.exec(source);
      if (!end) throw new XmlError(`bad tag <${qname}>`);
      i = TAG_END.lastIndex;
      if (root && stack.length === 0) throw new XmlError('more than one root element');

      const parent = stack[stack.length - 1];
      const scope = new Map(parent?.scope ?? []);
      const attrs: Record<string, string> = {};
      for (const [key, value] of raw) {
        if (key === 'xmlns') scope.set('', value);
        else if (key.startsWith('xmlns:')) scope.set(key.slice(6), value);
        else attrs[key.includes(':') ? key.slice(key.indexOf(':') + 1) : key] = value;
      }
      const colon = qname.indexOf(':');
      const prefix = colon < 0 ? '' : qname.slice(0, colon);
      const ns = scope.get(prefix);
      if (ns === undefined && prefix) throw new XmlError(`undeclared prefix ${prefix}`);
      const el: XmlElement = { ns: ns ?? '', name: colon < 0 ? qname : qname.slice(colon + 1), attrs, children: [], text: '' };
      if (parent) parent.el.children.push(el);
      else root = el;
      if (!end[1]) stack.push({ el, qname, scope });
    }
  }
  if (stack.length) throw new XmlError(`unclosed <${stack[stack.length - 1]!.qname}>`);
  if (!root) throw new XmlError('no root element');
  return root;
}

export function child(el: XmlElement | null | undefined, ns: string, name: string): XmlElement | undefined {
  return el?.children.find((c) => c.ns === ns && c.name === name);
}

export function childrenOf(el: XmlElement | null | undefined, ns: string, name: string): XmlElement[] {
  return el ? el.children.filter((c) => c.ns === ns && c.name === name) : [];
}

export function textOf(el: XmlElement | null | undefined): string {
  return el ? el.text.trim() : '';
}

// ---------------------------------------------------------------------------------------------------
// EPP messages

export type EppResult = { code: number; msg: string };
export type EppMessageQueue = { count: number; id: string; qDate: Date | null; msg: string };
export type EppResponse = { code: number; msg: string; results: EppResult[]; resData: XmlElement | null; msgQ: EppMessageQueue | null; clTRID: string | null; svTRID: string | null };
export type EppGreeting = { svID: string; objURIs: string[]; extURIs: string[] };

/** The element inside <epp>: greeting, response, command or hello. */
export function readEpp(xml: string): XmlElement {
  const root = parseXml(xml);
  if (root.ns !== NS.epp || root.name !== 'epp') throw new XmlError(`not an EPP message: <${root.name}>`);
  const inner = root.children[0];
  if (!inner || inner.ns !== NS.epp) throw new XmlError('empty EPP message');
  return inner;
}

export function readGreeting(el: XmlElement): EppGreeting {
  if (el.name !== 'greeting') throw new XmlError(`expected a greeting, got <${el.name}>`);
  const menu = child(el, NS.epp, 'svcMenu');
  return {
    svID: textOf(child(el, NS.epp, 'svID')),
    objURIs: childrenOf(menu, NS.epp, 'objURI').map(textOf),
    extURIs: childrenOf(child(menu, NS.epp, 'svcExtension'), NS.epp, 'extURI').map(textOf),
  };
}

export function readResponse(el: XmlElement): EppResponse {
  if (el.name !== 'response') throw new XmlError(`expected a response, got <${el.name}>`);
  const results = childrenOf(el, NS.epp, 'result').map((r): EppResult => ({ code: Number(r.attrs.code), msg: textOf(child(r, NS.epp, 'msg')) }));
  const first = results[0];
  if (!first || !Number.isInteger(first.code)) throw new XmlError('response without a result code');
  const q = child(el, NS.epp, 'msgQ');
  const trID = child(el, NS.epp, 'trID');
  const qDate = textOf(child(q, NS.epp, 'qDate'));
  return {
    code: first.code,
    msg: first.msg,
    results,
    resData: child(el, NS.epp, 'resData') ?? null,
    msgQ: q ? { count: Number(q.attrs.count ?? 0), id: q.attrs.id ?? '', qDate: qDate ? new Date(qDate) : null, msg: textOf(child(q, NS.epp, 'msg')) } : null,
    clTRID: textOf(child(trID, NS.epp, 'clTRID')) || null,
    svTRID: textOf(child(trID, NS.epp, 'svTRID')) || null,
  };
}
