// The real provisioner: a hosting control panel's REST API (a generic shape that cPanel/WHM,
// Plesk or a VPS platform fronted by a small gateway can offer). Every call carries a bearer token:
//
//   POST {apiUrl}/accounts                 Idempotency-Key: <reference>
//        {reference, plan, product_type, domain, term_months, options, contact_email} → 201/200 {account}
//   GET  {apiUrl}/accounts/{id}                                                      → {account}
//   POST {apiUrl}/accounts/{id}/suspend    {reason}                                  → {account}
//   POST {apiUrl}/accounts/{id}/unsuspend                                            → {account}
//   POST {apiUrl}/accounts/{id}/terminate                                            → {account}
//   POST {apiUrl}/accounts/{id}/password                                             → {password}
//   POST {apiUrl}/accounts/{id}/renew      {term_months}  [Idempotency-Key]          → {account}
//   GET  {apiUrl}/accounts/{id}/usage                                                → {usage}
//   POST {apiUrl}/accounts/{id}/password/set {password}                              → 204 / {}
//
//   usage   = {disk_mb, bandwidth_mb, mailboxes?, databases?: {used, limit|null}, measured_at}
//   GET  {apiUrl}/accounts/{id}/server                                               → {server}
//   POST {apiUrl}/accounts/{id}/power      {action: start|stop|reboot}               → {server}
//   POST {apiUrl}/accounts/{id}/reinstall  {os}                                      → {server}
//   POST {apiUrl}/accounts/{id}/plan       {plan}         [Idempotency-Key]          → {account}
//
//   account = {id, reference, plan, domain, username, panel_url, status, server, created_at, expires_at}
//   server  = {id, status, power, ip, hostname, os}
//   errors  = HTTP status + {error: {code, message, field?}}
//
// Failures become ProvisionerError with the codes port.ts explains.
import { z } from 'zod';
import { ErrorCode } from '../../../core/errors';
import { createJsonHttp, JsonHttpNetworkError } from '../json-http';
import { powerStates, ProvisionerError, type HostingAccount, type HostingStatus, type HostingUsage, type PowerState, type ProvisionerPort, type ServerState } from './port';

export type PanelApiConfig = {
  apiUrl: string;
  apiToken: string;
  fetch?: typeof fetch;
  /** Per request. Creating a server can take the panel a while to acknowledge, hence 15 s. */
  timeoutMs?: number;
};

export const PANEL_TIMEOUT_MS = 15_000;

/**
 * Panel statuses as the different panels spell them, to the port's four. A machine the panel is
 * still building reads as 'provisioning' whatever the panel calls it.
 */
const STATUS_MAP: Readonly<Record<string, HostingStatus>> = {
  pending: 'provisioning',
  building: 'provisioning',
  installing: 'provisioning',
  provisioning: 'provisioning',
  active: 'active',
  running: 'active',
  suspended: 'suspended',
  terminated: 'terminated',
  deleted: 'terminated',
  cancelled: 'terminated',
};

export function panelStatusToHosting(status: string): HostingStatus | null {
  return STATUS_MAP[status.trim().toLowerCase()] ?? null;
}

const date = z.string().transform((s, ctx) => {
  const d = new Date(s);
  if (Number.isNaN(d.getTime())) {
    ctx.addIssue({ code: 'custom', message: 'not a date' });
    return z.NEVER;
  }
  return d;
});

const accountSchema = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  reference: z.string(),
  plan: z.string(),
  domain: z.string().nullish().transform((d) => d ?? null),
  username: z.string(),
  panel_url: z.string(),
  status: z.string(),
  server: z.string(),
  created_at: date,
  expires_at: date,
});

const measureSchema = z.object({ used: z.number().nonnegative(), limit: z.number().nonnegative().nullable() });
const usageSchema = z.object({
  usage: z.object({ disk_mb: measureSchema, bandwidth_mb: measureSchema, mailboxes: measureSchema.nullish(), databases: measureSchema.nullish(), measured_at: date }),
});

function toUsage(body: unknown): HostingUsage {
  const parsed = usageSchema.safeParse(body);
  if (!parsed.success) throw new ProvisionerError(ErrorCode.NETWORK_CONNECTION_ERROR, { reason: 'bad_response' });
  const u = parsed.data.usage;
  return { diskMb: u.disk_mb, bandwidthMb: u.bandwidth_mb, mailboxes: u.mailboxes ?? null, databases: u.databases ?? null, measuredAt: u.measured_at };
}

const errorSchema = z.object({ error: z.object({ code: z.string().optional(), message: z.string().optional(), field: z.string().optional() }) });

function toAccount(body: unknown): HostingAccount {
  const parsed = z.object({ account: accountSchema }).safeParse(body);
  if (!parsed.success) throw new ProvisionerError(ErrorCode.NETWORK_CONNECTION_ERROR, { reason: 'bad_response' });
  const a = parsed.data.account;
  const status = panelStatusToHosting(a.status);
  // A status we do not know cannot be acted on safely; fulfilment will ask again later.
  if (!status) throw new ProvisionerError(ErrorCode.NETWORK_CONNECTION_ERROR, { reason: 'unknown_status', status: a.status });
  return {
    accountId: a.id,
    reference: a.reference,
    sku: a.plan,
    domain: a.domain,
    username: a.username,
    panelUrl: a.panel_url,
    status,
    server: a.server,
    createdAt: a.created_at,
    expiresAt: a.expires_at,
  };
}

/** Machine states as panels spell them, to the port's five. */
const POWER_MAP: Readonly<Record<string, PowerState>> = {
  on: 'running',
  started: 'running',
  off: 'stopped',
  shutoff: 'stopped',
  restarting: 'rebooting',
  rebuilding: 'reinstalling',
  building: 'provisioning',
  ...Object.fromEntries(powerStates.map((p) => [p, p])),
};

const serverSchema = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  status: z.string(),
  power: z.string(),
  ip: z.string().nullish().transform((v) => v ?? null),
  hostname: z.string(),
  os: z.string().nullish().transform((v) => v ?? null),
});

function toServer(body: unknown): ServerState {
  const parsed = z.object({ server: serverSchema }).safeParse(body);
  if (!parsed.success) throw new ProvisionerError(ErrorCode.NETWORK_CONNECTION_ERROR, { reason: 'bad_response' });
  const s = parsed.data.server;
  const status = panelStatusToHosting(s.status);
  const power = POWER_MAP[s.power.trim().toLowerCase()];
  if (!status || !power) throw new ProvisionerError(ErrorCode.NETWORK_CONNECTION_ERROR, { reason: 'unknown_status', status: s.status, power: s.power });
  return { accountId: s.id, status, power: status === 'provisioning' ? 'provisioning' : power, ip: s.ip, hostname: s.hostname, os: s.os };
}

/** The panel's refusal, as the catalogue code the shop shows for it. */
function errorFor(status: number, body: unknown): ProvisionerError {
  const parsed = errorSchema.safeParse(body);
  const code = parsed.success ? parsed.data.error.code : undefined;
  const detail: Record<string, unknown> = { status, panelCode: code, message: parsed.success ? parsed.data.error.message : undefined };
  if (code === 'maintenance' || status === 503) return new ProvisionerError(ErrorCode.NETWORK_CONNECTION_ERROR, { ...detail, reason: 'maintenance' });
  if (code === 'free_hosting_unavailable') return new ProvisionerError(ErrorCode.FREE_HOSTING_CANT_BE_ACTIVATED, detail);
  if (status === 404) return new ProvisionerError(ErrorCode.SERVER_PROVIDER_PRODUCT_NOT_FOUND, detail);
  if (status === 409) return new ProvisionerError(ErrorCode.ACTION_NOT_ALLOWED, detail);
  if (status === 400 || status === 422) {
    return new ProvisionerError(ErrorCode.VALIDATION_ERROR, { ...detail, field: parsed.success ? parsed.data.error.field : undefined });
  }
  // 401/403 mean our token is wrong, 429 and 5xx that the panel is struggling: in every case the
  // request did not happen and may be retried once the cause is gone.
  return new ProvisionerError(ErrorCode.NETWORK_CONNECTION_ERROR, { ...detail, reason: `http_${status}` });
}

export function createPanelApiProvisioner(config: PanelApiConfig): ProvisionerPort {
  const timeoutMs = config.timeoutMs ?? PANEL_TIMEOUT_MS;
  const request = createJsonHttp({ apiUrl: config.apiUrl, headers: { Authorization: `Bearer ${config.apiToken}` }, timeoutMs, fetch: config.fetch });

  async function call(method: 'GET' | 'POST', path: string, body?: unknown, idempotencyKey?: string): Promise<unknown> {
    try {
      const res = await request(method, path, body, idempotencyKey);
      if (!res.ok) throw errorFor(res.status, res.json);
      return res.json;
    } catch (err) {
      if (!(err instanceof JsonHttpNetworkError)) throw err;
      // A timeout: the panel may have done it anyway; the idempotency key makes the retry safe.
      if (err.reason === 'timeout') throw new ProvisionerError(ErrorCode.NETWORK_CONNECTION_ERROR, { reason: 'timeout', timeoutMs });
      throw new ProvisionerError(ErrorCode.SERVER_PROVIDER_HOST_NOT_RESOLVED, { reason: 'unreachable', message: err.message });
    }
  }

  const id = (accountId: string) => `/accounts/${encodeURIComponent(accountId)}`;

  return {
    async createAccount(input) {
      const body = {
        reference: input.reference,
        plan: input.sku,
        product_type: input.productType,
        domain: input.domain,
        term_months: input.lengthMonths,
        options: input.options,
        contact_email: input.contactEmail,
      };
      return toAccount(await call('POST', '/accounts', body, input.reference));
    },
    async getAccount(accountId) {
      return toAccount(await call('GET', id(accountId)));
    },
    async suspend(accountId, reason) {
      return toAccount(await call('POST', `${id(accountId)}/suspend`, { reason }));
    },
    async unsuspend(accountId) {
      return toAccount(await call('POST', `${id(accountId)}/unsuspend`, {}));
    },
    async terminate(accountId) {
      return toAccount(await call('POST', `${id(accountId)}/terminate`, {}));
    },
    async changePassword(accountId) {
      const parsed = z.object({ password: z.string().min(1) }).safeParse(await call('POST', `${id(accountId)}/password`, {}));
      if (!parsed.success) throw new ProvisionerError(ErrorCode.NETWORK_CONNECTION_ERROR, { reason: 'bad_response' });
      return parsed.data.password;
    },
    async usage(accountId) {
      return toUsage(await call('GET', `${id(accountId)}/usage`));
    },
    async setPassword(accountId, password) {
      // The password travels in the body only (never in a path or a log line); the panel answers no content.
      await call('POST', `${id(accountId)}/password/set`, { password });
    },
    async renew(accountId, lengthMonths, reference) {
      // Keyed per account, so one order item renewing two accounts cannot collide.
      const key = reference ? `renew:${accountId}:${reference}` : undefined;
      return toAccount(await call('POST', `${id(accountId)}/renew`, { term_months: lengthMonths }, key));
    },
    async powerState(accountId) {
      return toServer(await call('GET', `${id(accountId)}/server`));
    },
    async power(accountId, action) {
      return toServer(await call('POST', `${id(accountId)}/power`, { action }));
    },
    async reinstall(accountId, os) {
      return toServer(await call('POST', `${id(accountId)}/reinstall`, { os }));
    },
    async changePlan(accountId, sku, reference) {
      const key = reference ? `plan:${accountId}:${reference}` : undefined;
      return toAccount(await call('POST', `${id(accountId)}/plan`, { plan: sku }, key));
    },
  };
}
