import { describe, expect, it } from 'vitest';
import { createRdapWhois } from './rdap';
import { WhoisError } from './port';

// Fixtures follow the shapes registries and registrars actually send (Verisign's thin .com answer
// with its "related" link, an ICANN-profile registrar answer, PIR with RFC 9537 redactions); names,
// handles and addresses are made up.
const VERISIGN_COM = {
  objectClassName: 'domain',
  handle: '2336799_DOMAIN_COM-VRSN',
  ldhName: 'EXAMPLE-SHOP.COM',
  links: [
    {
      value: 'https://rdap.verisign.com/com/v1/domain/EXAMPLE-SHOP.COM',
      rel: 'self',
      href: 'https://rdap.verisign.com/com/v1/domain/EXAMPLE-SHOP.COM',
      type: 'application/rdap+json',
    },
    {
      value: 'https://rdap.verisign.com/com/v1/domain/EXAMPLE-SHOP.COM',
      rel: 'related',
      href: 'https://rdap.registrar.example/rdap/domain/EXAMPLE-SHOP.COM',
      type: 'application/rdap+json',
    },
  ],
  status: ['client delete prohibited', 'client transfer prohibited', 'client update prohibited'],
  entities: [
    {
      objectClassName: 'entity',
      handle: '1234',
      roles: ['registrar'],
      publicIds: [{ type: 'IANA Registrar ID', identifier: '1234' }],
      vcardArray: ['vcard', [['version', {}, 'text', '4.0'], ['fn', {}, 'text', 'Example Registrar, Inc.']]],
      entities: [
        {
          objectClassName: 'entity',
          roles: ['abuse'],
          vcardArray: [
            'vcard',
            [
              ['version', {}, 'text', '4.0'],
              ['fn', {}, 'text', ''],
              ['tel', { type: 'voice' }, 'uri', 'tel:+30.2100000000'],
              ['email', {}, 'text', 'abuse@registrar.example'],
            ],
          ],
        },
      ],
    },
  ],
  events: [
    { eventAction: 'registration', eventDate: '2011-03-09T15:22:41Z' },
    { eventAction: 'expiration', eventDate: '2027-03-09T15:22:41Z' },
    { eventAction: 'last changed', eventDate: '2025-02-20T08:14:03Z' },
    { eventAction: 'last update of RDAP database', eventDate: '2026-07-01T10:00:00Z' },
  ],
  secureDNS: { delegationSigned: false },
  nameservers: [
    { objectClassName: 'nameserver', ldhName: 'NS1.DNSHOST.EXAMPLE' },
    { objectClassName: 'nameserver', ldhName: 'NS2.DNSHOST.EXAMPLE.' },
  ],
  rdapConformance: ['rdap_level_0', 'icann_rdap_technical_implementation_guide_1', 'icann_rdap_response_profile_1'],
  notices: [{ title: 'Terms of Use', description: ['Service subject to Terms of Use.'] }],
};

const REGISTRAR_COM = {
  objectClassName: 'domain',
  ldhName: 'example-shop.com',
  status: ['client transfer prohibited'],
  entities: [
    {
      objectClassName: 'entity',
      roles: ['registrant'],
      vcardArray: [
        'vcard',
        [
          ['version', {}, 'text', '4.0'],
          ['fn', {}, 'text', 'Maria Papadopoulou'],
          ['org', { type: 'work' }, 'text', 'Example Shop IKE'],
          ['adr', { cc: 'GR' }, 'text', ['', '', 'Odos Ermou 1', 'Athina', 'Attiki', '10563', '']],
          ['email', {}, 'text', 'maria@example-shop.com'],
        ],
      ],
    },
    {
      objectClassName: 'entity',
      roles: ['registrar'],
      vcardArray: ['vcard', [['version', {}, 'text', '4.0'], ['fn', {}, 'text', 'Example Registrar (registrar copy)']]],
    },
  ],
  events: [{ eventAction: 'registrar expiration', eventDate: '2027-03-09T15:22:41Z' }],
};

const PIR_PRIVATE_ORG = {
  objectClassName: 'domain',
  ldhName: 'quiet-garden.org',
  status: ['client transfer prohibited'],
  entities: [
    {
      objectClassName: 'entity',
      roles: ['registrar'],
      vcardArray: ['vcard', [['version', {}, 'text', '4.0'], ['fn', {}, 'text', 'NameCheap, Inc.']]],
    },
    {
      objectClassName: 'entity',
      roles: ['registrant'],
      remarks: [{ title: 'REDACTED FOR PRIVACY', description: ['Some of the data in this object has been removed.'], type: 'object redacted due to authorization' }],
      vcardArray: [
        'vcard',
        [
          ['version', {}, 'text', '4.0'],
          ['fn', {}, 'text', 'Redacted for Privacy'],
          ['org', {}, 'text', 'Privacy service provided by Withheld for Privacy ehf'],
          ['adr', {}, 'text', ['', '', 'Kalkofnsvegur 2', 'Reykjavik', 'Capital Region', '101', 'IS']],
          ['email', {}, 'text', '0a1b2c3d4e@withheldforprivacy.com'],
        ],
      ],
    },
  ],
  events: [
    { eventAction: 'registration', eventDate: '2019-06-01T12:00:00.000Z' },
    { eventAction: 'expiration', eventDate: '2026-06-01T12:00:00.000Z' },
  ],
  secureDNS: { delegationSigned: true, dsData: [{ keyTag: 2371, algorithm: 13, digestType: 2, digest: 'AB12' }] },
  nameservers: [{ objectClassName: 'nameserver', ldhName: 'dns1.registrar-servers.com' }],
  redacted: [
    { name: { type: 'Registrant Name' }, prePath: "$.entities[?(@.roles[0]=='registrant')].vcardArray[1][?(@[0]=='fn')][3]", method: 'replacement' },
  ],
};

// GDPR redaction of everything but the country, RFC 9537 style: no privacy service, just removal.
const GDPR_REDACTED = {
  objectClassName: 'domain',
  ldhName: 'xn--jxalpdlp.com',
  unicodeName: 'δοκιμή.com',
  entities: [
    {
      objectClassName: 'entity',
      roles: ['registrant'],
      vcardArray: ['vcard', [['version', {}, 'text', '4.0'], ['fn', {}, 'text', ''], ['adr', { cc: 'de' }, 'text', ['', '', '', '', '', '', '']]]],
    },
  ],
  redacted: [
    { name: { type: 'Registrant Name' }, method: 'emptyValue' },
    { name: { type: 'Registrant Email' }, method: 'removal' },
  ],
  events: [{ eventAction: 'registration', eventDate: '2020-01-02T03:04:05+02:00' }],
};

type Call = { url: string; init?: RequestInit };

function fakeFetch(routes: Record<string, () => Response | Promise<Response>>) {
  const calls: Call[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push({ url, init });
    const route = routes[url];
    if (!route) throw new TypeError(`fetch failed: no route for ${url}`);
    return route();
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/rdap+json' } });

async function codeOf(promise: Promise<unknown>): Promise<number> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(WhoisError);
  return (error as WhoisError).code;
}

describe('RDAP client', () => {
  it('reads a thin .com answer and follows the related link to the registrar for the registrant', async () => {
    const { fetch, calls } = fakeFetch({
      'https://rdap.verisign.com/com/v1/domain/example-shop.com': () => json(VERISIGN_COM),
      'https://rdap.registrar.example/rdap/domain/EXAMPLE-SHOP.COM': () => json(REGISTRAR_COM),
    });
    const record = await createRdapWhois({ fetch }).lookup('Example-Shop.com.');

    expect(calls.map((c) => c.url)).toEqual([
      'https://rdap.verisign.com/com/v1/domain/example-shop.com',
      'https://rdap.registrar.example/rdap/domain/EXAMPLE-SHOP.COM',
    ]);
    expect(new Headers(calls[0]!.init?.headers).get('accept')).toMatch(/^application\/rdap\+json/);
    expect(calls[0]!.init?.signal).toBeInstanceOf(AbortSignal);
    expect(record).toEqual({
      domain: 'example-shop.com',
      // The registry's word on the registrar wins over the registrar's copy.
      registrar: 'Example Registrar, Inc.',
      statuses: ['client delete prohibited', 'client transfer prohibited', 'client update prohibited'],
      created: '2011-03-09T15:22:41Z',
      updated: '2025-02-20T08:14:03Z',
      expires: '2027-03-09T15:22:41Z',
      nameservers: ['ns1.dnshost.example', 'ns2.dnshost.example'],
      dnssec: false,
      registrant: { name: 'Maria Papadopoulou', organisation: 'Example Shop IKE', email: 'maria@example-shop.com', country: 'GR' },
      privacy: false,
      source: 'rdap',
    });
  });

  it('keeps the registry answer when the registrar hop fails', async () => {
    const { fetch, calls } = fakeFetch({
      'https://rdap.verisign.com/com/v1/domain/example-shop.com': () => json(VERISIGN_COM),
      'https://rdap.registrar.example/rdap/domain/EXAMPLE-SHOP.COM': () => json({ errorCode: 500, title: 'oops' }, 500),
    });
    const record = await createRdapWhois({ fetch }).lookup('example-shop.com');
    expect(calls).toHaveLength(2);
    expect(record.registrar).toBe('Example Registrar, Inc.');
    expect(record.registrant).toBeNull();
    expect(record.privacy).toBe(false);
  });

  it('does not follow links that are not another RDAP domain answer over https', async () => {
    const answer = {
      ...VERISIGN_COM,
      links: [
        { rel: 'related', href: 'https://www.registrar.example/', type: 'text/html' },
        { rel: 'related', href: 'http://rdap.registrar.example/rdap/domain/EXAMPLE-SHOP.COM', type: 'application/rdap+json' },
        { rel: 'related', href: 'https://rdap.verisign.com/com/v1/domain/example-shop.com', type: 'application/rdap+json' },
      ],
    };
    const { fetch, calls } = fakeFetch({ 'https://rdap.verisign.com/com/v1/domain/example-shop.com': () => json(answer) });
    await createRdapWhois({ fetch }).lookup('example-shop.com');
    expect(calls).toHaveLength(1);
  });

  it('marks a privacy-service registrant as private and keeps the service as given', async () => {
    const { fetch } = fakeFetch({ 'https://rdap.publicinterestregistry.org/rdap/domain/quiet-garden.org': () => json(PIR_PRIVATE_ORG) });
    const record = await createRdapWhois({ fetch }).lookup('quiet-garden.org');
    expect(record.privacy).toBe(true);
    expect(record.registrant).toEqual({
      // "Redacted for Privacy" is a placeholder, not a name.
      name: null,
      organisation: 'Privacy service provided by Withheld for Privacy ehf',
      email: '0a1b2c3d4e@withheldforprivacy.com',
      country: 'IS',
    });
    expect(record.registrar).toBe('NameCheap, Inc.');
    expect(record.dnssec).toBe(true);
    expect(record.created).toBe('2019-06-01T12:00:00Z');
    expect(record.updated).toBeNull();
  });

  it('treats RFC 9537 redactions as privacy, keeps what is left and the Unicode name', async () => {
    const { fetch } = fakeFetch({ 'https://rdap.verisign.com/com/v1/domain/xn--jxalpdlp.com': () => json(GDPR_REDACTED) });
    const record = await createRdapWhois({ fetch }).lookup('xn--jxalpdlp.com');
    expect(record.unicodeDomain).toBe('δοκιμή.com');
    expect(record.privacy).toBe(true);
    expect(record.registrant).toEqual({ name: null, organisation: null, email: null, country: 'DE' });
    expect(record.created).toBe('2020-01-02T01:04:05Z');
    expect(record.dnssec).toBeNull();
    expect(record.registrar).toBeNull();
    expect(record.nameservers).toEqual([]);
    expect(record.statuses).toEqual([]);
  });

  it('answers 27003 for an RDAP 404', async () => {
    const { fetch } = fakeFetch({
      'https://rdap.verisign.com/com/v1/domain/nobody-here.com': () => json({ errorCode: 404, title: 'Not Found' }, 404),
    });
    expect(await codeOf(createRdapWhois({ fetch }).lookup('nobody-here.com'))).toBe(27003);
  });

  it('answers 27002 for a 500, a non-JSON body, an error object with 200, and a non-domain object', async () => {
    const url = 'https://rdap.verisign.com/com/v1/domain/example.com';
    const cases = [
      () => json({ errorCode: 500, title: 'Internal error' }, 500),
      () => new Response('<html>Service unavailable</html>', { status: 200 }),
      () => json({ errorCode: 400, title: 'Bad request' }),
      () => json({ objectClassName: 'entity', handle: 'X' }),
      () => new Response('[]', { status: 200 }),
    ];
    for (const respond of cases) {
      const { fetch } = fakeFetch({ [url]: respond });
      expect(await codeOf(createRdapWhois({ fetch }).lookup('example.com'))).toBe(27002);
    }
  });

  it('answers 27001 when the request times out (the signal is aborted)', { timeout: 30_000 }, async () => {
    let aborted = false;
    const fetch = ((_input: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => {
          aborted = true;
          reject(init.signal?.reason ?? new DOMException('aborted', 'AbortError'));
        });
      })) as typeof globalThis.fetch;
    const started = Date.now();
    expect(await codeOf(createRdapWhois({ fetch, timeoutMs: 30 }).lookup('example.com'))).toBe(27001);
    expect(aborted).toBe(true);
    // The fake never answers: only the 30 ms timeout ends the lookup. The bound tells that from a
    // lookup that waits for the answer (it would hang); it is no speed target, and has room for a
    // busy machine's late timers (issue #32 §4).
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('answers 27001 for a network or TLS failure', async () => {
    const fetch = (async () => {
      throw new TypeError('fetch failed', { cause: new Error('certificate has expired') });
    }) as typeof globalThis.fetch;
    expect(await codeOf(createRdapWhois({ fetch }).lookup('example.com'))).toBe(27001);
  });

  it('answers 27000 for a TLD without RDAP and 27004 without a dot, before any request', async () => {
    const { fetch, calls } = fakeFetch({});
    expect(await codeOf(createRdapWhois({ fetch }).lookup('example.gr'))).toBe(27000);
    expect(await codeOf(createRdapWhois({ fetch }).lookup('example'))).toBe(27004);
    expect(calls).toHaveLength(0);
  });

  it('uses an injected base URL table', async () => {
    const { fetch, calls } = fakeFetch({ 'https://rdap.test/domain/a.test': () => json({ objectClassName: 'domain', ldhName: 'a.test' }) });
    const record = await createRdapWhois({ fetch, baseFor: () => 'https://rdap.test/' }).lookup('a.test');
    expect(calls[0]!.url).toBe('https://rdap.test/domain/a.test');
    expect(record).toMatchObject({ domain: 'a.test', registrar: null, registrant: null, privacy: false, source: 'rdap' });
  });
});
