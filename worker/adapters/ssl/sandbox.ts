// The sandbox CA: a real implementation of the SSL port with its state in D1
// (`sandbox_ssl_certificates`), answering as a CA reseller would. Validation takes a minute for DV
// and ten for OV/EV, after which the first read issues a certificate whose PEM is plainly a sandbox
// one (base64 of a JSON description, trusted by nothing). A row in `sandbox_switches` (system 'ssl')
// puts the supplier into maintenance, makes it fail or makes it slow, and is read on every call.
//
// Status rules (spec §4 leaves the mapping open; these are the usual CA ones):
//   reissue  only ACTIVE                                   else 39753
//   renew    ACTIVE within RENEW_WINDOW_MS of expiry       else 39791; EXPIRED too; others 39755
//   cancel   not CANCELLED or EXPIRED                      else 39754
// INACTIVE is a status the real supplier reports (an order it has put on hold); the sandbox never
// puts a certificate there itself, but treats one like the CA would: cancel only.
import { and, eq } from 'drizzle-orm';
import { ErrorCode } from '../../../core/errors';
import type { Db } from '../../../db/client';
import { sandboxSslCertificates } from '../../../db/schema/fulfilment-sandboxes';
import { addMonths } from '../registry/sandbox';
import { meetSandboxSwitches } from '../sandbox-switches';
import { approverEmailsFor, isValidApprover } from './approvers';
import { SslError, type SslCertificate, type SslPort, type SslRefund, type SslStatus, type SslValidationType } from './port';

type Row = typeof sandboxSslCertificates.$inferSelect;

export const SSL_SYSTEM = 'ssl';
const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
/** DV is checked by a robot reading the approver's click; OV/EV need a person at the CA. */
export const VALIDATION_DELAY_MS: Readonly<Record<SslValidationType, number>> = { DV: MINUTE_MS, OV: 10 * MINUTE_MS, EV: 10 * MINUTE_MS };
/** Cancelled within this long of issue, a certificate is refunded (the CAs' usual 30 days). */
export const REFUND_WINDOW_MS = 30 * DAY_MS;
/** An active certificate may be renewed from this long before its expiry (the CAs' usual 90 days). */
export const RENEW_WINDOW_MS = 90 * DAY_MS;
export const MAX_LENGTH_MONTHS = 60;
const VALIDATION_TYPES: readonly SslValidationType[] = ['DV', 'OV', 'EV'];
const CSR_PEM = /^-----BEGIN (NEW )?CERTIFICATE REQUEST-----\s+[A-Za-z0-9+/=\s]+-----END (NEW )?CERTIFICATE REQUEST-----\s*$/;

export type SandboxSslOptions = { now?: () => Date; sleep?: (ms: number) => Promise<void> };

/** A name as the CA records it: lower case, NFC, no trailing dot; a leading '*.' is kept. */
export function certificateName(name: string): string {
  return name.trim().normalize('NFC').toLowerCase().replace(/\.$/, '');
}

function utf8Base64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * The sandbox's "certificate": PEM armour around a JSON description, so that anything which tries to
 * use it fails at once, and anyone who decodes it reads that it is a sandbox certificate.
 */
export function sandboxPem(input: { certificateId: string; serial: number; validationType: string; commonName: string; sans: string[]; notBefore: Date; notAfter: Date }): string {
  const description = {
    sandbox: true,
    notice: 'SANDBOX CERTIFICATE - issued by the storefront sandbox CA, trusted by nothing',
    issuer: 'Sandbox CA (not trusted)',
    certificateId: input.certificateId,
    serial: input.serial,
    validationType: input.validationType,
    commonName: input.commonName,
    sans: input.sans,
    notBefore: input.notBefore.toISOString(),
    notAfter: input.notAfter.toISOString(),
  };
  const body = utf8Base64(JSON.stringify(description)).replace(/.{1,64}/g, '$&\n');
  return `-----BEGIN CERTIFICATE-----\n${body}-----END CERTIFICATE-----\n`;
}

function toCertificate(row: Row): SslCertificate {
  return {
    certificateId: row.certificateId,
    reference: row.reference,
    sku: row.sku,
    commonName: row.commonName,
    sans: row.sans,
    status: row.status,
    refund: row.refund,
    approverEmails: row.approverEmails,
    issuedAt: row.issuedAt,
    expiresAt: row.expiresAt,
    pem: row.pem,
  };
}

function checkLength(lengthMonths: number): void {
  if (!Number.isInteger(lengthMonths) || lengthMonths < 1 || lengthMonths > MAX_LENGTH_MONTHS) {
    throw new SslError(ErrorCode.VALIDATION_ERROR, { field: 'lengthMonths', max: MAX_LENGTH_MONTHS });
  }
}

function checkCsr(csr: string | undefined): string | null {
  if (csr === undefined || csr.trim() === '') return null;
  const text = csr.trim().replace(/\r\n/g, '\n');
  if (!CSR_PEM.test(text)) throw new SslError(ErrorCode.FETCHING_CSR_DETAILS_FAILED, { field: 'csr' });
  return text;
}

/**
 * The approver chosen for each name, keyed by the name as the certificate carries it. A wildcard's
 * approver may be given under '*.example.gr' or under 'example.gr'; forms show either.
 */
function chosenApprovers(names: string[], given: Record<string, string>): Record<string, string> {
  const byName = new Map(Object.entries(given).map(([k, v]) => [certificateName(k), v.trim()]));
  const chosen: Record<string, string> = {};
  for (const name of names) {
    const email = byName.get(name) ?? (name.startsWith('*.') ? byName.get(name.slice(2)) : undefined);
    if (!email) throw new SslError(ErrorCode.VALIDATION_ERROR, { field: 'approver_email', domain: name, reason: 'missing' });
    if (!isValidApprover(name, email)) throw new SslError(ErrorCode.VALIDATION_ERROR, { field: 'approver_email', domain: name, reason: 'invalid', email });
    chosen[name] = email;
  }
  return chosen;
}

export function createSandboxSsl(db: Db, options: SandboxSslOptions = {}): SslPort {
  const now = options.now ?? (() => new Date());
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const T = sandboxSslCertificates;

  /** Every call passes here first; `failure` is the code this call reports when the supplier fails. */
  async function guard(failure: number): Promise<void> {
    const met = await meetSandboxSwitches(db, SSL_SYSTEM, sleep);
    if (met === 'maintenance') throw new SslError(ErrorCode.SSL_STORE_IN_MAINTENANCE, { reason: 'maintenance' });
    if (met === 'failing') throw new SslError(failure, { reason: 'failing' });
  }

  async function byReference(reference: string): Promise<Row | null> {
    const [row] = await db.select().from(T).where(eq(T.reference, reference));
    return row ?? null;
  }

  /**
   * Reads a certificate, moving it on as time has: a validation whose time has come is issued, a
   * certificate past its end expires. The update is conditional on the version read, so two readers
   * cannot both issue it (with different PEMs).
   */
  async function load(certificateId: string): Promise<Row> {
    const [row] = await db.select().from(T).where(eq(T.certificateId, certificateId));
    if (!row) throw new SslError(ErrorCode.SSL_DOES_NOT_EXIST, { certificateId });
    const t = now().getTime();
    let next: Row = row;
    if (next.status === 'PENDING' && next.readyAt && next.readyAt.getTime() <= t) {
      const issuedAt = next.readyAt;
      const expiresAt = addMonths(issuedAt, next.lengthMonths);
      const pem = sandboxPem({ ...next, notBefore: issuedAt, notAfter: expiresAt });
      next = { ...next, status: 'ACTIVE', issuedAt, expiresAt, pem, readyAt: null };
    }
    if (next.status === 'ACTIVE' && next.expiresAt && next.expiresAt.getTime() <= t) next = { ...next, status: 'EXPIRED' };
    if (next === row) return row;
    const patch = { status: next.status, issuedAt: next.issuedAt, expiresAt: next.expiresAt, pem: next.pem, readyAt: next.readyAt, updatedAt: new Date(t) };
    const [updated] = await db
      .update(T)
      .set(patch)
      .where(and(eq(T.certificateId, certificateId), eq(T.serial, row.serial), eq(T.status, row.status)))
      .returning();
    if (updated) return updated;
    // Someone else moved it first: theirs is the state to report.
    const [current] = await db.select().from(T).where(eq(T.certificateId, certificateId));
    return current ?? next;
  }

  /** A change made only if nobody changed the certificate since `row` was read; a new serial marks it. */
  async function change(row: Row, patch: Partial<typeof T.$inferInsert>, refusal: number, action: string): Promise<Row> {
    const [updated] = await db
      .update(T)
      .set({ ...patch, serial: row.serial + 1, updatedAt: now() })
      .where(and(eq(T.certificateId, row.certificateId), eq(T.serial, row.serial), eq(T.status, row.status)))
      .returning();
    if (updated) return updated;
    const current = await load(row.certificateId);
    throw new SslError(refusal, { certificateId: row.certificateId, action, status: current.status, reason: 'concurrent_change' });
  }

  async function replay(row: Row, input: { sku: string; commonName: string }): Promise<SslCertificate> {
    // Same key, different certificate: not a retry but a second order under a used reference.
    if (row.sku !== input.sku || row.commonName !== input.commonName) {
      throw new SslError(ErrorCode.ENROLLMENT_ALREADY_EXISTS, { reference: row.reference, certificateId: row.certificateId });
    }
    return toCertificate(await load(row.certificateId));
  }

  return {
    async approverEmails(domain) {
      await guard(ErrorCode.FETCHING_APPROVER_LIST_FAILED);
      const list = approverEmailsFor(domain);
      if (!list.length) throw new SslError(ErrorCode.VALIDATION_ERROR, { field: 'domain', domain });
      return list;
    },

    async enroll(input) {
      await guard(ErrorCode.CERTIFICATE_ENROLLMENT_FAILED);
      const reference = input.reference.trim();
      if (!reference || reference.length > 64) throw new SslError(ErrorCode.VALIDATION_ERROR, { field: 'reference' });
      if (!VALIDATION_TYPES.includes(input.validationType)) throw new SslError(ErrorCode.VALIDATION_ERROR, { field: 'validationType' });
      checkLength(input.lengthMonths);
      const commonName = certificateName(input.commonName);
      const sans = [...new Set(input.sans.map(certificateName))].filter((n) => n !== '' && n !== commonName);
      const names = [commonName, ...sans];
      for (const name of names) {
        if (!approverEmailsFor(name).length) throw new SslError(ErrorCode.VALIDATION_ERROR, { field: name === commonName ? 'commonName' : 'sans', domain: name });
      }
      // CA/Browser Forum EV Guidelines §9.8.1: EV certificates never cover a wildcard.
      if (input.validationType === 'EV' && names.some((n) => n.startsWith('*.'))) {
        throw new SslError(ErrorCode.REQUEST_NOT_ALLOWED, { reason: 'ev_wildcard' });
      }
      const approverEmails = chosenApprovers(names, input.approverEmails);
      const csr = checkCsr(input.csr);

      const existing = await byReference(reference);
      if (existing) return replay(existing, { sku: input.sku, commonName });

      const t = now();
      const [row] = await db
        .insert(T)
        .values({
          certificateId: `ssl_${crypto.randomUUID().replace(/-/g, '').slice(0, 20)}`,
          reference,
          sku: input.sku,
          validationType: input.validationType,
          commonName,
          sans,
          approverEmails,
          lengthMonths: input.lengthMonths,
          csr,
          status: 'PENDING',
          readyAt: new Date(t.getTime() + VALIDATION_DELAY_MS[input.validationType]),
          createdAt: t,
          updatedAt: t,
        })
        // The UNIQUE reference turns a racing duplicate into a no-op; the winner's order is ours.
        .onConflictDoNothing()
        .returning();
      if (row) return toCertificate(row);
      const raced = await byReference(reference);
      if (!raced) throw new SslError(ErrorCode.CERTIFICATE_ENROLLMENT_FAILED, { reason: 'conflict' });
      return replay(raced, { sku: input.sku, commonName });
    },

    async get(certificateId) {
      await guard(ErrorCode.COMMUNICATION_WITH_SUPPLIER_ERROR);
      return toCertificate(await load(certificateId));
    },

    async reissue(certificateId, csr) {
      await guard(ErrorCode.COMMUNICATION_WITH_SUPPLIER_ERROR);
      const row = await load(certificateId);
      if (row.status !== 'ACTIVE') throw new SslError(ErrorCode.SSL_STATUS_DOES_NOT_ALLOW_REISSUE, { certificateId, status: row.status });
      const newCsr = checkCsr(csr) ?? row.csr;
      // The domains were validated recently enough to be reused (BR §4.2.1), so the CA reissues at
      // once: a new serial and start date, the same end date and the same order.
      const serial = row.serial + 1;
      const pem = sandboxPem({ ...row, serial, notBefore: now(), notAfter: row.expiresAt ?? now() });
      return toCertificate(await change(row, { csr: newCsr, pem }, ErrorCode.SSL_STATUS_DOES_NOT_ALLOW_REISSUE, 'reissue'));
    },

    async renew(certificateId, lengthMonths, reference) {
      await guard(ErrorCode.COMMUNICATION_WITH_SUPPLIER_ERROR);
      checkLength(lengthMonths);
      const row = await load(certificateId);
      if (reference && row.lastRenewReference === reference) return toCertificate(row);
      const t = now();
      if (row.status === 'ACTIVE' && row.expiresAt) {
        const renewableFrom = new Date(row.expiresAt.getTime() - RENEW_WINDOW_MS);
        // Spec §8: the alert shows the response data, so the window travels in the detail.
        if (t.getTime() < renewableFrom.getTime()) {
          throw new SslError(ErrorCode.CERTIFICATE_OUT_OF_RENEW_PERIOD, { certificateId, renewableFrom: renewableFrom.toISOString(), expiresAt: row.expiresAt.toISOString() });
        }
        // Within the window the validation still holds: the new term is added to the remaining one.
        const expiresAt = addMonths(row.expiresAt, lengthMonths);
        const pem = sandboxPem({ ...row, serial: row.serial + 1, notBefore: t, notAfter: expiresAt });
        const patch = { expiresAt, pem, lengthMonths, lastRenewReference: reference ?? null };
        return toCertificate(await change(row, patch, ErrorCode.SSL_STATUS_DOES_NOT_ALLOW_RENEW, 'renew'));
      }
      if (row.status === 'EXPIRED') {
        // An expired certificate is ordered afresh: its names are validated again before issue.
        const patch = {
          status: 'PENDING' as SslStatus,
          readyAt: new Date(t.getTime() + VALIDATION_DELAY_MS[row.validationType]),
          issuedAt: null,
          expiresAt: null,
          pem: null,
          refund: null,
          lengthMonths,
          lastRenewReference: reference ?? null,
        };
        return toCertificate(await change(row, patch, ErrorCode.SSL_STATUS_DOES_NOT_ALLOW_RENEW, 'renew'));
      }
      throw new SslError(ErrorCode.SSL_STATUS_DOES_NOT_ALLOW_RENEW, { certificateId, status: row.status });
    },

    async cancel(certificateId, reason) {
      await guard(ErrorCode.COMMUNICATION_WITH_SUPPLIER_ERROR);
      const row = await load(certificateId);
      if (row.status === 'CANCELLED' || row.status === 'EXPIRED') {
        throw new SslError(ErrorCode.SSL_STATUS_DOES_NOT_ALLOW_CANCELLATION, { certificateId, status: row.status });
      }
      const t = now();
      // Never issued: nothing was delivered, so all is refunded; issued: only within the window.
      const refund: SslRefund = !row.issuedAt || t.getTime() - row.issuedAt.getTime() <= REFUND_WINDOW_MS ? 'REFUNDED' : 'REFUND REJECTED';
      // A cancelled certificate is revoked: its PEM must not be offered for download any more.
      const patch = { status: 'CANCELLED' as SslStatus, refund, pem: null, readyAt: null, cancelReason: reason.trim() || 'unspecified', cancelledAt: t };
      return toCertificate(await change(row, patch, ErrorCode.SSL_STATUS_DOES_NOT_ALLOW_CANCELLATION, 'cancel'));
    },
  };
}
