// The whois port (DESIGN.md "Outside systems"): the WHOIS modal (spec §2) asks it about a domain.
// The sandbox answers from the sandbox registry; the real client asks the registry over RDAP, or over
// port-43 WHOIS where the TLD has no RDAP service. Both answer with the same record and the same
// catalogue codes (spec §8, 27000–27004), so the API and the modal never know which one ran.
import { ErrorCode } from '../../../core/errors';

export type WhoisContact = {
  name: string | null;
  organisation: string | null;
  email: string | null;
  /** ISO 3166-1 alpha-2, upper case; null when the source gives none or only a country name. */
  country: string | null;
};

export type WhoisRecord = {
  /** ASCII (A-label) form, lower case, without a trailing dot. */
  domain: string;
  /** The U-label form, present only when it differs from `domain` (IDNs such as .ελ). */
  unicodeDomain?: string;
  registrar: string | null;
  /** As the source words them: RDAP "client transfer prohibited", EPP "clientTransferProhibited", DENIC "connect". */
  statuses: string[];
  /** ISO 8601 instants in UTC ("2024-05-03T00:00:00Z"); null when absent or unreadable. */
  created: string | null;
  updated: string | null;
  expires: string | null;
  /** Host names, lower case, without a trailing dot. */
  nameservers: string[];
  /** null when the source says nothing about DNSSEC (DENIC without Dnskey lines, for one). */
  dnssec: boolean | null;
  /** null when the source publishes no registrant data at all (thin registries, GDPR redaction of every field). */
  registrant: WhoisContact | null;
  /**
   * ID protect: the registrant is hidden, either redacted or replaced by a privacy/proxy service.
   * When a service stands in, `registrant` is that service as published, never a guess at the owner.
   */
  privacy: boolean;
  source: 'sandbox' | 'rdap' | 'whois';
  /** The text of a port-43 answer, kept so the modal can show what the registry actually said. */
  raw?: string;
};

export type WhoisPort = {
  lookup(asciiFqdn: string): Promise<WhoisRecord>;
};

export type WhoisErrorCode =
  | typeof ErrorCode.WHOIS_NOT_SUPPORTED_FOR_THIS_DOMAIN
  | typeof ErrorCode.WHOIS_COMMUNICATIONS_FAILED
  | typeof ErrorCode.WHOIS_RESPONDED_WITH_ERROR
  | typeof ErrorCode.WHOIS_RESPONDED_NO_RESULT
  | typeof ErrorCode.WHOIS_SEARCH_NO_TLD_GIVEN;

/**
 * A lookup that ended in one of the catalogue's WHOIS codes. The API answers with `code`; `message`
 * is for logs only (it may name the server and the low-level cause, which users should not see).
 */
export class WhoisError extends Error {
  override readonly name = 'WhoisError';

  constructor(
    readonly code: WhoisErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
