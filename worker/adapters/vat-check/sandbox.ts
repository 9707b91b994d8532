// Sandbox VAT check: answers by rule as VIES would. A number that does not have its member state's
// format is refused (VIES says INVALID_INPUT); a Greek one must also pass the ΑΦΜ check digit; a few
// seeded companies answer with their name and address; any other well-formed number answers valid
// with '---' for name and address, as VIES does for the many member states that do not disclose
// them. Every answer is kept as evidence in vat_checks, as the real client's are.
import type { Db } from '../../../db/client';
import { vatChecks } from '../../../db/schema/payments';
import { isValidAfm, normaliseVatNumber, viesCountryCode } from './greek-afm';
import { VAT_CHECK_UNAVAILABLE, VatCheckError, type VatCheckPort, type VatCheckResult } from './port';

/** The standard VIES formats of the EU 27, after the prefix; keys are VIES codes (EL, not GR). */
export const VIES_FORMATS: Readonly<Record<string, RegExp>> = {
  AT: /^U\d{8}$/,
  BE: /^[01]\d{9}$/,
  BG: /^\d{9,10}$/,
  CY: /^\d{8}[A-Z]$/,
  CZ: /^\d{8,10}$/,
  DE: /^\d{9}$/,
  DK: /^\d{8}$/,
  EE: /^\d{9}$/,
  EL: /^\d{9}$/,
  ES: /^([A-Z]\d{7}[A-Z0-9]|\d{8}[A-Z])$/,
  FI: /^\d{8}$/,
  FR: /^[0-9A-HJ-NP-Z]{2}\d{9}$/,
  HR: /^\d{11}$/,
  HU: /^\d{8}$/,
  IE: /^(\d{7}[A-W][A-IW]?|\d[A-Z+*]\d{5}[A-W])$/,
  IT: /^\d{11}$/,
  LT: /^(\d{9}|\d{12})$/,
  LU: /^\d{8}$/,
  LV: /^\d{11}$/,
  MT: /^\d{8}$/,
  NL: /^\d{9}B\d{2}$/,
  PL: /^\d{10}$/,
  PT: /^\d{9}$/,
  RO: /^[1-9]\d{1,9}$/,
  SE: /^\d{10}01$/,
  SI: /^[1-9]\d{7}$/,
  SK: /^[1-9]\d{9}$/,
};

/** Format only (and the ΑΦΜ check digit for EL is separate: a bad one is a registry "no", not bad input). */
export function isWellFormedVatNumber(viesCode: string, vatNumber: string): boolean {
  return VIES_FORMATS[viesCode]?.test(vatNumber) ?? false;
}

type RegisterEntry = { valid: boolean; name: string; address: string } | { unavailable: true };

/**
 * The sandbox's member-state registers, keyed by VIES code + number. Made-up companies; one number
 * no longer registered; one number whose member state is "down", so the unavailable path can be tried.
 */
export const SANDBOX_VAT_REGISTER: Readonly<Record<string, RegisterEntry>> = {
  DE123456789: { valid: true, name: 'Beispiel Handels GmbH', address: 'Musterstraße 12\n10115 Berlin' },
  DE276452187: { valid: true, name: 'Nordlicht Software AG', address: 'Hafenstraße 3\n20457 Hamburg' },
  CY10123456X: { valid: true, name: 'PARADIGMA TRADING LTD', address: 'Leoforos Makariou III 10\n1065 Lefkosia' },
  IT01234567890: { valid: true, name: 'ESEMPIO DIGITALE S.R.L.', address: 'VIA ROMA 1\n00184 ROMA RM' },
  EL123456783: { valid: true, name: 'ΠΑΡΑΔΕΙΓΜΑ ΨΗΦΙΑΚΕΣ ΥΠΗΡΕΣΙΕΣ Α.Ε.', address: 'ΕΡΜΟΥ 10\n10563 ΑΘΗΝΑ' },
  // Struck off: well-formed, once registered, now "no".
  DE999999998: { valid: false, name: '---', address: '---' },
  DE999999999: { unavailable: true },
};

/** Shaped like VIES's consultation numbers ('WAPIAAAA' and a few more characters). */
export function sandboxRequestIdentifier(): string {
  const digits = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  return `WAPIAAAA${[...crypto.getRandomValues(new Uint8Array(8))].map((b) => digits[b % 36]).join('')}`;
}

/** The rules alone, without evidence; createSandboxVatCheck adds the evidence. */
export function createRuleVatCheck(options: { now?: () => Date } = {}): VatCheckPort {
  const now = options.now ?? (() => new Date());
  return {
    async check(countryIso2, input) {
      const countryCode = viesCountryCode(countryIso2);
      const vatNumber = normaliseVatNumber(countryIso2, input);
      const answer = (valid: boolean, name: string | null, address: string | null, requestIdentifier: string | null): VatCheckResult => ({
        valid,
        countryCode,
        vatNumber,
        name,
        address,
        requestIdentifier,
        checkedAt: now().toISOString(),
        source: 'sandbox',
      });
      // VIES answers malformed input (or a country it does not cover) with an error and no consultation.
      if (!isWellFormedVatNumber(countryCode, vatNumber)) return answer(false, null, null, null);
      const entry = SANDBOX_VAT_REGISTER[`${countryCode}${vatNumber}`];
      if (entry && 'unavailable' in entry) throw new VatCheckError(VAT_CHECK_UNAVAILABLE, { reason: 'MS_UNAVAILABLE' });
      if (entry) return answer(entry.valid, entry.name, entry.address, sandboxRequestIdentifier());
      const valid = countryCode === 'EL' ? isValidAfm(vatNumber) : true;
      return answer(valid, '---', '---', sandboxRequestIdentifier());
    },
  };
}

/** Writes every answer of `port` to vat_checks before returning it; failures are not answers and are not kept. */
export function withVatCheckEvidence(db: Db, port: VatCheckPort): VatCheckPort {
  return {
    async check(countryIso2, vatNumber) {
      const result = await port.check(countryIso2, vatNumber);
      await recordVatCheck(db, result);
      return result;
    },
  };
}

export async function recordVatCheck(db: Db, result: VatCheckResult): Promise<void> {
  await db.insert(vatChecks).values({
    countryCode: result.countryCode,
    vatNumber: result.vatNumber,
    valid: result.valid,
    name: result.name,
    address: result.address,
    requestIdentifier: result.requestIdentifier,
    source: result.source,
    checkedAt: new Date(result.checkedAt),
  });
}

export function createSandboxVatCheck(db: Db, options: { now?: () => Date } = {}): VatCheckPort {
  return withVatCheckEvidence(db, createRuleVatCheck(options));
}
