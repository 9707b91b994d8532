// The real SSL supplier: a CA reseller's REST API (a generic shape of what GoGetSSL, SSLs.com or
// Sectigo's reseller API offer). Every call carries the key in X-Api-Key:
//
//   GET  {apiUrl}/domains/{domain}/approvers                                  → {approvers: string[]}
//   POST {apiUrl}/orders                      Idempotency-Key: <reference>
//        {reference, product, validation, common_name, sans, dcv: [{domain, method: 'email', email}],
//         period_months, csr?}                                                 → {certificate}
//   GET  {apiUrl}/certificates/{id}                                           → {certificate}
//   POST {apiUrl}/certificates/{id}/reissue   {csr?}                          → {certificate}
//   POST {apiUrl}/certificates/{id}/renew     {period_months} [Idempotency-Key] → {certificate}
//   POST {apiUrl}/certificates/{id}/cancel    {reason}                        → {certificate}
//
//   certificate = {id, reference, product, common_name, sans, status, refund_status,
//                  approvers: {domain: email}, issued_at, expires_at, certificate (PEM)}
//   errors      = HTTP status + {error: {code, message, field?, data?}}
//
// Supplier statuses are mapped to spec §4's; failures to the catalogue codes port.ts lists.
import { z } from 'zod';
import { ErrorCode } from '../../../core/errors';
import { createJsonHttp, JsonHttpNetworkError } from '../json-http';
import { SslError, type SslCertificate, type SslPort, type SslRefund, type SslStatus } from './port';

export type ResellerApiConfig = {
  apiUrl: string;
  apiKey: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
};

export const RESELLER_TIMEOUT_MS = 15_000;

const STATUS_MAP: Readonly<Record<string, SslStatus>> = {
  new: 'PENDING',
  pending: 'PENDING',
  processing: 'PENDING',
  awaiting_validation: 'PENDING',
  issued: 'ACTIVE',
  active: 'ACTIVE',
  inactive: 'INACTIVE',
  on_hold: 'INACTIVE',
  suspended: 'INACTIVE',
  cancelled: 'CANCELLED',
  canceled: 'CANCELLED',
  revoked: 'CANCELLED',
  rejected: 'CANCELLED',
  expired: 'EXPIRED',
};

/** A supplier's status as spec §4's; null for one we do not know. */
export function supplierStatusToSsl(status: string): SslStatus | null {
  return STATUS_MAP[status.trim().toLowerCase().replace(/[\s-]+/g, '_')] ?? null;
}

const REFUND_MAP: Readonly<Record<string, SslRefund | null>> = {
  none: null,
  '': null,
  pending: 'REFUND PROCESSING',
  processing: 'REFUND PROCESSING',
  refund_processing: 'REFUND PROCESSING',
  refunded: 'REFUNDED',
  completed: 'REFUNDED',
  rejected: 'REFUND REJECTED',
  denied: 'REFUND REJECTED',
  refund_rejected: 'REFUND REJECTED',
};

/** A supplier's refund state as spec §4's; undefined for one we do not know. */
export function supplierRefundToSsl(refund: string | null | undefined): SslRefund | null | undefined {
  if (refund === null || refund === undefined) return null;
  const key = refund.trim().toLowerCase().replace(/[\s-]+/g, '_');
  return key in REFUND_MAP ? REFUND_MAP[key] : undefined;
}

const optionalDate = z
  .string()
  .nullish()
  .transform((s, ctx) => {
    if (!s) return null;
    const d = new Date(s);
    if (Number.isNaN(d.getTime())) {
      ctx.addIssue({ code: 'custom', message: 'not a date' });
      return z.NEVER;
    }
    return d;
  });

const certificateSchema = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  reference: z.string(),
  product: z.string(),
  common_name: z.string(),
  sans: z.array(z.string()).default([]),
  status: z.string(),
  refund_status: z.string().nullish(),
  approvers: z.record(z.string(), z.string()).default({}),
  issued_at: optionalDate,
  expires_at: optionalDate,
  certificate: z.string().nullish(),
});

const errorSchema = z.object({
  error: z.object({ code: z.string().optional(), message: z.string().optional(), field: z.string().optional(), data: z.unknown().optional() }),
});

/** What each call reports when the supplier fails it, and when it refuses it for the status. */
type CallKind = 'approvers' | 'enroll' | 'get' | 'reissue' | 'renew' | 'cancel';
const FAILURE: Readonly<Record<CallKind, number>> = {
  approvers: ErrorCode.FETCHING_APPROVER_LIST_FAILED,
  enroll: ErrorCode.CERTIFICATE_ENROLLMENT_FAILED,
  get: ErrorCode.COMMUNICATION_WITH_SUPPLIER_ERROR,
  reissue: ErrorCode.COMMUNICATION_WITH_SUPPLIER_ERROR,
  renew: ErrorCode.COMMUNICATION_WITH_SUPPLIER_ERROR,
  cancel: ErrorCode.COMMUNICATION_WITH_SUPPLIER_ERROR,
};
const STATUS_REFUSAL: Readonly<Record<CallKind, number>> = {
  approvers: ErrorCode.REQUEST_NOT_ALLOWED,
  enroll: ErrorCode.ENROLLMENT_ALREADY_EXISTS,
  get: ErrorCode.REQUEST_NOT_ALLOWED,
  reissue: ErrorCode.SSL_STATUS_DOES_NOT_ALLOW_REISSUE,
  renew: ErrorCode.SSL_STATUS_DOES_NOT_ALLOW_RENEW,
  cancel: ErrorCode.SSL_STATUS_DOES_NOT_ALLOW_CANCELLATION,
};

function badResponse(kind: CallKind, reason: string, extra: Record<string, unknown> = {}): SslError {
  return new SslError(FAILURE[kind], { reason, ...extra });
}

function toCertificate(kind: CallKind, body: unknown): SslCertificate {
  const parsed = z.object({ certificate: certificateSchema }).safeParse(body);
  if (!parsed.success) throw badResponse(kind, 'bad_response');
  const c = parsed.data.certificate;
  const status = supplierStatusToSsl(c.status);
  const refund = supplierRefundToSsl(c.refund_status);
  // An unknown state cannot be acted on safely; the caller keeps what it had and asks again later.
  if (!status) throw badResponse(kind, 'unknown_status', { status: c.status });
  if (refund === undefined) throw badResponse(kind, 'unknown_refund', { refund: c.refund_status });
  return {
    certificateId: c.id,
    reference: c.reference,
    sku: c.product,
    commonName: c.common_name,
    sans: c.sans,
    status,
    refund,
    approverEmails: c.approvers,
    issuedAt: c.issued_at,
    expiresAt: c.expires_at,
    pem: c.certificate ?? null,
  };
}

/** The supplier's refusal, as the catalogue code the shop shows for it. */
function errorFor(kind: CallKind, status: number, body: unknown): SslError {
  const parsed = errorSchema.safeParse(body);
  const e = parsed.success ? parsed.data.error : {};
  const detail: Record<string, unknown> = { status, supplierCode: e.code, message: e.message, data: e.data };
  switch (e.code) {
    case 'maintenance':
      return new SslError(ErrorCode.SSL_STORE_IN_MAINTENANCE, detail);
    case 'not_found':
      return new SslError(ErrorCode.SSL_DOES_NOT_EXIST, detail);
    case 'already_exists':
      return new SslError(ErrorCode.ENROLLMENT_ALREADY_EXISTS, detail);
    case 'status_not_allowed':
      return new SslError(STATUS_REFUSAL[kind], detail);
    case 'out_of_renew_period':
      return new SslError(ErrorCode.CERTIFICATE_OUT_OF_RENEW_PERIOD, detail);
    case 'invalid_csr':
      return new SslError(ErrorCode.FETCHING_CSR_DETAILS_FAILED, { ...detail, field: 'csr' });
    case 'not_allowed':
      return new SslError(ErrorCode.REQUEST_NOT_ALLOWED, detail);
    case 'invalid_approver':
      return new SslError(ErrorCode.VALIDATION_ERROR, { ...detail, field: 'approver_email' });
  }
  if (status === 503) return new SslError(ErrorCode.SSL_STORE_IN_MAINTENANCE, detail);
  if (status === 404) return new SslError(ErrorCode.SSL_DOES_NOT_EXIST, detail);
  if (status === 409) return new SslError(STATUS_REFUSAL[kind], detail);
  if (status === 400 || status === 422) return new SslError(ErrorCode.VALIDATION_ERROR, { ...detail, field: e.field });
  if (status === 403) return new SslError(ErrorCode.REQUEST_NOT_ALLOWED, detail);
  // 401 (our key), 429 and 5xx: the supplier did not do it; it may be asked again later.
  return new SslError(FAILURE[kind], { ...detail, reason: `http_${status}` });
}

export function createResellerApiSsl(config: ResellerApiConfig): SslPort {
  const timeoutMs = config.timeoutMs ?? RESELLER_TIMEOUT_MS;
  const request = createJsonHttp({ apiUrl: config.apiUrl, headers: { 'X-Api-Key': config.apiKey }, timeoutMs, fetch: config.fetch });

  async function call(kind: CallKind, method: 'GET' | 'POST', path: string, body?: unknown, idempotencyKey?: string): Promise<unknown> {
    try {
      const res = await request(method, path, body, idempotencyKey);
      if (!res.ok) throw errorFor(kind, res.status, res.json);
      return res.json;
    } catch (err) {
      if (!(err instanceof JsonHttpNetworkError)) throw err;
      throw new SslError(FAILURE[kind], { reason: err.reason, message: err.message });
    }
  }

  const cert = (id: string) => `/certificates/${encodeURIComponent(id)}`;

  return {
    async approverEmails(domain) {
      const body = await call('approvers', 'GET', `/domains/${encodeURIComponent(domain.trim())}/approvers`);
      const parsed = z.object({ approvers: z.array(z.string()) }).safeParse(body);
      if (!parsed.success) throw badResponse('approvers', 'bad_response');
      return parsed.data.approvers;
    },

    async enroll(input) {
      const names = [input.commonName, ...input.sans.filter((s) => s !== input.commonName)];
      const body = {
        reference: input.reference,
        product: input.sku,
        validation: input.validationType,
        common_name: input.commonName,
        sans: input.sans,
        dcv: names.map((domain) => ({ domain, method: 'email', email: input.approverEmails[domain] ?? null })),
        period_months: input.lengthMonths,
        ...(input.csr ? { csr: input.csr } : {}),
      };
      return toCertificate('enroll', await call('enroll', 'POST', '/orders', body, input.reference));
    },

    async get(certificateId) {
      return toCertificate('get', await call('get', 'GET', cert(certificateId)));
    },

    async reissue(certificateId, csr) {
      return toCertificate('reissue', await call('reissue', 'POST', `${cert(certificateId)}/reissue`, csr ? { csr } : {}));
    },

    async renew(certificateId, lengthMonths, reference) {
      const key = reference ? `renew:${certificateId}:${reference}` : undefined;
      return toCertificate('renew', await call('renew', 'POST', `${cert(certificateId)}/renew`, { period_months: lengthMonths }, key));
    },

    async cancel(certificateId, reason) {
      return toCertificate('cancel', await call('cancel', 'POST', `${cert(certificateId)}/cancel`, { reason }));
    },
  };
}
