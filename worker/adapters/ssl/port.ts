// The SSL supplier port (DESIGN.md "Outside systems"): what the shop needs from a CA reseller to sell
// certificates: approver lists, enrolment, status, reissue, renewal and cancellation with its refund.
// The sandbox CA (sandbox.ts) and the reseller REST client (reseller-api.ts) both implement it.
//
// Statuses and refund states are spec §4's. Errors are SslError with the catalogue's SSL codes:
// - 39750 ssl_does_not_exist: no such certificate at the supplier.
// - 39751 enrollment_already_exists: a reference reused for a different certificate.
// - 39753 / 39754 / 39755: reissue / cancel / renew refused in the certificate's status.
// - 39791 certificate_out_of_renew_period: an active certificate too far from its expiry to renew.
// - 39756 request_not_allowed: a request no CA may grant (an EV wildcard).
// - 39758 fetching_csr_details_failed: the CSR cannot be read.
// - 39759 fetching_approver_list_failed / 39764 certificate_enrollment_failed / 39760
//   communication_with_supplier_error: the supplier failed us while listing approvers / enrolling /
//   anything else.
// - 39792 ssl_store_in_maintenance: the supplier is in maintenance.
// - 100 validation_error: input refused outright (a missing or wrong approver e-mail, a bad name or
//   length), with detail.field and detail.domain so the form can point at it.

export type SslValidationType = 'DV' | 'OV' | 'EV';
export type SslStatus = 'PENDING' | 'ACTIVE' | 'INACTIVE' | 'CANCELLED' | 'EXPIRED';
export type SslRefund = 'REFUND PROCESSING' | 'REFUNDED' | 'REFUND REJECTED';

export type SslCertificate = {
  certificateId: string;
  /** Our order item id, as given to enroll. */
  reference: string;
  sku: string;
  commonName: string;
  /** Further names on the certificate, without the common name. */
  sans: string[];
  status: SslStatus;
  refund: SslRefund | null;
  /** Domain → the approver e-mail chosen for it. */
  approverEmails: Record<string, string>;
  /** Null until the CA has issued the certificate. */
  issuedAt: Date | null;
  expiresAt: Date | null;
  pem: string | null;
};

export type EnrollInput = {
  /** Our order item id: the idempotency key, so a retry after a timeout returns the same order. */
  reference: string;
  sku: string;
  validationType: SslValidationType;
  commonName: string;
  sans: string[];
  /** Domain → chosen approver, for the common name and every SAN (spec §5 SSL). */
  approverEmails: Record<string, string>;
  lengthMonths: number;
  /** PEM CSR; without one the CA generates the key pair (the install service then deploys it). */
  csr?: string;
};

export type SslPort = {
  approverEmails(domain: string): Promise<string[]>;
  enroll(input: EnrollInput): Promise<SslCertificate>;
  get(certificateId: string): Promise<SslCertificate>;
  /** Only an ACTIVE certificate can be reissued (39753). */
  reissue(certificateId: string, csr?: string): Promise<SslCertificate>;
  /**
   * Only ACTIVE (inside the renewal window, else 39791) or EXPIRED certificates (39755). `reference`
   * (our order item id) makes a retry safe: a renewal already applied under it is not applied again.
   */
  renew(certificateId: string, lengthMonths: number, reference?: string): Promise<SslCertificate>;
  /** Not when CANCELLED or EXPIRED (39754). The refund depends on how long ago it was issued. */
  cancel(certificateId: string, reason: string): Promise<SslCertificate>;
};

export class SslError extends Error {
  constructor(
    readonly code: number,
    readonly detail: Record<string, unknown> = {},
  ) {
    super(`ssl supplier error ${code}${typeof detail.reason === 'string' ? ` (${detail.reason})` : ''}`);
    this.name = 'SslError';
  }
}
