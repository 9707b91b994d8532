// The names of an SSL certificate in the cart (issue #20 §2): the extra domains (SANs) the customer
// paid for are named in the cart, each a real host name, no more than paid, a wildcard only on a
// wildcard certificate, none the main name again; and each name of the certificate has its approver
// e-mail chosen from the supplier's list. The line is ready for checkout only then, so a paid SAN is
// never dropped at enrolment and no approver is picked for the customer.
import { domainToAscii, domainToUnicode } from '../domains/punycode';
import { domainNameError } from '../validation/domain-name-rules';
import { normaliseQuantity, type SslSettings } from './ssl';

export type SanProblem = 'invalid' | 'wildcard' | 'duplicate' | 'too_many';

/** Lower case, NFC, no surrounding blanks, no trailing dot: the name as the certificate carries it. */
export function sslName(name: string): string {
  return name.trim().normalize('NFC').toLowerCase().replace(/\.$/, '');
}

/** The name compared with others: one IDN in either form is one name. */
function sameNameKey(name: string): string {
  try {
    return domainToAscii(name);
  } catch {
    return name;
  }
}

// A top-level label of letters (Latin or Greek), as every delegated TLD's display form is.
const TLD = /^[\p{L}]{2,63}$/u;

/** A host name a certificate may carry: labels of a real name, a top-level domain of letters. */
export function isCertificateHostName(name: string, wildcard: boolean): boolean {
  const typed = wildcard && name.startsWith('*.') ? name.slice(2) : name;
  // An ASCII (xn--) form is checked as the name it stands for: the name rules refuse '--'.
  let bare: string;
  try {
    bare = domainToUnicode(typed);
  } catch {
    return false;
  }
  if (!bare.includes('.') || domainNameError(bare) !== null) return false;
  if (!TLD.test(bare.slice(bare.lastIndexOf('.') + 1))) return false;
  return sameNameKey(bare).length <= 253;
}

/**
 * How many SANs a certificate takes. `san_domains` counts every name the product includes, the main
 * one too (1 for a single-domain certificate, 3 for the multi-domain one), and `quantity` extra domains
 * are bought on top. `max`: names the form offers; `required`: names that must be named before
 * checkout — none while nothing extra is bought (the included ones may stay unused, like any product
 * feature), every one of them once extra domains are paid for, since extras only start after them.
 */
export function sanAllowance(settings: SslSettings, quantity: number): { included: number; extra: number; max: number; required: number } {
  const included = Math.max(0, Math.floor(settings.san_domains ?? 1) - 1);
  const extra = normaliseQuantity(settings, quantity);
  return { included, extra, max: included + extra, required: extra > 0 ? included + extra : 0 };
}

/**
 * The SANs typed into the form's fields, in order: the valid names (blanks are slots not yet named)
 * and, by field index, why a name is refused.
 */
export function checkSans(input: { commonName: string | null; sans: readonly string[]; max: number; wildcard: boolean }): { ok: boolean; sans: string[]; errors: Record<number, SanProblem> } {
  const errors: Record<number, SanProblem> = {};
  const seen = new Set<string>(input.commonName ? [sameNameKey(sslName(input.commonName))] : []);
  const sans: string[] = [];
  let named = 0;
  input.sans.forEach((typed, index) => {
    const name = sslName(typed);
    if (!name) return;
    named += 1;
    if (named > input.max) errors[index] = 'too_many';
    else if (name.startsWith('*.') && !input.wildcard) errors[index] = 'wildcard';
    else if (!isCertificateHostName(name, input.wildcard)) errors[index] = 'invalid';
    else if (seen.has(sameNameKey(name))) errors[index] = 'duplicate';
    else {
      seen.add(sameNameKey(name));
      sans.push(name);
    }
  });
  return { ok: Object.keys(errors).length === 0, sans, errors };
}

export type SslConfig = { domain?: string; sans?: string[]; approvers?: Record<string, string> };
export type SslProblem = 'domain' | 'sans_missing' | 'sans_invalid' | 'approver';

/** Every name the certificate will carry: the main name first, then the SANs. */
export function certificateNames(config: SslConfig): string[] {
  return config.domain ? [sslName(config.domain), ...(config.sans ?? []).map(sslName)] : [];
}

/**
 * Whether an SSL line may go to checkout: its main domain set, the SANs valid and within `max` (a
 * quantity lowered after naming leaves too many: the customer removes some), at least `required` of
 * them named, and an approver for every name. `unnamed`: the paid names still to type.
 */
export function sslConfigStatus(config: SslConfig, allowance: { max: number; required: number }, wildcard: boolean): { ready: boolean; problem: SslProblem | null; unnamed: number } {
  if (!config.domain) return { ready: false, problem: 'domain', unnamed: 0 };
  const sans = config.sans ?? [];
  const checked = checkSans({ commonName: config.domain, sans, max: allowance.max, wildcard });
  if (!checked.ok || checked.sans.length !== sans.length) return { ready: false, problem: 'sans_invalid', unnamed: 0 };
  if (sans.length < allowance.required) return { ready: false, problem: 'sans_missing', unnamed: allowance.required - sans.length };
  const approvers = config.approvers ?? {};
  if (!certificateNames(config).every((n) => typeof approvers[n] === 'string' && approvers[n] !== '')) return { ready: false, problem: 'approver', unnamed: 0 };
  return { ready: true, problem: null, unnamed: 0 };
}
