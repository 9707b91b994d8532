// An in-process EPP server for the registry client's tests: it hands out sockets (the SocketLike shape
// of 'cloudflare:sockets') that speak RFC 5734 frames, parses each command with the client's own XML
// reader, and keeps real state (domains, contacts, hosts, a poll queue) so that a test asserts what a
// registry would do, not what a script says. Switches make it close connections or answer errors.
import type { SocketLike } from '../../worker/adapters/whois/port43';
import { encodeFrame, FrameDecoder } from '../../worker/adapters/registry/epp/frame';
import { child, childrenOf, eppDocument, h, NS, readEpp, textOf, type Xml, type XmlElement } from '../../worker/adapters/registry/epp/xml';

export type TestDomain = {
  name: string;
  clID: string;
  statuses: string[];
  authInfo: string;
  registrant: string;
  nameservers: string[];
  crDate: Date;
  upDate: Date;
  exDate: Date;
  /** The registrar that asked for a pending transfer. */
  transferTo?: string;
  /** Role contacts (RFC 5731 domain:contact: admin, tech, billing). */
  contacts?: { type: string; id: string }[];
};
export type TestContact = { id: string; clID: string; name: string; org: string; email: string; city: string; cc: string; voice: string; postalType: string; hidden: boolean };
export type TestMessage = { id: number; qDate: Date; msg: string; resData?: Xml };

export type EppTestServerOptions = {
  clientId?: string;
  password?: string;
  now?: () => Date;
  /** .gr moves a name at once with the right code; most registries leave it pending (1001). */
  transferMode?: 'immediate' | 'pending';
  /** Send answers in pieces of this many bytes, to exercise the client's frame reassembly. */
  chunkSize?: number;
  checkLimit?: number;
};

export type EppTestSwitches = {
  /** connect() throws, as for a refused connection. */
  refuse: boolean;
  /** Close the connection when this command arrives (e.g. 'domain:create', 'login'), answering nothing. */
  closeOn: string | null;
  /** Answer this command ('*' for all but logout) with this result instead of carrying it out. */
  answer: { on: string; code: number; msg: string } | null;
  /** Never answer anything, the greeting included. */
  silent: boolean;
};

const RESULT_MSG: Record<number, string> = {
  1000: 'Command completed successfully',
  1001: 'Command completed successfully; action pending',
  1300: 'Command completed successfully; no messages',
  1301: 'Command completed successfully; ack to dequeue',
  1500: 'Command completed successfully; ending session',
  2002: 'Command use error',
  2005: 'Parameter value syntax error',
  2106: 'Object is not eligible for transfer',
  2200: 'Authentication error',
  2201: 'Authorization error',
  2202: 'Invalid authorization information',
  2300: 'Object pending transfer',
  2302: 'Object exists',
  2303: 'Object does not exist',
  2304: 'Object status prohibits operation',
  2305: 'Object association prohibits operation',
  2306: 'Parameter value policy error',
};

const day = (d: Date) => d.toISOString().slice(0, 10);
function addMonths(date: Date, months: number): Date {
  const d = new Date(date.getTime());
  d.setUTCMonth(d.getUTCMonth() + months);
  return d;
}

export function createEppTestServer(options: EppTestServerOptions = {}) {
  const clientId = options.clientId ?? 'testreg';
  const password = options.password ?? 'secret-pw';
  const now = options.now ?? (() => new Date());
  const checkLimit = options.checkLimit ?? 50;
  const state = {
    domains: new Map<string, TestDomain>(),
    contacts: new Map<string, TestContact>(),
    hosts: new Map<string, { clID: string; addrs: string[] }>(),
    queue: [] as TestMessage[],
    reserved: new Set<string>(),
  };
  const switches: EppTestSwitches = { refuse: false, closeOn: null, answer: null, silent: false };
  /** Every command received, as 'verb' or 'verb:object' (login, domain:check, poll …). */
  const log: string[] = [];
  const logins: { clID: string; objURIs: string[]; extURIs: string[] }[] = [];
  const stats = { opened: 0, closed: 0 };
  let svSeq = 0;
  let msgSeq = 0;

  function seedDomain(d: Partial<TestDomain> & { name: string }): TestDomain {
    const t = now();
    const domain: TestDomain = {
      clID: 'otherreg',
      statuses: ['ok'],
      authInfo: 'Right-Code-1#',
      registrant: 'h0lder',
      nameservers: [],
      crDate: t,
      upDate: t,
      exDate: addMonths(t, 12),
      ...d,
    };
    state.domains.set(domain.name, domain);
    return domain;
  }

  function enqueue(msg: string, resData?: Xml) {
    state.queue.push({ id: ++msgSeq, qDate: now(), msg, resData });
  }

  /** The losing registrar approves every pending transfer; the gaining one is told by poll. */
  function approveTransfers() {
    for (const d of state.domains.values()) {
      if (!d.transferTo) continue;
      d.clID = d.transferTo;
      d.transferTo = undefined;
      d.statuses = ['ok'];
      d.exDate = addMonths(d.exDate, 12);
      enqueue('Transfer approved', trnData(d, 'clientApproved', d.clID));
    }
  }

  function trnData(d: TestDomain, trStatus: string, reID: string): Xml {
    return h(
      'domain:trnData',
      { 'xmlns:domain': NS.domain },
      h('domain:name', null, d.name),
      h('domain:trStatus', null, trStatus),
      h('domain:reID', null, reID),
      h('domain:reDate', null, now().toISOString()),
      h('domain:acID', null, 'otherreg'),
      h('domain:acDate', null, now().toISOString()),
      h('domain:exDate', null, d.exDate.toISOString()),
    );
  }

  function response(clTRID: string, code: number, extra: { msg?: string; resData?: Xml; msgQ?: Xml } = {}): string {
    return eppDocument(
      h(
        'response',
        null,
        h('result', { code }, h('msg', null, extra.msg ?? RESULT_MSG[code] ?? 'Command failed')),
        extra.msgQ,
        extra.resData && h('resData', null, extra.resData),
        h('trID', null, clTRID && h('clTRID', null, clTRID), h('svTRID', null, `SV-${++svSeq}`)),
      ),
    );
  }

  function greeting(): string {
    return eppDocument(
      h(
        'greeting',
        null,
        h('svID', null, 'EPP test server'),
        h('svDate', null, now().toISOString()),
        h('svcMenu', null, h('version', null, '1.0'), h('lang', null, 'en'), [NS.domain, NS.host, NS.contact].map((u) => h('objURI', null, u)), h('svcExtension', null, h('extURI', null, NS.grExtDomain))),
        h('dcp', null, h('access', null, h('all')), h('statement', null, h('purpose', null, h('admin')), h('recipient', null, h('ours')), h('retention', null, h('stated')))),
      ),
    );
  }

  /** The command's verb element and its object element (domain:check inside check …). */
  function parts(command: XmlElement) {
    const verb = command.children.find((c) => c.ns === NS.epp && c.name !== 'clTRID' && c.name !== 'extension')!;
    const object = verb.children[0];
    const kind = object ? `${object.ns === NS.domain ? 'domain' : object.ns === NS.host ? 'host' : object.ns === NS.contact ? 'contact' : '?'}:${object.name}` : verb.name;
    return { verb, object, kind: verb.name === 'login' || verb.name === 'logout' || verb.name === 'poll' ? verb.name : kind };
  }

  function periodMonths(el: XmlElement | undefined, fallback: number): number {
    const p = child(el, NS.domain, 'period');
    if (!p) return fallback;
    return Number(textOf(p)) * (p.attrs.unit === 'm' ? 1 : 12);
  }

  /** Carries out one command for a logged-in session. */
  function execute(kind: string, verb: XmlElement, o: XmlElement | undefined, clTRID: string): string {
    const d = (ns: string, name: string) => textOf(child(o, ns, name));
    const domainOf = () => state.domains.get(d(NS.domain, 'name').toLowerCase());
    switch (kind) {
      case 'domain:check': {
        const names = childrenOf(o, NS.domain, 'name').map(textOf);
        if (names.length > checkLimit) return response(clTRID, 2306, { msg: `at most ${checkLimit} names per check` });
        const cds = names.map((n) => {
          const held = state.domains.get(n.toLowerCase());
          const reason = state.reserved.has(n.toLowerCase()) ? 'Reserved name' : held?.statuses.includes('redemptionPeriod') ? 'In redemption period' : held ? 'In use' : null;
          return h('domain:cd', null, h('domain:name', { avail: reason ? '0' : '1' }, n), reason && h('domain:reason', null, reason));
        });
        return response(clTRID, 1000, { resData: h('domain:chkData', { 'xmlns:domain': NS.domain }, cds) });
      }
      case 'domain:info': {
        const dom = domainOf();
        if (!dom) return response(clTRID, 2303);
        const ours = dom.clID === clientId;
        return response(clTRID, 1000, {
          resData: h(
            'domain:infData',
            { 'xmlns:domain': NS.domain },
            h('domain:name', null, dom.name),
            h('domain:roid', null, `${dom.name.replace(/\W/g, '')}-REP`),
            dom.statuses.map((s) => h('domain:status', { s })),
            h('domain:registrant', null, dom.registrant),
            (dom.contacts ?? []).map((c) => h('domain:contact', { type: c.type }, c.id)),
            dom.nameservers.length > 0 && h('domain:ns', null, dom.nameservers.map((n) => h('domain:hostObj', null, n))),
            h('domain:clID', null, dom.clID),
            h('domain:crDate', null, dom.crDate.toISOString()),
            h('domain:upDate', null, dom.upDate.toISOString()),
            h('domain:exDate', null, dom.exDate.toISOString()),
            ours && h('domain:authInfo', null, h('domain:pw', null, dom.authInfo)),
          ),
        });
      }
      case 'domain:create': {
        const name = d(NS.domain, 'name').toLowerCase();
        if (state.domains.has(name) || state.reserved.has(name)) return response(clTRID, 2302);
        const registrant = d(NS.domain, 'registrant');
        if (!state.contacts.has(registrant)) return response(clTRID, 2303, { msg: `contact ${registrant} does not exist` });
        const t = now();
        const dom = seedDomain({
          name,
          clID: clientId,
          registrant,
          authInfo: textOf(child(child(o, NS.domain, 'authInfo'), NS.domain, 'pw')),
          nameservers: childrenOf(child(o, NS.domain, 'ns'), NS.domain, 'hostObj').map(textOf),
          contacts: childrenOf(o, NS.domain, 'contact').map((c) => ({ type: c.attrs.type ?? '', id: textOf(c) })),
          crDate: t,
          upDate: t,
          exDate: addMonths(t, periodMonths(o, 12)),
        });
        return response(clTRID, 1000, {
          resData: h('domain:creData', { 'xmlns:domain': NS.domain }, h('domain:name', null, name), h('domain:crDate', null, t.toISOString()), h('domain:exDate', null, dom.exDate.toISOString())),
        });
      }
      case 'domain:transfer': {
        const dom = domainOf();
        if (!dom) return response(clTRID, 2303);
        const pw = textOf(child(child(o, NS.domain, 'authInfo'), NS.domain, 'pw'));
        if (verb.attrs.op === 'query') {
          if (pw !== dom.authInfo && dom.clID !== clientId && dom.transferTo !== clientId) return response(clTRID, 2202);
          return response(clTRID, 1000, { resData: trnData(dom, dom.transferTo ? 'pending' : 'serverApproved', dom.transferTo ?? dom.clID) });
        }
        if (verb.attrs.op !== 'request') return response(clTRID, 2002);
        if (dom.clID === clientId) return response(clTRID, 2106);
        if (dom.transferTo) return response(clTRID, 2300);
        if (dom.statuses.some((s) => s.endsWith('TransferProhibited'))) return response(clTRID, 2304);
        if (pw !== dom.authInfo) return response(clTRID, 2202);
        if (options.transferMode === 'pending') {
          dom.transferTo = clientId;
          dom.statuses = ['pendingTransfer'];
          return response(clTRID, 1001, { resData: trnData(dom, 'pending', clientId) });
        }
        dom.clID = clientId;
        dom.exDate = addMonths(dom.exDate, periodMonths(o, 12));
        dom.authInfo = `New-${svSeq}#`;
        dom.upDate = now();
        return response(clTRID, 1000, { resData: trnData(dom, 'serverApproved', clientId) });
      }
      case 'domain:renew': {
        const dom = domainOf();
        if (!dom) return response(clTRID, 2303);
        if (dom.clID !== clientId) return response(clTRID, 2201);
        if (d(NS.domain, 'curExpDate') !== day(dom.exDate)) return response(clTRID, 2306, { msg: 'curExpDate does not match the expiry date' });
        const next = addMonths(dom.exDate, periodMonths(o, 12));
        if (next.getTime() > addMonths(now(), 121).getTime()) return response(clTRID, 2306, { msg: 'more than ten years' });
        dom.exDate = next;
        dom.statuses = dom.statuses.filter((s) => s !== 'redemptionPeriod');
        return response(clTRID, 1000, { resData: h('domain:renData', { 'xmlns:domain': NS.domain }, h('domain:name', null, dom.name), h('domain:exDate', null, next.toISOString())) });
      }
      case 'domain:update': {
        const dom = domainOf();
        if (!dom) return response(clTRID, 2303);
        if (dom.clID !== clientId) return response(clTRID, 2201);
        const add = child(o, NS.domain, 'add');
        const rem = child(o, NS.domain, 'rem');
        const chg = child(o, NS.domain, 'chg');
        const addStatus = childrenOf(add, NS.domain, 'status').map((s) => s.attrs.s ?? '');
        if (addStatus.some((s) => dom.statuses.includes(s))) return response(clTRID, 2306, { msg: 'status already set' });
        if (dom.statuses.includes('clientUpdateProhibited') && !childrenOf(rem, NS.domain, 'status').some((s) => s.attrs.s === 'clientUpdateProhibited')) return response(clTRID, 2304);
        const registrant = textOf(child(chg, NS.domain, 'registrant'));
        if (registrant && !state.contacts.has(registrant)) return response(clTRID, 2303, { msg: `contact ${registrant} does not exist` });
        // Role contacts: each added one must exist, each removed one must be there (RFC 5731 §3.2.5).
        const contactsOf = (el: typeof add) => childrenOf(el, NS.domain, 'contact').map((c) => ({ type: c.attrs.type ?? '', id: textOf(c) }));
        const addContacts = contactsOf(add);
        const remContacts = contactsOf(rem);
        if (addContacts.some((c) => !state.contacts.has(c.id))) return response(clTRID, 2303, { msg: 'contact does not exist' });
        if (remContacts.some((r) => !(dom.contacts ?? []).some((c) => c.type === r.type && c.id === r.id))) return response(clTRID, 2303, { msg: 'contact not associated' });
        dom.contacts = [...(dom.contacts ?? []).filter((c) => !remContacts.some((r) => r.type === c.type && r.id === c.id)), ...addContacts];
        const remNs = childrenOf(child(rem, NS.domain, 'ns'), NS.domain, 'hostObj').map(textOf);
        const remStatus = childrenOf(rem, NS.domain, 'status').map((s) => s.attrs.s ?? '');
        dom.nameservers = [...dom.nameservers.filter((n) => !remNs.includes(n)), ...childrenOf(child(add, NS.domain, 'ns'), NS.domain, 'hostObj').map(textOf)];
        const statuses = [...dom.statuses.filter((s) => s !== 'ok' && !remStatus.includes(s)), ...addStatus];
        dom.statuses = statuses.length ? statuses : ['ok'];
        if (registrant) dom.registrant = registrant;
        const pw = child(child(chg, NS.domain, 'authInfo'), NS.domain, 'pw');
        if (pw) dom.authInfo = textOf(pw);
        dom.upDate = now();
        return response(clTRID, 1000);
      }
      case 'contact:create': {
        const id = d(NS.contact, 'id');
        if (state.contacts.has(id)) return response(clTRID, 2302);
        const postal = child(o, NS.contact, 'postalInfo');
        const email = d(NS.contact, 'email');
        if (!email.includes('@')) return response(clTRID, 2005, { msg: 'bad e-mail' });
        const city = textOf(child(child(postal, NS.contact, 'addr'), NS.contact, 'city'));
        // RFC 5733: the city is required; like a registry, refuse a contact without one.
        if (!city) return response(clTRID, 2003, { msg: 'city missing' });
        state.contacts.set(id, {
          id,
          clID: clientId,
          name: textOf(child(postal, NS.contact, 'name')),
          org: textOf(child(postal, NS.contact, 'org')),
          email,
          city,
          cc: textOf(child(child(postal, NS.contact, 'addr'), NS.contact, 'cc')),
          voice: d(NS.contact, 'voice'),
          postalType: postal?.attrs.type ?? '',
          hidden: child(o, NS.contact, 'disclose')?.attrs.flag === '0',
        });
        return response(clTRID, 1000, { resData: h('contact:creData', { 'xmlns:contact': NS.contact }, h('contact:id', null, id), h('contact:crDate', null, now().toISOString())) });
      }
      case 'contact:info': {
        const c = state.contacts.get(d(NS.contact, 'id'));
        if (!c) return response(clTRID, 2303);
        if (c.clID !== clientId) return response(clTRID, 2201);
        return response(clTRID, 1000, {
          resData: h(
            'contact:infData',
            { 'xmlns:contact': NS.contact },
            h('contact:id', null, c.id),
            h('contact:postalInfo', { type: c.postalType }, h('contact:name', null, c.name), c.org && h('contact:org', null, c.org), h('contact:addr', null, h('contact:city', null, '-'), h('contact:cc', null, c.cc))),
            c.voice && h('contact:voice', null, c.voice),
            h('contact:email', null, c.email),
            h('contact:clID', null, c.clID),
            h('contact:disclose', { flag: c.hidden ? '0' : '1' }, h('contact:voice'), h('contact:email')),
          ),
        });
      }
      case 'contact:update': {
        const c = state.contacts.get(d(NS.contact, 'id'));
        if (!c) return response(clTRID, 2303);
        const flag = child(child(o, NS.contact, 'chg'), NS.contact, 'disclose')?.attrs.flag;
        if (flag !== undefined) c.hidden = flag === '0';
        return response(clTRID, 1000);
      }
      case 'host:create': {
        const name = d(NS.host, 'name').toLowerCase();
        if (state.hosts.has(name)) return response(clTRID, 2302);
        state.hosts.set(name, { clID: clientId, addrs: childrenOf(o, NS.host, 'addr').map(textOf) });
        return response(clTRID, 1000, { resData: h('host:creData', { 'xmlns:host': NS.host }, h('host:name', null, name), h('host:crDate', null, now().toISOString())) });
      }
      case 'host:info': {
        const name = d(NS.host, 'name').toLowerCase();
        const host = state.hosts.get(name);
        if (!host) return response(clTRID, 2303);
        return response(clTRID, 1000, {
          resData: h('host:infData', { 'xmlns:host': NS.host }, h('host:name', null, name), host.addrs.map((a) => h('host:addr', { ip: a.includes(':') ? 'v6' : 'v4' }, a)), h('host:clID', null, host.clID)),
        });
      }
      case 'host:update': {
        const name = d(NS.host, 'name').toLowerCase();
        const host = state.hosts.get(name);
        if (!host) return response(clTRID, 2303);
        const rem = childrenOf(child(o, NS.host, 'rem'), NS.host, 'addr').map(textOf);
        host.addrs = [...host.addrs.filter((a) => !rem.includes(a)), ...childrenOf(child(o, NS.host, 'add'), NS.host, 'addr').map(textOf)];
        return response(clTRID, 1000);
      }
      case 'host:delete': {
        const name = d(NS.host, 'name').toLowerCase();
        if (!state.hosts.has(name)) return response(clTRID, 2303);
        if ([...state.domains.values()].some((dom) => dom.nameservers.includes(name))) return response(clTRID, 2305);
        state.hosts.delete(name);
        return response(clTRID, 1000);
      }
      case 'poll': {
        if (verb.attrs.op === 'ack') {
          const at = state.queue.findIndex((m) => String(m.id) === verb.attrs.msgID);
          if (at < 0) return response(clTRID, 2303);
          state.queue.splice(at, 1);
          return response(clTRID, 1000, { msgQ: h('msgQ', { count: state.queue.length, id: verb.attrs.msgID }) });
        }
        const head = state.queue[0];
        if (!head) return response(clTRID, 1300);
        return response(clTRID, 1301, {
          msgQ: h('msgQ', { count: state.queue.length, id: head.id }, h('qDate', null, head.qDate.toISOString()), h('msg', null, head.msg)),
          resData: head.resData,
        });
      }
      default:
        return response(clTRID, 2000 + 101, { msg: `unimplemented command ${kind}` });
    }
  }

  const connect = (address: { hostname: string; port: number }, _options?: { secureTransport?: string; allowHalfOpen?: boolean }): SocketLike => {
    if (switches.refuse) throw new Error(`connection to ${address.hostname}:${address.port} refused`);
    stats.opened += 1;
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    let open = true;
    let resolveClosed!: () => void;
    const closed = new Promise<void>((r) => (resolveClosed = r));
    const shut = () => {
      if (!open) return;
      open = false;
      stats.closed += 1;
      controller.close();
      resolveClosed();
    };
    const send = (xml: string) => {
      if (!open || switches.silent) return;
      const frame = encodeFrame(xml);
      const size = options.chunkSize ?? frame.byteLength;
      for (let at = 0; at < frame.byteLength; at += size) controller.enqueue(frame.slice(at, at + size));
    };
    const readable = new ReadableStream<Uint8Array>({
      start(c) {
        controller = c;
      },
    });
    const decoder = new FrameDecoder();
    let loggedIn = false;
    const writable = new WritableStream<Uint8Array>({
      write(chunk) {
        if (!open) throw new Error('socket closed');
        for (const frame of decoder.push(chunk)) {
          const el = readEpp(frame);
          if (el.name === 'hello') {
            send(greeting());
            continue;
          }
          const clTRID = textOf(child(el, NS.epp, 'clTRID'));
          const { verb, object, kind } = parts(el);
          log.push(kind);
          if (switches.closeOn === kind) return shut();
          const forced = switches.answer;
          if (forced && kind !== 'logout' && (forced.on === '*' || forced.on === kind)) {
            send(response(clTRID, forced.code, { msg: forced.msg }));
            if (forced.code >= 2500) shut();
            continue;
          }
          if (kind === 'login') {
            const svcs = child(verb, NS.epp, 'svcs');
            const clID = textOf(child(verb, NS.epp, 'clID'));
            logins.push({ clID, objURIs: childrenOf(svcs, NS.epp, 'objURI').map(textOf), extURIs: childrenOf(child(svcs, NS.epp, 'svcExtension'), NS.epp, 'extURI').map(textOf) });
            loggedIn = clID === clientId && textOf(child(verb, NS.epp, 'pw')) === password;
            send(response(clTRID, loggedIn ? 1000 : 2200));
          } else if (kind === 'logout') {
            send(response(clTRID, 1500));
            shut();
          } else if (!loggedIn) send(response(clTRID, 2002, { msg: 'log in first' }));
          else send(execute(kind, verb, object, clTRID));
        }
      },
    });
    queueMicrotask(() => send(greeting()));
    return { readable, writable, closed, close: () => shut() };
  };

  return { connect, state, switches, log, logins, stats, seedDomain, enqueue, approveTransfers, clientId, password };
}

export type EppTestServer = ReturnType<typeof createEppTestServer>;
