// The sandbox CA against real D1 inside workerd: approver checks, idempotent enrolment, validation
// time, the status rules of reissue/renew/cancel with their catalogue codes, refunds and the switches.
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../core/errors';
import { createDb } from '../../db/client';
import { sandboxSslCertificates, sandboxSwitches } from '../../db/schema/fulfilment-sandboxes';
import { SslError, type EnrollInput } from '../../worker/adapters/ssl/port';
import { createSandboxSsl, RENEW_WINDOW_MS, SSL_SYSTEM } from '../../worker/adapters/ssl/sandbox';

const db = createDb(env.DB);
const T0 = Date.parse('2025-03-01T10:00:00Z');
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** The CA as seen at T0 + ms. */
const caAt = (ms = 0, sleep?: (ms: number) => Promise<void>) => createSandboxSsl(db, { now: () => new Date(T0 + ms), sleep });
const uid = () => crypto.randomUUID().replace(/-/g, '').slice(0, 8);
const CSR = '-----BEGIN CERTIFICATE REQUEST-----\nMIIBVTCB/wIBADBaMQswCQYDVQQGEwJHUjEP\n-----END CERTIFICATE REQUEST-----\n';

function dv(overrides: Partial<EnrollInput> = {}): EnrollInput {
  const domain = overrides.commonName ?? `c${uid()}.gr`;
  return {
    reference: `oi_${uid()}`,
    sku: 'ssl_dv_basic',
    validationType: 'DV',
    commonName: domain,
    sans: [],
    approverEmails: { [domain]: `admin@${domain}` },
    lengthMonths: 12,
    ...overrides,
  };
}

function decodePem(pem: string): Record<string, unknown> {
  const body = pem.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');
  return JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(body), (c) => c.charCodeAt(0)))) as Record<string, unknown>;
}

async function refusal(p: Promise<unknown>): Promise<SslError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(SslError);
  return err as SslError;
}

/** A DV certificate enrolled at T0 and issued at T0 + 1 minute. */
async function issuedDv(overrides: Partial<EnrollInput> = {}) {
  const enrolled = await caAt().enroll(dv(overrides));
  const issued = await caAt(MINUTE).get(enrolled.certificateId);
  expect(issued.status).toBe('ACTIVE');
  return issued;
}

async function setSwitch(values: { maintenance?: boolean; failing?: boolean; latencyMs?: number }) {
  await db
    .insert(sandboxSwitches)
    .values({ system: SSL_SYSTEM, ...values })
    .onConflictDoUpdate({ target: sandboxSwitches.system, set: values });
}

afterEach(async () => {
  await db.delete(sandboxSwitches).where(eq(sandboxSwitches.system, SSL_SYSTEM));
});

describe('approver lists', () => {
  it('offers the constructed addresses, and refuses a name no CA validates', async () => {
    expect(await caAt().approverEmails('www.example.gr')).toContain('admin@example.gr');
    expect(await caAt().approverEmails('*.καφές.gr')).toEqual(['admin', 'administrator', 'hostmaster', 'postmaster', 'webmaster'].map((l) => `${l}@καφές.gr`));
    expect((await refusal(caAt().approverEmails('com.gr'))).code).toBe(ErrorCode.VALIDATION_ERROR);
  });
});

describe('enrolment', () => {
  it('validates a DV certificate in a minute and issues a sandbox PEM for the ordered length', async () => {
    const req = dv();
    const enrolled = await caAt().enroll(req);
    expect(enrolled).toMatchObject({ reference: req.reference, status: 'PENDING', refund: null, issuedAt: null, expiresAt: null, pem: null, sans: [] });
    expect((await caAt(MINUTE - 1).get(enrolled.certificateId)).status).toBe('PENDING');
    const issued = await caAt(MINUTE).get(enrolled.certificateId);
    expect(issued.status).toBe('ACTIVE');
    expect(issued.issuedAt?.toISOString()).toBe('2025-03-01T10:01:00.000Z');
    expect(issued.expiresAt?.toISOString()).toBe('2026-03-01T10:01:00.000Z');
    expect(issued.pem?.startsWith('-----BEGIN CERTIFICATE-----')).toBe(true);
    expect(decodePem(issued.pem!)).toMatchObject({ sandbox: true, commonName: req.commonName, certificateId: enrolled.certificateId });
    // Reading again later changes nothing: the same certificate.
    expect((await caAt(5 * MINUTE).get(enrolled.certificateId)).pem).toBe(issued.pem);
  });

  it('takes ten minutes for OV and EV', async () => {
    for (const validationType of ['OV', 'EV'] as const) {
      const { certificateId } = await caAt().enroll(dv({ validationType, sku: validationType === 'OV' ? 'ssl_ov' : 'ssl_ev' }));
      expect((await caAt(10 * MINUTE - 1).get(certificateId)).status).toBe('PENDING');
      expect((await caAt(10 * MINUTE).get(certificateId)).status).toBe('ACTIVE');
    }
  });

  it('answers a retry with the same order, and two racing enrolments with one', async () => {
    const req = dv();
    const first = await caAt().enroll(req);
    expect((await caAt(10_000).enroll(req)).certificateId).toBe(first.certificateId);
    const racing = dv();
    const [a, b] = await Promise.all([caAt().enroll(racing), caAt().enroll(racing)]);
    expect(a.certificateId).toBe(b.certificateId);
    for (const reference of [req.reference, racing.reference]) {
      expect(await db.select().from(sandboxSslCertificates).where(eq(sandboxSslCertificates.reference, reference))).toHaveLength(1);
    }
  });

  it('refuses a reference reused for another certificate with 39751', async () => {
    const req = dv();
    await caAt().enroll(req);
    const other = `o${uid()}.gr`;
    const err = await refusal(caAt().enroll({ ...req, commonName: other, approverEmails: { [other]: `admin@${other}` } }));
    expect(err.code).toBe(ErrorCode.ENROLLMENT_ALREADY_EXISTS);
  });

  it('needs a valid approver for every name (spec §5 SSL)', async () => {
    const cn = `m${uid()}.gr`;
    const base = dv({ sku: 'ssl_dv_multi', commonName: cn, sans: [`www.${cn}`, `shop.${cn}`] });
    const missing = await refusal(caAt().enroll({ ...base, approverEmails: { [cn]: `admin@${cn}`, [`www.${cn}`]: `admin@${cn}` } }));
    expect(missing.code).toBe(ErrorCode.VALIDATION_ERROR);
    expect(missing.detail).toMatchObject({ field: 'approver_email', domain: `shop.${cn}`, reason: 'missing' });
    const wrong = await refusal(caAt().enroll({ ...base, approverEmails: { [cn]: `info@${cn}`, [`www.${cn}`]: `admin@${cn}`, [`shop.${cn}`]: `admin@${cn}` } }));
    expect(wrong.detail).toMatchObject({ domain: cn, reason: 'invalid' });
    const ok = await caAt().enroll({ ...base, approverEmails: { [cn]: `admin@${cn}`, [`www.${cn}`]: `webmaster@www.${cn}`, [`shop.${cn}`]: `postmaster@${cn}` } });
    expect(ok.sans).toEqual([`www.${cn}`, `shop.${cn}`]);
    expect(ok.approverEmails[`shop.${cn}`]).toBe(`postmaster@${cn}`);
  });

  it('cleans the names: case, the root dot, repeats and the common name among the SANs', async () => {
    const cn = `d${uid()}.gr`;
    const cert = await caAt().enroll(
      dv({ sku: 'ssl_dv_multi', commonName: cn.toUpperCase(), sans: [cn, `WWW.${cn}.`, `www.${cn}`], approverEmails: { [cn]: `admin@${cn}`, [`www.${cn}`]: `admin@${cn}` } }),
    );
    expect(cert.commonName).toBe(cn);
    expect(cert.sans).toEqual([`www.${cn}`]);
  });

  it('takes a wildcard\'s approver under its base name, but never issues an EV wildcard', async () => {
    const base = `w${uid()}.gr`;
    const wildcard = await caAt().enroll(dv({ sku: 'ssl_dv_wildcard', commonName: `*.${base}`, approverEmails: { [base]: `admin@${base}` } }));
    expect(wildcard.approverEmails).toEqual({ [`*.${base}`]: `admin@${base}` });
    const ev = await refusal(caAt().enroll(dv({ sku: 'ssl_ev', validationType: 'EV', commonName: `*.${base}`, approverEmails: { [base]: `admin@${base}` } })));
    expect(ev.code).toBe(ErrorCode.REQUEST_NOT_ALLOWED);
  });

  it('refuses an unreadable CSR with 39758, and bad names or lengths with 100', async () => {
    expect((await refusal(caAt().enroll(dv({ csr: 'not a csr' })))).code).toBe(ErrorCode.FETCHING_CSR_DETAILS_FAILED);
    expect((await caAt().enroll(dv({ csr: CSR }))).status).toBe('PENDING');
    expect((await refusal(caAt().enroll(dv({ commonName: 'com.gr', approverEmails: { 'com.gr': 'admin@com.gr' } })))).code).toBe(ErrorCode.VALIDATION_ERROR);
    expect((await refusal(caAt().enroll(dv({ lengthMonths: 0 })))).code).toBe(ErrorCode.VALIDATION_ERROR);
  });

  it('answers an unknown certificate with 39750', async () => {
    expect((await refusal(caAt().get('ssl_missing'))).code).toBe(ErrorCode.SSL_DOES_NOT_EXIST);
    expect((await refusal(caAt().cancel('ssl_missing', 'x'))).code).toBe(ErrorCode.SSL_DOES_NOT_EXIST);
  });
});

describe('reissue', () => {
  it('is refused with 39753 unless the certificate is active', async () => {
    const pending = await caAt().enroll(dv());
    const err = await refusal(caAt().reissue(pending.certificateId, CSR));
    expect(err.code).toBe(ErrorCode.SSL_STATUS_DOES_NOT_ALLOW_REISSUE);
    expect(err.detail.status).toBe('PENDING');
  });

  it('gives an active certificate a new PEM with the same end date', async () => {
    const issued = await issuedDv();
    const reissued = await caAt(2 * DAY).reissue(issued.certificateId, CSR);
    expect(reissued.status).toBe('ACTIVE');
    expect(reissued.pem).not.toBe(issued.pem);
    expect(reissued.expiresAt).toEqual(issued.expiresAt);
    expect(reissued.issuedAt).toEqual(issued.issuedAt);
    expect((await refusal(caAt(2 * DAY).reissue(issued.certificateId, 'garbage'))).code).toBe(ErrorCode.FETCHING_CSR_DETAILS_FAILED);
  });
});

describe('renewal', () => {
  it('is refused with 39791 outside the renewal window, with the window in the detail', async () => {
    const issued = await issuedDv();
    const err = await refusal(caAt(DAY).renew(issued.certificateId, 12));
    expect(err.code).toBe(ErrorCode.CERTIFICATE_OUT_OF_RENEW_PERIOD);
    expect(err.detail.renewableFrom).toBe(new Date(issued.expiresAt!.getTime() - RENEW_WINDOW_MS).toISOString());
  });

  it('adds the new term to an active certificate inside the window, once per reference', async () => {
    const issued = await issuedDv();
    const inWindow = issued.expiresAt!.getTime() - T0 - 30 * DAY;
    const renewed = await caAt(inWindow).renew(issued.certificateId, 12, 'oi_r1');
    expect(renewed.status).toBe('ACTIVE');
    expect(renewed.expiresAt?.toISOString()).toBe('2027-03-01T10:01:00.000Z');
    expect((await caAt(inWindow).renew(issued.certificateId, 12, 'oi_r1')).expiresAt?.toISOString()).toBe('2027-03-01T10:01:00.000Z');
  });

  it('orders an expired certificate afresh: validated again, then issued for the new length', async () => {
    const issued = await issuedDv();
    const afterExpiry = issued.expiresAt!.getTime() - T0 + DAY;
    expect((await caAt(afterExpiry).get(issued.certificateId)).status).toBe('EXPIRED');
    const renewed = await caAt(afterExpiry).renew(issued.certificateId, 24, 'oi_r2');
    expect(renewed).toMatchObject({ status: 'PENDING', issuedAt: null, expiresAt: null, pem: null });
    const reordered = await caAt(afterExpiry + MINUTE).get(issued.certificateId);
    expect(reordered.status).toBe('ACTIVE');
    // Validation started at the renewal (a day after expiry, 10:01) and took a minute.
    expect(reordered.issuedAt?.toISOString()).toBe('2026-03-02T10:02:00.000Z');
    expect(reordered.expiresAt?.toISOString()).toBe('2028-03-02T10:02:00.000Z');
  });

  it('is refused with 39755 while pending or once cancelled', async () => {
    const pending = await caAt().enroll(dv());
    expect((await refusal(caAt().renew(pending.certificateId, 12))).code).toBe(ErrorCode.SSL_STATUS_DOES_NOT_ALLOW_RENEW);
    await caAt().cancel(pending.certificateId, 'changed mind');
    expect((await refusal(caAt().renew(pending.certificateId, 12))).code).toBe(ErrorCode.SSL_STATUS_DOES_NOT_ALLOW_RENEW);
  });
});

describe('cancellation', () => {
  it('refunds within 30 days of issue and revokes the PEM', async () => {
    const issued = await issuedDv();
    const cancelled = await caAt(10 * DAY).cancel(issued.certificateId, 'customer request');
    expect(cancelled).toMatchObject({ status: 'CANCELLED', refund: 'REFUNDED', pem: null });
  });

  it('rejects the refund later', async () => {
    const issued = await issuedDv();
    expect((await caAt(MINUTE + 31 * DAY).cancel(issued.certificateId, 'late')).refund).toBe('REFUND REJECTED');
  });

  it('refunds a certificate never issued', async () => {
    const pending = await caAt().enroll(dv({ validationType: 'OV', sku: 'ssl_ov' }));
    expect(await caAt(MINUTE).cancel(pending.certificateId, 'x')).toMatchObject({ status: 'CANCELLED', refund: 'REFUNDED' });
  });

  it('is refused with 39754 once cancelled or expired, and reissue with 39753', async () => {
    const cancelled = await issuedDv();
    await caAt(DAY).cancel(cancelled.certificateId, 'x');
    expect((await refusal(caAt(DAY).cancel(cancelled.certificateId, 'again'))).code).toBe(ErrorCode.SSL_STATUS_DOES_NOT_ALLOW_CANCELLATION);
    expect((await refusal(caAt(DAY).reissue(cancelled.certificateId))).code).toBe(ErrorCode.SSL_STATUS_DOES_NOT_ALLOW_REISSUE);
    const expired = await issuedDv();
    const err = await refusal(caAt(400 * DAY).cancel(expired.certificateId, 'x'));
    expect(err.code).toBe(ErrorCode.SSL_STATUS_DOES_NOT_ALLOW_CANCELLATION);
    expect(err.detail.status).toBe('EXPIRED');
  });
});

describe('test switches', () => {
  it('answers 39792 in maintenance', async () => {
    const { certificateId } = await caAt().enroll(dv());
    await setSwitch({ maintenance: true });
    expect((await refusal(caAt().get(certificateId))).code).toBe(ErrorCode.SSL_STORE_IN_MAINTENANCE);
    expect((await refusal(caAt().approverEmails('example.gr'))).code).toBe(ErrorCode.SSL_STORE_IN_MAINTENANCE);
  });

  it('fails each call with its own code while failing, ordering nothing', async () => {
    const { certificateId } = await caAt().enroll(dv());
    const req = dv();
    await setSwitch({ failing: true });
    expect((await refusal(caAt().approverEmails('example.gr'))).code).toBe(ErrorCode.FETCHING_APPROVER_LIST_FAILED);
    expect((await refusal(caAt().enroll(req))).code).toBe(ErrorCode.CERTIFICATE_ENROLLMENT_FAILED);
    expect((await refusal(caAt().get(certificateId))).code).toBe(ErrorCode.COMMUNICATION_WITH_SUPPLIER_ERROR);
    expect(await db.select().from(sandboxSslCertificates).where(eq(sandboxSslCertificates.reference, req.reference))).toHaveLength(0);
  });

  it('waits the configured latency before answering', async () => {
    await setSwitch({ latencyMs: 800 });
    const waits: number[] = [];
    await caAt(0, async (ms) => {
      waits.push(ms);
    }).approverEmails('example.gr');
    expect(waits).toEqual([800]);
  });
});
