// The VAT-check port (DESIGN.md "Outside systems"; spec §3 "Billing profile"): an EU business outside
// Greece whose VAT number VIES confirms is invoiced without VAT (reverse charge, vat_waived). Each
// answer is evidence for that decision, so it carries what VIES said, the consultation number when
// one was issued, and when we asked. The sandbox answers by rule; the real client asks VIES.
import { ErrorCode } from '../../../core/errors';

export type VatCheckResult = {
  valid: boolean;
  /** VIES member-state code, not ISO: EL for Greece. */
  countryCode: string;
  /** Normalised: no country prefix, spaces, dots or dashes. */
  vatNumber: string;
  /** As VIES gives them: '---' when the member state does not disclose them, null when absent. */
  name: string | null;
  address: string | null;
  /** VIES's consultation number (issued when we identify ourselves as the requester). */
  requestIdentifier: string | null;
  /** ISO 8601 instant of the consultation, by our clock. */
  checkedAt: string;
  source: 'sandbox' | 'vies';
};

export type VatCheckPort = {
  /** countryIso2 is the billing country (GR, DE …); EL is accepted for Greece too. */
  check(countryIso2: string, vatNumber: string): Promise<VatCheckResult>;
};

/**
 * "We could not get an answer": VIES or the member state's service is down, busy or timed out. This
 * is never a verdict on the number; the caller keeps VAT charged and lets the customer retry.
 */
export class VatCheckError extends Error {
  constructor(
    readonly code: number,
    /** `reason` is VIES's userError (MS_UNAVAILABLE, TIMEOUT …) or ours (network, timeout, bad_response). */
    readonly detail: { reason: string; httpStatus?: number } = { reason: 'unavailable' },
  ) {
    super(`vat check unavailable (${detail.reason})`);
    this.name = 'VatCheckError';
  }
}

/** 49997 network_connection_error: an outside system failed us (HTTP 502), the catalogue's nearest fit. */
export const VAT_CHECK_UNAVAILABLE = ErrorCode.NETWORK_CONNECTION_ERROR;
