// Approver addresses for domain validation by e-mail (spec §5 SSL: each domain of an enrolment needs
// a valid approver e-mail). A CA may only mail the five constructed addresses of the CA/Browser Forum
// Baseline Requirements (§3.2.2.4.4) at the name itself or at a parent of it, down to the registrable
// domain; the registrable domain's addresses come first because that is where mail usually works.
// Pure, so the cart, the sandbox CA and the tests share one answer.
import { domainToAscii, labelToUnicode } from '../../../core/domains/punycode';

export const APPROVER_LOCAL_PARTS = ['admin', 'administrator', 'hostmaster', 'postmaster', 'webmaster'] as const;

/**
 * Public suffixes of more than one label that customers of a Greek shop meet. A CA uses the whole
 * Public Suffix List; this short list covers the .gr second levels the shop sells and the neighbours'
 * common ones, and every single label (a TLD) counts as a suffix anyway.
 */
export const MULTI_LABEL_SUFFIXES: readonly string[] = Object.freeze([
  'com.gr', 'net.gr', 'org.gr', 'edu.gr', 'gov.gr',
  'com.cy', 'net.cy', 'org.cy', 'ac.cy', 'gov.cy',
  'co.uk', 'org.uk', 'me.uk', 'ac.uk', 'gov.uk',
]);

const LABEL = /^[\p{L}\p{M}\p{N}](?:[\p{L}\p{M}\p{N}-]{0,61}[\p{L}\p{M}\p{N}])?$/u;

/** Lower case, NFC, no trailing dot, no '*.' in front: the name whose addresses are offered. */
function baseName(domain: string): string {
  return domain.trim().normalize('NFC').toLowerCase().replace(/\.$/, '').replace(/^\*\./, '');
}

/** A label as compared with the suffix list: 'xn--qxam' and 'ελ' are one label. */
function comparable(label: string): string {
  try {
    return labelToUnicode(label);
  } catch {
    return label;
  }
}

/**
 * The labels of the registrable domain and the count of labels above it, or null when the name is
 * malformed or is itself a public suffix (no CA validates 'com.gr').
 */
function split(domain: string): { labels: string[]; registrableLength: number } | null {
  const name = baseName(domain);
  if (!name || name.length > 253) return null;
  const labels = name.split('.');
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l))) return null;
  const tail2 = labels.slice(-2).map(comparable).join('.');
  const suffixLength = MULTI_LABEL_SUFFIXES.includes(tail2) ? 2 : 1;
  if (labels.length <= suffixLength) return null;
  return { labels, registrableLength: suffixLength + 1 };
}

/** The registrable domain of a name as typed ('shop.example.com.gr' → 'example.com.gr'), or null. */
export function registrableDomain(domain: string): string | null {
  const parts = split(domain);
  return parts ? parts.labels.slice(-parts.registrableLength).join('.') : null;
}

/**
 * The addresses a CA offers for a name, registrable domain first, then each deeper name up to the
 * name itself. IDNs stay in the form they were typed in (Unicode stays Unicode), since that is how
 * the customer knows their mailbox. Empty when the name cannot be validated at all.
 */
export function approverEmailsFor(domain: string): string[] {
  const parts = split(domain);
  if (!parts) return [];
  const names: string[] = [];
  for (let n = parts.registrableLength; n <= parts.labels.length; n++) names.push(parts.labels.slice(-n).join('.'));
  return names.flatMap((name) => APPROVER_LOCAL_PARTS.map((local) => `${local}@${name}`));
}

function asciiOrNull(name: string): string | null {
  try {
    return domainToAscii(name.normalize('NFC').toLowerCase());
  } catch {
    return null;
  }
}

/**
 * Whether `email` is one of the addresses offered for `domain`. The mailbox's domain may be written
 * in either IDN form ('admin@xn--…' for 'καφές.gr' and back): both name the same mailbox.
 */
export function isValidApprover(domain: string, email: string): boolean {
  const text = email.trim();
  const at = text.indexOf('@');
  if (at <= 0 || at !== text.lastIndexOf('@')) return false;
  const target = asciiOrNull(text.slice(at + 1).replace(/\.$/, ''));
  if (!target) return false;
  const wanted = `${text.slice(0, at).toLowerCase()}@${target}`;
  return approverEmailsFor(domain).some((offered) => {
    const i = offered.indexOf('@');
    return `${offered.slice(0, i)}@${asciiOrNull(offered.slice(i + 1))}` === wanted;
  });
}
