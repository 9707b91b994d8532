import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../../core/errors';
import { SslError, type EnrollInput } from './port';
import { createResellerApiSsl, supplierRefundToSsl, supplierStatusToSsl } from './reseller-api';

type Sent = { url: string; method: string; headers: Headers; body: unknown };

function fakeSupplier(answer: (req: Sent) => Response | Promise<Response>) {
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

const CERT = {
  id: 'C-1001',
  reference: 'oi_5',
  product: 'ssl_dv_multi',
  common_name: 'example.gr',
  sans: ['www.example.gr'],
  status: 'issued',
  refund_status: null,
  approvers: { 'example.gr': 'admin@example.gr', 'www.example.gr': 'admin@example.gr' },
  issued_at: '2025-03-01T10:00:00Z',
  expires_at: '2026-03-01T10:00:00Z',
  certificate: '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n',
};

const INPUT: EnrollInput = {
  reference: 'oi_5',
  sku: 'ssl_dv_multi',
  validationType: 'DV',
  commonName: 'example.gr',
  sans: ['www.example.gr'],
  approverEmails: { 'example.gr': 'admin@example.gr', 'www.example.gr': 'admin@example.gr' },
  lengthMonths: 12,
};

async function failure(p: Promise<unknown>): Promise<SslError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(SslError);
  return err as SslError;
}

const client = (fetcher: typeof fetch, timeoutMs?: number) => createResellerApiSsl({ apiUrl: 'https://ca.example.net/api/', apiKey: 'k', fetch: fetcher, timeoutMs });

describe('CA reseller API', () => {
  it('enrols with the reference as idempotency key and one DCV entry per name', async () => {
    const { sent, fetcher } = fakeSupplier(() => json({ certificate: { ...CERT, status: 'awaiting_validation', issued_at: null, expires_at: null, certificate: null } }, 201));
    const cert = await client(fetcher).enroll({ ...INPUT, csr: '-----BEGIN CERTIFICATE REQUEST-----\nAA\n-----END CERTIFICATE REQUEST-----' });
    expect(cert).toMatchObject({ certificateId: 'C-1001', status: 'PENDING', refund: null, issuedAt: null, expiresAt: null, pem: null, sku: 'ssl_dv_multi' });
    const [req] = sent;
    expect(req?.url).toBe('https://ca.example.net/api/orders');
    expect(req?.headers.get('X-Api-Key')).toBe('k');
    expect(req?.headers.get('Idempotency-Key')).toBe('oi_5');
    expect(req?.body).toMatchObject({
      reference: 'oi_5',
      product: 'ssl_dv_multi',
      validation: 'DV',
      common_name: 'example.gr',
      sans: ['www.example.gr'],
      period_months: 12,
      dcv: [
        { domain: 'example.gr', method: 'email', email: 'admin@example.gr' },
        { domain: 'www.example.gr', method: 'email', email: 'admin@example.gr' },
      ],
    });
    expect((req?.body as { csr?: string }).csr).toContain('CERTIFICATE REQUEST');
  });

  it('reads an issued certificate', async () => {
    const { sent, fetcher } = fakeSupplier(() => json({ certificate: CERT }));
    const cert = await client(fetcher).get('C/1001');
    expect(sent[0]?.url).toBe('https://ca.example.net/api/certificates/C%2F1001');
    expect(cert).toEqual({
      certificateId: 'C-1001',
      reference: 'oi_5',
      sku: 'ssl_dv_multi',
      commonName: 'example.gr',
      sans: ['www.example.gr'],
      status: 'ACTIVE',
      refund: null,
      approverEmails: CERT.approvers,
      issuedAt: new Date('2025-03-01T10:00:00Z'),
      expiresAt: new Date('2026-03-01T10:00:00Z'),
      pem: CERT.certificate,
    });
  });

  it('lists approvers and calls the lifecycle endpoints', async () => {
    const { sent, fetcher } = fakeSupplier((req) =>
      req.url.includes('/approvers') ? json({ approvers: ['admin@καφές.gr'] }) : json({ certificate: { ...CERT, status: 'cancelled', refund_status: 'refunded' } }),
    );
    const ca = client(fetcher);
    expect(await ca.approverEmails('καφές.gr')).toEqual(['admin@καφές.gr']);
    await ca.reissue('C-1', 'csr-text');
    await ca.renew('C-1', 24, 'oi_8');
    expect(await ca.cancel('C-1', 'customer request')).toMatchObject({ status: 'CANCELLED', refund: 'REFUNDED' });
    expect(sent.map((r) => `${r.method} ${r.url.replace('https://ca.example.net/api', '')}`)).toEqual([
      `GET /domains/${encodeURIComponent('καφές.gr')}/approvers`,
      'POST /certificates/C-1/reissue',
      'POST /certificates/C-1/renew',
      'POST /certificates/C-1/cancel',
    ]);
    expect(sent[1]?.body).toEqual({ csr: 'csr-text' });
    expect(sent[2]?.body).toEqual({ period_months: 24 });
    expect(sent[2]?.headers.get('Idempotency-Key')).toBe('renew:C-1:oi_8');
    expect(sent[3]?.body).toEqual({ reason: 'customer request' });
  });

  it.each([
    ['reissue', 409, { error: { code: 'status_not_allowed' } }, ErrorCode.SSL_STATUS_DOES_NOT_ALLOW_REISSUE],
    ['renew', 409, { error: { code: 'status_not_allowed' } }, ErrorCode.SSL_STATUS_DOES_NOT_ALLOW_RENEW],
    ['cancel', 409, { error: { code: 'status_not_allowed' } }, ErrorCode.SSL_STATUS_DOES_NOT_ALLOW_CANCELLATION],
    ['renew', 409, { error: { code: 'out_of_renew_period', data: { renewable_from: '2026-01-01' } } }, ErrorCode.CERTIFICATE_OUT_OF_RENEW_PERIOD],
    ['cancel', 409, null, ErrorCode.SSL_STATUS_DOES_NOT_ALLOW_CANCELLATION],
    ['get', 404, null, ErrorCode.SSL_DOES_NOT_EXIST],
    ['get', 503, null, ErrorCode.SSL_STORE_IN_MAINTENANCE],
    ['get', 502, { error: { code: 'maintenance' } }, ErrorCode.SSL_STORE_IN_MAINTENANCE],
    ['get', 500, null, ErrorCode.COMMUNICATION_WITH_SUPPLIER_ERROR],
    ['enroll', 500, null, ErrorCode.CERTIFICATE_ENROLLMENT_FAILED],
    ['enroll', 409, null, ErrorCode.ENROLLMENT_ALREADY_EXISTS],
    ['enroll', 422, { error: { code: 'invalid_approver' } }, ErrorCode.VALIDATION_ERROR],
    ['enroll', 400, { error: { code: 'invalid_csr' } }, ErrorCode.FETCHING_CSR_DETAILS_FAILED],
    ['enroll', 403, { error: { code: 'not_allowed' } }, ErrorCode.REQUEST_NOT_ALLOWED],
    ['approvers', 502, null, ErrorCode.FETCHING_APPROVER_LIST_FAILED],
  ] as const)('%s answered %i %j → %i', async (call, status, body, code) => {
    const { fetcher } = fakeSupplier(() => (body === null ? new Response('', { status }) : json(body, status)));
    const ca = client(fetcher);
    const run = {
      reissue: () => ca.reissue('C-1'),
      renew: () => ca.renew('C-1', 12),
      cancel: () => ca.cancel('C-1', 'x'),
      get: () => ca.get('C-1'),
      enroll: () => ca.enroll(INPUT),
      approvers: () => ca.approverEmails('example.gr'),
    }[call];
    const err = await failure(run());
    expect(err.code).toBe(code);
  });

  it('keeps the renewal window of a 39791 in the detail, for the alert', async () => {
    const { fetcher } = fakeSupplier(() => json({ error: { code: 'out_of_renew_period', data: { renewable_from: '2026-01-01' } } }, 409));
    expect((await failure(client(fetcher).renew('C-1', 12))).detail.data).toEqual({ renewable_from: '2026-01-01' });
  });

  it('reports timeouts and an unreachable supplier with the call\'s failure code', async () => {
    const hanging = ((_: RequestInfo | URL, init?: RequestInit) =>
      new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)))) as typeof fetch;
    const slow = await failure(client(hanging, 5).enroll(INPUT));
    expect(slow.code).toBe(ErrorCode.CERTIFICATE_ENROLLMENT_FAILED);
    expect(slow.detail.reason).toBe('timeout');
    const down = (async () => {
      throw new TypeError('fetch failed');
    }) as typeof fetch;
    const err = await failure(client(down).approverEmails('example.gr'));
    expect(err.code).toBe(ErrorCode.FETCHING_APPROVER_LIST_FAILED);
    expect(err.detail.reason).toBe('unreachable');
  });

  it('refuses answers it cannot read', async () => {
    const unknown = fakeSupplier(() => json({ certificate: { ...CERT, status: 'limbo' } }));
    expect((await failure(client(unknown.fetcher).get('C-1'))).detail.reason).toBe('unknown_status');
    const refund = fakeSupplier(() => json({ certificate: { ...CERT, refund_status: 'maybe' } }));
    expect((await failure(client(refund.fetcher).get('C-1'))).detail.reason).toBe('unknown_refund');
    const garbled = fakeSupplier(() => json({ approvers: 'admin@example.gr' }));
    expect((await failure(client(garbled.fetcher).approverEmails('example.gr'))).code).toBe(ErrorCode.FETCHING_APPROVER_LIST_FAILED);
  });
});

describe('status and refund mapping', () => {
  it.each([
    ['new', 'PENDING'],
    ['Awaiting Validation', 'PENDING'],
    ['issued', 'ACTIVE'],
    ['ACTIVE', 'ACTIVE'],
    ['on-hold', 'INACTIVE'],
    ['revoked', 'CANCELLED'],
    ['canceled', 'CANCELLED'],
    ['expired', 'EXPIRED'],
  ])('%s → %s', (supplier, ours) => {
    expect(supplierStatusToSsl(supplier)).toBe(ours);
  });

  it('maps refunds, spec §4 spellings included', () => {
    expect(supplierRefundToSsl(null)).toBeNull();
    expect(supplierRefundToSsl('none')).toBeNull();
    expect(supplierRefundToSsl('processing')).toBe('REFUND PROCESSING');
    expect(supplierRefundToSsl('REFUND PROCESSING')).toBe('REFUND PROCESSING');
    expect(supplierRefundToSsl('refunded')).toBe('REFUNDED');
    expect(supplierRefundToSsl('REFUND REJECTED')).toBe('REFUND REJECTED');
    expect(supplierRefundToSsl('maybe')).toBeUndefined();
  });
});
