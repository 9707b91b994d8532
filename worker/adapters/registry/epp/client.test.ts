import { describe, expect, it } from 'vitest';
import { createEppTestServer, type EppTestServerOptions } from '../../../../tests/epp-server/server';
import { ErrorCode } from '../../../../core/errors';
import { RegistryError, type Contact, type NameRef, type RegistrySettings } from '../port';
import { createEppRegistry, eppPhone, type EppConnect } from './client';

const SETTINGS: RegistrySettings = { family: 'gr', nameserversMin: 2, nameserversMax: 4, contactRoles: ['registrant', 'admin', 'tech'], transferRenews: true };
const T0 = new Date('2025-03-10T12:00:00Z');
const ref = (name: string): NameRef => ({ name, key: name });
const holder: Contact = { name: 'Μαρία Παπαδοπούλου', organisation: null, email: 'maria@example.gr', country: 'GR', phone: '+302101234567', address: 'Ερμού 10', city: 'Αθήνα', postcode: '10563' };

function setup(serverOptions: EppTestServerOptions = {}, family: 'gr' | 'eurid' = 'gr') {
  const server = createEppTestServer({ now: () => T0, chunkSize: 7, ...serverOptions });
  const seen: { hostname: string; port: number; secureTransport: string }[] = [];
  const connect: EppConnect = (address, options) => {
    seen.push({ ...address, secureTransport: options.secureTransport });
    return server.connect(address, options);
  };
  const registry = createEppRegistry({
    family,
    host: 'epp.test',
    clientId: server.clientId,
    password: server.password,
    connect,
    settings: { ...SETTINGS, family },
    timeoutMs: 500,
    now: () => T0,
  });
  return { server, registry, seen };
}

async function failure(promise: Promise<unknown>): Promise<RegistryError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(RegistryError);
  return error as RegistryError;
}

describe('EPP registry client against the test server', () => {
  it('checks many names in one session, 50 per command, over TLS on port 700, with the .gr extension at login', async () => {
    const { server, registry, seen } = setup();
    server.seedDomain({ name: 'taken.gr' });
    server.seedDomain({ name: 'late.gr', statuses: ['redemptionPeriod'] });
    server.state.reserved.add('reserved.gr');
    const names = [...Array.from({ length: 118 }, (_, i) => `free${i}.gr`), 'TAKEN.gr', 'late.gr', 'reserved.gr'];
    const answers = await registry.check(names.map(ref));
    expect(answers).toHaveLength(121);
    expect(answers[0]).toEqual({ name: 'free0.gr', available: true });
    expect(answers.slice(-3)).toEqual([
      { name: 'TAKEN.gr', available: false, reason: 'registered' },
      { name: 'late.gr', available: false, reason: 'redemption' },
      { name: 'reserved.gr', available: false, reason: 'reserved' },
    ]);
    expect(server.log).toEqual(['login', 'domain:check', 'domain:check', 'domain:check', 'logout']);
    expect(seen).toEqual([{ hostname: 'epp.test', port: 700, secureTransport: 'on' }]);
    expect(server.logins[0]).toEqual({ clID: 'testreg', objURIs: [NS_DOMAIN, NS_HOST, NS_CONTACT], extURIs: ['http://www.gr/epp/extdomain-1.2'] });
    expect(server.stats).toEqual({ opened: 1, closed: 1 });
  });

  it('registers a name: creates the registrant (escaped, Greek as loc), then the domain; a taken name is DOMAIN_REGISTER_FAILED/taken', async () => {
    const { server, registry } = setup();
    const registrant = { ...holder, name: 'Tom & Jerry <Co> "O\'Neil"' };
    const done = await registry.register({ name: ref('new.gr'), periodMonths: 24, registrant, nameservers: ['NS1.example.gr', 'ns2.example.gr'], idProtect: true });
    expect(done.expiresAt.toISOString()).toBe('2027-03-10T12:00:00.000Z');
    const held = server.state.domains.get('new.gr')!;
    expect(held).toMatchObject({ clID: 'testreg', authInfo: done.authCode, nameservers: ['ns1.example.gr', 'ns2.example.gr'] });
    expect(server.state.contacts.get(held.registrant)).toMatchObject({ name: 'Tom & Jerry <Co> "O\'Neil"', email: 'maria@example.gr', city: 'Αθήνα', cc: 'GR', voice: '+30.2101234567', hidden: true });
    expect(server.log).toEqual(['login', 'contact:create', 'domain:create', 'logout']);

    server.seedDomain({ name: 'taken.gr' });
    const e = await failure(registry.register({ name: ref('taken.gr'), periodMonths: 12, registrant: holder, nameservers: ['ns1.x.gr', 'ns2.x.gr'] }));
    expect(e.code).toBe(ErrorCode.DOMAIN_REGISTER_FAILED);
    expect(e.detail).toEqual({ name: 'taken.gr', reason: 'taken' });
  });

  it('refuses too few nameservers before opening a session, like the sandbox', async () => {
    const { server, registry } = setup();
    const e = await failure(registry.register({ name: ref('a.gr'), periodMonths: 12, registrant: holder, nameservers: ['ns1.x.gr'] }));
    expect(e.code).toBe(ErrorCode.NAMESERVER_DO_NOT_COVER_LOWER_LIMIT);
    expect(server.stats.opened).toBe(0);
  });

  it('reads a name: statuses, lock, nameservers, dates, sponsor and our registrant', async () => {
    const { server, registry } = setup();
    await registry.register({ name: ref('mine.gr'), periodMonths: 12, registrant: holder, nameservers: ['ns1.x.gr', 'ns2.x.gr'], idProtect: true });
    await registry.setLock(ref('mine.gr'), true);
    await registry.setLock(ref('mine.gr'), true); // already locked: no second update
    const info = await registry.info(ref('mine.gr'));
    expect(info).toMatchObject({
      name: 'mine.gr',
      statuses: ['clientTransferProhibited'],
      locked: true,
      sponsoredByUs: true,
      registrar: 'testreg',
      nameservers: ['ns1.x.gr', 'ns2.x.gr'],
      idProtect: true,
      registrant: { name: 'Μαρία Παπαδοπούλου', email: 'maria@example.gr', country: 'GR' },
    });
    expect(info.expiresAt.toISOString()).toBe('2026-03-10T12:00:00.000Z');
    expect(server.log.filter((c) => c === 'domain:update')).toHaveLength(1);

    server.seedDomain({ name: 'theirs.gr', registrant: 'someone' });
    expect(await registry.info(ref('theirs.gr'))).toMatchObject({ sponsoredByUs: false, registrar: 'otherreg', registrant: {} });
    const e = await failure(registry.info(ref('nothing.gr')));
    expect(e.code).toBe(ErrorCode.DOMAIN_DOES_NOT_EXIST);
  });

  it('transfers: wrong code is INVALID_EPP_AUTH, locked is INVALID_EPP_AUTH/locked, right code completes at once (.gr)', async () => {
    const { server, registry } = setup();
    server.seedDomain({ name: 'move.gr', authInfo: 'Right-Code-1#' });
    const wrong = await failure(registry.transfer({ name: ref('move.gr'), authCode: 'wrong', periodMonths: 24 }));
    expect(wrong.code).toBe(ErrorCode.INVALID_EPP_AUTH);
    expect(wrong.detail.reason).toBe('auth');

    server.seedDomain({ name: 'locked.gr', statuses: ['clientTransferProhibited'] });
    const locked = await failure(registry.transfer({ name: ref('locked.gr'), authCode: 'Right-Code-1#' }));
    expect([locked.code, locked.detail.reason]).toEqual([ErrorCode.INVALID_EPP_AUTH, 'locked']);

    const missing = await failure(registry.transfer({ name: ref('none.gr'), authCode: 'x' }));
    expect(missing.code).toBe(ErrorCode.DOMAIN_NOT_REGISTERED_CANT_BE_TRANSFERRED_NOT_REGISTERED);

    const done = await registry.transfer({ name: ref('move.gr'), authCode: ' Right-Code-1# ', periodMonths: 24 });
    expect(done).toEqual({ status: 'completed', expiresAt: new Date('2028-03-10T12:00:00.000Z') });
    expect(server.state.domains.get('move.gr')!.clID).toBe('testreg');

    const again = await failure(registry.transfer({ name: ref('move.gr'), authCode: 'whatever' }));
    expect(again.code).toBe(ErrorCode.DOMAIN_REGISTRANT_ALREADY_PROVIDER);
  });

  it('a pending transfer (1001) answers pending, a retried request finds it pending, and poll reports completion', async () => {
    const { server, registry } = setup({ transferMode: 'pending' }, 'eurid');
    server.seedDomain({ name: 'slow.eu', authInfo: 'Code-9#' });
    expect((await registry.transfer({ name: ref('slow.eu'), authCode: 'Code-9#' })).status).toBe('pending');
    expect((await registry.transfer({ name: ref('slow.eu'), authCode: 'Code-9#' })).status).toBe('pending');
    expect(await registry.poll()).toEqual([]);

    server.enqueue('Some registry notice without a name');
    server.approveTransfers();
    const messages = await registry.poll();
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ name: 'slow.eu', type: 'transfer_completed', payload: { trStatus: 'clientApproved', reID: 'testreg' } });
    // The notice nobody acts on was acknowledged on the way; ours waits for the caller's ack.
    expect(server.state.queue.map((m) => m.id)).toEqual([messages[0]!.id]);
    await registry.ack(messages[0]!.id);
    await registry.ack(messages[0]!.id); // a repeated ack is fine
    expect(server.state.queue).toEqual([]);
    expect(await registry.poll()).toEqual([]);
  });

  it('renews naming the current expiry; the wrong expiry is expiry_mismatch, past ten years is not', async () => {
    const { server, registry } = setup();
    server.seedDomain({ name: 'keep.gr', clID: 'testreg', exDate: new Date('2025-06-01T00:00:00Z') });
    const wrong = await failure(registry.renew({ name: ref('keep.gr'), periodMonths: 12, currentExpiry: new Date('2026-06-01T00:00:00Z') }));
    expect([wrong.code, wrong.detail.reason]).toEqual([ErrorCode.DOMAIN_CHECK_RENEW_WITH_AUTO_RENEW_FAILED, 'expiry_mismatch']);
    const renewed = await registry.renew({ name: ref('keep.gr'), periodMonths: 24, currentExpiry: new Date('2025-06-01T00:00:00Z') });
    expect(renewed.expiresAt.toISOString()).toBe('2027-06-01T00:00:00.000Z');
    const tooLong = await failure(registry.renew({ name: ref('keep.gr'), periodMonths: 120, currentExpiry: renewed.expiresAt }));
    expect(tooLong.detail.reason).toBe('over_ten_years');

    server.seedDomain({ name: 'theirs.gr', exDate: new Date('2025-06-01T00:00:00Z') });
    const notOurs = await failure(registry.renew({ name: ref('theirs.gr'), periodMonths: 12, currentExpiry: new Date('2025-06-01T00:00:00Z') }));
    expect([notOurs.code, notOurs.detail.reason]).toEqual([ErrorCode.DOMAIN_CHECK_RENEW_WITH_AUTO_RENEW_FAILED, 'not_sponsor']);
  });

  it('changes nameservers by difference, sets a new auth code, trades the registrant, manages hosts', async () => {
    const { server, registry } = setup();
    const { authCode } = await registry.register({ name: ref('ops.gr'), periodMonths: 12, registrant: holder, nameservers: ['ns1.a.gr', 'ns2.a.gr'] });
    await registry.updateNameservers(ref('ops.gr'), ['ns2.a.gr', 'NS3.a.gr']);
    expect(server.state.domains.get('ops.gr')!.nameservers).toEqual(['ns2.a.gr', 'ns3.a.gr']);

    const code = await registry.resetAuthCode(ref('ops.gr'));
    expect(code).not.toBe(authCode);
    expect(server.state.domains.get('ops.gr')!.authInfo).toBe(code);

    const before = server.state.domains.get('ops.gr')!.registrant;
    await registry.trade({ name: ref('ops.gr'), registrant: { name: 'New Owner', email: 'new@example.com', country: 'de', city: 'Berlin' } });
    const after = server.state.domains.get('ops.gr')!.registrant;
    expect(after).not.toBe(before);
    expect(server.state.contacts.get(after)).toMatchObject({ name: 'New Owner', cc: 'DE', postalType: 'int' });

    await registry.updateContacts(ref('ops.gr'), { idProtect: true });
    expect(server.state.contacts.get(after)!.hidden).toBe(true);
    // A trade (or a registrant update) of a protected name keeps the new holder's data hidden.
    await registry.trade({ name: ref('ops.gr'), registrant: { name: 'Third Owner', email: 'third@example.com', country: 'gr', city: 'Πάτρα' }, idProtect: true });
    expect(server.state.contacts.get(server.state.domains.get('ops.gr')!.registrant)).toMatchObject({ name: 'Third Owner', hidden: true });
    await registry.updateContacts(ref('ops.gr'), { registrant: { name: 'Fourth Owner', email: 'fourth@example.com', country: 'gr', city: 'Βόλος' }, idProtect: true });
    expect(server.state.contacts.get(server.state.domains.get('ops.gr')!.registrant)).toMatchObject({ name: 'Fourth Owner', hidden: true });

    await registry.createHost('ns3.a.gr', ['192.0.2.1', '2001:db8::1']);
    await registry.createHost('ns3.a.gr', ['192.0.2.2']);
    expect(server.state.hosts.get('ns3.a.gr')!.addrs).toEqual(['192.0.2.2']);
    // Issue #12 §3: a host's addresses changed in place, read back; 32060 for a host the registry lacks.
    await registry.updateHost('ns3.a.gr', ['192.0.2.3', '2001:db8::3']);
    expect(await registry.hostInfo('NS3.a.gr')).toEqual({ name: 'ns3.a.gr', ips: ['192.0.2.3', '2001:db8::3'] });
    expect((await failure(registry.updateHost('ns9.a.gr', ['192.0.2.9']))).code).toBe(ErrorCode.NAMESERVER_DOES_NOT_HAVE_HOST);
    expect((await failure(registry.hostInfo('ns9.a.gr'))).code).toBe(ErrorCode.NAMESERVER_DOES_NOT_HAVE_HOST);
    const inUse = await failure(registry.deleteHost('ns3.a.gr'));
    expect(inUse.code).toBe(ErrorCode.HOST_IN_USE_DELETE_NOT_ALLOWED);
    await registry.updateNameservers(ref('ops.gr'), ['ns1.a.gr', 'ns2.a.gr']);
    await registry.deleteHost('NS3.a.gr');
    expect(server.state.hosts.has('ns3.a.gr')).toBe(false);

    // Issue #20 §4: admin and tech as new contact objects, the former holder removed in the same update.
    const registered = server.state.domains.get('ops.gr')!.contacts ?? [];
    const handles = await registry.updateRoleContacts(ref('ops.gr'), { tech: { name: 'Nikos Tech', email: 'tech@example.gr', country: 'gr', city: 'Αθήνα' } });
    const afterRoles = server.state.domains.get('ops.gr')!.contacts ?? [];
    expect(afterRoles.filter((c) => c.type === 'tech')).toEqual([{ type: 'tech', id: handles.tech }]);
    expect(afterRoles.filter((c) => c.type === 'admin')).toEqual(registered.filter((c) => c.type === 'admin'));
    expect(server.state.contacts.get(handles.tech!)).toMatchObject({ name: 'Nikos Tech', email: 'tech@example.gr' });
    const again = await registry.updateRoleContacts(ref('ops.gr'), { tech: { name: 'Eleni Tech', email: 'eleni@example.gr', country: 'gr', city: 'Λάρισα' }, admin: { name: 'Admin', email: 'admin@example.gr', country: 'gr', city: 'Αθήνα' } });
    expect((server.state.domains.get('ops.gr')!.contacts ?? []).sort((a, b) => a.type.localeCompare(b.type))).toEqual([
      { type: 'admin', id: again.admin },
      { type: 'tech', id: again.tech },
    ]);
    // A role this registry does not have (SETTINGS: no billing) is refused.
    expect((await failure(registry.updateRoleContacts(ref('ops.gr'), { billing: holder }))).code).toBe(ErrorCode.CONTACT_UPDATE_NOT_ALLOWED_FOR_ROLE);

    const send = await failure(registry.sendAuthCode(ref('ops.gr')));
    expect([send.code, send.detail.reason]).toEqual([ErrorCode.SEND_AUTHORIZATION_CODE_FAILED, 'not_offered']);
  });
});

describe('EPP registry client when the registry misbehaves', () => {
  it('a connection closed mid-command is the operation’s code with reason failing (retryable)', async () => {
    const { server, registry } = setup();
    server.switches.closeOn = 'domain:create';
    const e = await failure(registry.register({ name: ref('x.gr'), periodMonths: 12, registrant: holder, nameservers: ['ns1.x.gr', 'ns2.x.gr'] }));
    expect([e.code, e.detail.reason]).toEqual([ErrorCode.DOMAIN_REGISTER_FAILED, 'failing']);
    expect(server.stats.closed).toBe(1);
  });

  it('a refused connection, a wrong password and a silent server are failing too', async () => {
    const { server, registry } = setup();
    server.switches.refuse = true;
    expect((await failure(registry.check([ref('a.gr')]))).detail.reason).toBe('failing');
    server.switches.refuse = false;

    const bad = createEppRegistry({ family: 'gr', host: 'epp.test', clientId: 'testreg', password: 'nope', connect: server.connect, settings: SETTINGS, timeoutMs: 500 });
    const login = await failure(bad.info(ref('a.gr')));
    expect([login.code, login.detail.reason, login.detail.eppCode]).toEqual([ErrorCode.DOMAIN_INFO_FAILED, 'failing', 2200]);

    server.switches.silent = true;
    const silent = createEppRegistry({ family: 'gr', host: 'epp.test', clientId: 'testreg', password: 'secret-pw', connect: server.connect, settings: SETTINGS, timeoutMs: 50 });
    const timedOut = await failure(silent.check([ref('a.gr')]));
    expect([timedOut.code, timedOut.detail.reason]).toEqual([ErrorCode.DOMAIN_CHECK_FAILED, 'failing']);
  });

  it('2400 and 2502 are failing; a maintenance message is REGISTRY_MAINTENANCE', async () => {
    const { server, registry } = setup();
    server.switches.answer = { on: 'domain:renew', code: 2400, msg: 'Command failed' };
    const e = await failure(registry.renew({ name: ref('a.gr'), periodMonths: 12, currentExpiry: T0 }));
    expect([e.code, e.detail.reason, e.detail.eppCode]).toEqual([ErrorCode.DOMAIN_CHECK_RENEW_WITH_AUTO_RENEW_FAILED, 'failing', 2400]);

    server.switches.answer = { on: 'login', code: 2502, msg: 'Session limit exceeded; server closing connection' };
    const limit = await failure(registry.transfer({ name: ref('a.gr'), authCode: 'x' }));
    expect([limit.code, limit.detail.reason]).toEqual([ErrorCode.INVALID_EPP_AUTH, 'failing']);

    server.switches.answer = { on: '*', code: 2500, msg: 'Registry under scheduled maintenance' };
    expect((await failure(registry.check([ref('a.gr')]))).code).toBe(ErrorCode.REGISTRY_MAINTENANCE);
  });
});

describe('eppPhone', () => {
  it('writes +CC.NUMBER, and leaves out what it cannot split', () => {
    expect(eppPhone('+30 210 123 4567')).toBe('+30.2101234567');
    expect(eppPhone('0030 6912345678')).toBe('+30.6912345678');
    expect(eppPhone('+44.2071234567')).toBe('+44.2071234567');
    expect(eppPhone('+442071234567')).toBeNull();
    expect(eppPhone(null)).toBeNull();
  });
});

const NS_DOMAIN = 'urn:ietf:params:xml:ns:domain-1.0';
const NS_HOST = 'urn:ietf:params:xml:ns:host-1.0';
const NS_CONTACT = 'urn:ietf:params:xml:ns:contact-1.0';
