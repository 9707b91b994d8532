// Values the EPP client makes or reads: auth codes, contact ids, phones in EPP form, dates, and the
// reason a name is not available. Pure; split from client.ts.
import type { CheckAnswer } from '../port';
import { child, childrenOf, NS, textOf, type XmlElement } from './xml';

export function randomFrom(alphabet: string, length: number): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}

/** Registries ask for auth codes with letters, digits and a symbol; no look-alike characters. */
export function newAuthCode(): string {
  return `${randomFrom('ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz', 12)}${randomFrom('23456789', 3)}#`;
}

/** Contact ids are 3–16 characters (RFC 5730 clIDType); a random one cannot collide in practice. */
export function newContactId(): string {
  return `c${randomFrom('abcdefghijklmnopqrstuvwxyz0123456789', 15)}`;
}

/** EPP phones are "+CC.NUMBER" (RFC 5733 §2.5). Without a separator the country code's length is
 *  only known for Greece; any other unseparated number is left out (voice is optional). */
export function eppPhone(phone: string | null | undefined): string | null {
  const p = (phone ?? '').replace(/[\s\-()]/g, '');
  if (/^\+\d{1,3}\.\d{4,14}$/.test(p)) return p;
  const gr = /^(?:\+|00)30(\d{10})$/.exec(p);
  return gr ? `+30.${gr[1]}` : null;
}

export const day = (d: Date) => d.toISOString().slice(0, 10);

export function dateOf(el: XmlElement | undefined): Date | null {
  const t = textOf(el);
  const d = t ? new Date(t) : null;
  return d && !Number.isNaN(d.getTime()) ? d : null;
}

export function addMonths(date: Date, months: number): Date {
  const d = new Date(date.getTime());
  d.setUTCMonth(d.getUTCMonth() + months);
  return d;
}

/** Why a name is not available, from the registry's free-text <domain:reason>. */
export function checkReason(text: string): CheckAnswer['reason'] {
  if (/redemption|rgp|pending ?delete|pendingdelete/i.test(text)) return 'redemption';
  if (/reserv|block|prohibit|not allowed|policy|restricted/i.test(text)) return 'reserved';
  return 'registered';
}

/** A <domain:infData> as the client uses it; `fallbackName` when the registry leaves the name out. */
export function readDomainInfData(inf: XmlElement, fallbackName: string) {
  const ns = child(inf, NS.domain, 'ns');
  return {
    name: textOf(child(inf, NS.domain, 'name')).toLowerCase() || fallbackName,
    statuses: childrenOf(inf, NS.domain, 'status').map((st) => st.attrs.s ?? '').filter(Boolean),
    registrantId: textOf(child(inf, NS.domain, 'registrant')),
    contacts: childrenOf(inf, NS.domain, 'contact').map((c) => ({ type: c.attrs.type ?? '', id: textOf(c) })),
    nameservers: [...childrenOf(ns, NS.domain, 'hostObj').map(textOf), ...childrenOf(ns, NS.domain, 'hostAttr').map((a) => textOf(child(a, NS.domain, 'hostName')))].map((n) =>
      n.toLowerCase(),
    ),
    clID: textOf(child(inf, NS.domain, 'clID')),
    crDate: dateOf(child(inf, NS.domain, 'crDate')),
    upDate: dateOf(child(inf, NS.domain, 'upDate')),
    exDate: dateOf(child(inf, NS.domain, 'exDate')),
  };
}
