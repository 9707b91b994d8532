import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../../core/errors';
import { createPanelApiProvisioner, panelStatusToHosting } from './panel-api';
import { ProvisionerError, type CreateAccountInput } from './port';

type Sent = { url: string; method: string; headers: Headers; body: unknown };

function fakePanel(answer: (req: Sent) => Response | Promise<Response>) {
  const sent: Sent[] = [];
  const fetcher = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const req: Sent = {
      url: String(input),
      method: init?.method ?? 'GET',
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    sent.push(req);
    return answer(req);
  }) as typeof fetch;
  return { sent, fetcher };
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const ACCOUNT = {
  id: 4711,
  reference: 'oi_1',
  plan: 'vps_lin_s',
  domain: null,
  username: 'hoi1',
  panel_url: 'https://console.example.net/servers/4711',
  status: 'building',
  server: '192.0.2.10',
  created_at: '2025-03-01T10:00:00Z',
  expires_at: '2025-04-01T10:00:00Z',
};

const INPUT: CreateAccountInput = {
  reference: 'oi_1',
  sku: 'vps_lin_s',
  productType: 'hosting-vps-linux',
  domain: null,
  lengthMonths: 1,
  options: { os: 'debian-12' },
  contactEmail: 'nikos@example.gr',
};

async function codeOf(p: Promise<unknown>): Promise<{ code: number; detail: Record<string, unknown> }> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ProvisionerError);
  return err as ProvisionerError;
}

describe('panel API provisioner', () => {
  it('creates an account with the reference as idempotency key and maps the answer', async () => {
    const { sent, fetcher } = fakePanel(() => json({ account: ACCOUNT }, 201));
    const panel = createPanelApiProvisioner({ apiUrl: 'https://panel.example.net/api/v1/', apiToken: 'tok', fetch: fetcher });
    const account = await panel.createAccount(INPUT);
    expect(account).toEqual({
      accountId: '4711',
      reference: 'oi_1',
      sku: 'vps_lin_s',
      domain: null,
      username: 'hoi1',
      panelUrl: 'https://console.example.net/servers/4711',
      status: 'provisioning',
      server: '192.0.2.10',
      createdAt: new Date('2025-03-01T10:00:00Z'),
      expiresAt: new Date('2025-04-01T10:00:00Z'),
    });
    const [req] = sent;
    expect(req?.url).toBe('https://panel.example.net/api/v1/accounts');
    expect(req?.method).toBe('POST');
    expect(req?.headers.get('Authorization')).toBe('Bearer tok');
    expect(req?.headers.get('Idempotency-Key')).toBe('oi_1');
    expect(req?.body).toEqual({
      reference: 'oi_1',
      plan: 'vps_lin_s',
      product_type: 'hosting-vps-linux',
      domain: null,
      term_months: 1,
      options: { os: 'debian-12' },
      contact_email: 'nikos@example.gr',
    });
  });

  it('calls each lifecycle endpoint on the encoded account id', async () => {
    const { sent, fetcher } = fakePanel((req) =>
      req.url.endsWith('/password') ? json({ password: 'Aa1!aaaaaaaa' }) : json({ account: { ...ACCOUNT, status: 'active' } }),
    );
    const panel = createPanelApiProvisioner({ apiUrl: 'https://panel.example.net', apiToken: 't', fetch: fetcher });
    await panel.getAccount('a/b');
    await panel.suspend('a/b', 'abuse');
    await panel.unsuspend('a/b');
    await panel.terminate('a/b');
    expect(await panel.changePassword('a/b')).toBe('Aa1!aaaaaaaa');
    await panel.renew('a/b', 12, 'oi_9');
    await panel.renew('a/b', 12);
    expect(sent.map((r) => `${r.method} ${r.url.replace('https://panel.example.net', '')}`)).toEqual([
      'GET /accounts/a%2Fb',
      'POST /accounts/a%2Fb/suspend',
      'POST /accounts/a%2Fb/unsuspend',
      'POST /accounts/a%2Fb/terminate',
      'POST /accounts/a%2Fb/password',
      'POST /accounts/a%2Fb/renew',
      'POST /accounts/a%2Fb/renew',
    ]);
    expect(sent[1]?.body).toEqual({ reason: 'abuse' });
    expect(sent[5]?.body).toEqual({ term_months: 12 });
    expect(sent[5]?.headers.get('Idempotency-Key')).toBe('renew:a/b:oi_9');
    expect(sent[6]?.headers.has('Idempotency-Key')).toBe(false);
  });

  it.each([
    [404, { error: { code: 'not_found' } }, ErrorCode.SERVER_PROVIDER_PRODUCT_NOT_FOUND],
    [409, { error: { code: 'action_not_allowed', message: 'account is terminated' } }, ErrorCode.ACTION_NOT_ALLOWED],
    [409, { error: { code: 'free_hosting_unavailable' } }, ErrorCode.FREE_HOSTING_CANT_BE_ACTIVATED],
    [422, { error: { code: 'invalid', field: 'contact_email' } }, ErrorCode.VALIDATION_ERROR],
    [503, null, ErrorCode.NETWORK_CONNECTION_ERROR],
    [500, { error: { message: 'boom' } }, ErrorCode.NETWORK_CONNECTION_ERROR],
    [401, null, ErrorCode.NETWORK_CONNECTION_ERROR],
  ])('maps HTTP %i %j to %i', async (status, body, code) => {
    const { fetcher } = fakePanel(() => (body === null ? new Response('nope', { status }) : json(body, status)));
    const panel = createPanelApiProvisioner({ apiUrl: 'https://panel.example.net', apiToken: 't', fetch: fetcher });
    expect((await codeOf(panel.getAccount('1'))).code).toBe(code);
  });

  it('tells maintenance and field errors apart in the detail', async () => {
    const down = createPanelApiProvisioner({ apiUrl: 'https://p', apiToken: 't', fetch: fakePanel(() => json({ error: { code: 'maintenance' } }, 503)).fetcher });
    expect((await codeOf(down.getAccount('1'))).detail.reason).toBe('maintenance');
    const invalid = createPanelApiProvisioner({ apiUrl: 'https://p', apiToken: 't', fetch: fakePanel(() => json({ error: { field: 'domain' } }, 400)).fetcher });
    expect((await codeOf(invalid.createAccount(INPUT))).detail.field).toBe('domain');
  });

  it('reports an unreachable host as 40505 and a timeout as 49997', async () => {
    const unreachable = createPanelApiProvisioner({
      apiUrl: 'https://p',
      apiToken: 't',
      fetch: (async () => {
        throw new TypeError('fetch failed: getaddrinfo ENOTFOUND');
      }) as typeof fetch,
    });
    expect((await codeOf(unreachable.getAccount('1'))).code).toBe(ErrorCode.SERVER_PROVIDER_HOST_NOT_RESOLVED);

    const hanging = createPanelApiProvisioner({
      apiUrl: 'https://p',
      apiToken: 't',
      timeoutMs: 5,
      fetch: ((_: RequestInfo | URL, init?: RequestInit) =>
        new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)))) as typeof fetch,
    });
    const err = await codeOf(hanging.createAccount(INPUT));
    expect(err.code).toBe(ErrorCode.NETWORK_CONNECTION_ERROR);
    expect(err.detail.reason).toBe('timeout');
  });

  it('refuses answers it cannot read', async () => {
    const garbled = createPanelApiProvisioner({ apiUrl: 'https://p', apiToken: 't', fetch: fakePanel(() => json({ account: { id: 1 } })).fetcher });
    expect((await codeOf(garbled.getAccount('1'))).detail.reason).toBe('bad_response');
    const odd = createPanelApiProvisioner({ apiUrl: 'https://p', apiToken: 't', fetch: fakePanel(() => json({ account: { ...ACCOUNT, status: 'zombie' } })).fetcher });
    expect((await codeOf(odd.getAccount('1'))).detail.reason).toBe('unknown_status');
    const badDate = createPanelApiProvisioner({ apiUrl: 'https://p', apiToken: 't', fetch: fakePanel(() => json({ account: { ...ACCOUNT, expires_at: 'soon' } })).fetcher });
    expect((await codeOf(badDate.getAccount('1'))).detail.reason).toBe('bad_response');
    const noPassword = createPanelApiProvisioner({ apiUrl: 'https://p', apiToken: 't', fetch: fakePanel(() => json({})).fetcher });
    expect((await codeOf(noPassword.changePassword('1'))).detail.reason).toBe('bad_response');
  });

  it('reads usage and sets the customer\'s password in the body, mapping refusals (issue #23)', async () => {
    const usage = { disk_mb: { used: 512, limit: 10240 }, bandwidth_mb: { used: 90, limit: null }, mailboxes: { used: 3, limit: 50 }, measured_at: '2026-11-27T01:00:00Z' };
    const { sent, fetcher } = fakePanel((req) => (req.url.endsWith('/usage') ? json({ usage }) : req.url.endsWith('/7/password/set') ? new Response(null, { status: 204 }) : json({ error: { code: 'not_found' } }, 404)));
    const panel = createPanelApiProvisioner({ apiUrl: 'https://panel.example.net', apiToken: 't', fetch: fetcher });
    expect(await panel.usage('7')).toEqual({ diskMb: { used: 512, limit: 10240 }, bandwidthMb: { used: 90, limit: null }, mailboxes: { used: 3, limit: 50 }, databases: null, measuredAt: new Date('2026-11-27T01:00:00Z') });
    await panel.setPassword('7', 'Kal0s-Kodikos');
    expect(sent[1]).toMatchObject({ method: 'POST', url: 'https://panel.example.net/accounts/7/password/set', body: { password: 'Kal0s-Kodikos' } });
    expect(sent[1]!.url).not.toContain('Kal0s');
    expect((await codeOf(panel.setPassword('8', 'Kal0s-Kodikos'))).code).toBe(ErrorCode.SERVER_PROVIDER_PRODUCT_NOT_FOUND);
    const garbled = createPanelApiProvisioner({ apiUrl: 'https://p', apiToken: 't', fetch: fakePanel(() => json({ usage: { disk_mb: 5 } })).fetcher });
    expect((await codeOf(garbled.usage('1'))).detail.reason).toBe('bad_response');
  });

  it('maps the panels\' status spellings', () => {
    expect(panelStatusToHosting('Pending')).toBe('provisioning');
    expect(panelStatusToHosting('running')).toBe('active');
    expect(panelStatusToHosting('suspended')).toBe('suspended');
    expect(panelStatusToHosting('deleted')).toBe('terminated');
    expect(panelStatusToHosting('zombie')).toBeNull();
  });
  it('drives a server: its state, power, reinstall and a plan change keyed per account', async () => {
    const server = { id: 4711, status: 'active', power: 'off', ip: '192.0.2.10', hostname: 'srv.example.net', os: 'debian-12' };
    const { sent, fetcher } = fakePanel((req) => (req.url.endsWith('/plan') ? json({ account: { ...ACCOUNT, status: 'active', plan: 'vps_lin_l' } }) : json({ server: req.url.endsWith('/reinstall') ? { ...server, power: 'rebuilding' } : server })));
    const panel = createPanelApiProvisioner({ apiUrl: 'https://p/api', apiToken: 't', fetch: fetcher });
    expect(await panel.powerState('a/1')).toEqual({ accountId: '4711', status: 'active', power: 'stopped', ip: '192.0.2.10', hostname: 'srv.example.net', os: 'debian-12' });
    await panel.power('a/1', 'reboot');
    expect((await panel.reinstall('a/1', 'ubuntu-24.04')).power).toBe('reinstalling');
    expect((await panel.changePlan('a/1', 'vps_lin_l', 'oi-9')).sku).toBe('vps_lin_l');
    expect(sent.map((r) => `${r.method} ${r.url}`)).toEqual([
      'GET https://p/api/accounts/a%2F1/server',
      'POST https://p/api/accounts/a%2F1/power',
      'POST https://p/api/accounts/a%2F1/reinstall',
      'POST https://p/api/accounts/a%2F1/plan',
    ]);
    expect(sent[1]!.body).toEqual({ action: 'reboot' });
    expect(sent[2]!.body).toEqual({ os: 'ubuntu-24.04' });
    expect(sent[3]!.headers.get('Idempotency-Key')).toBe('plan:a/1:oi-9');
  });

  it('reads a server still being built as provisioning, and an unknown power state as a failure', async () => {
    const building = createPanelApiProvisioner({ apiUrl: 'https://p', apiToken: 't', fetch: fakePanel(() => json({ server: { id: 1, status: 'building', power: 'off', hostname: 'h', ip: null } })).fetcher });
    expect((await building.powerState('1')).power).toBe('provisioning');
    const odd = createPanelApiProvisioner({ apiUrl: 'https://p', apiToken: 't', fetch: fakePanel(() => json({ server: { id: 1, status: 'active', power: 'levitating', hostname: 'h' } })).fetcher });
    expect((await codeOf(odd.powerState('1'))).detail.reason).toBe('unknown_status');
    const unreachable = createPanelApiProvisioner({ apiUrl: 'https://p', apiToken: 't', fetch: (async () => { throw new TypeError('getaddrinfo ENOTFOUND'); }) as typeof fetch });
    expect((await codeOf(unreachable.power('1', 'stop'))).code).toBe(ErrorCode.SERVER_PROVIDER_HOST_NOT_RESOLVED);
  });
});
