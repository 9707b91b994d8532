// Why a line carries no VAT, said on the document and told to myDATA (issue #20 §3; decision 048). A
// Greek legal document that charges 0 % must name the legal basis; the same rule picks myDATA's VAT
// exemption category, so the PDF and AADE cannot disagree:
// - a business in another member state: the service is supplied where the customer is established
//   (art. 14 par. 2 of the Greek VAT Code, ν. 5144/2024; art. 44 of Directive 2006/112/EC) and the
//   customer pays the VAT (reverse charge, art. 196 of the Directive) — myDATA exemption 4 (art. 14);
// - any customer outside the EU: outside the scope of Greek VAT, the place of supply is not Greece
//   (art. 14 par. 2 of the Greek VAT Code, ν. 5144/2024, place of supply rules) — exemption 4 as well;
// - a Greek customer at 0 % (none today): "other VAT exemptions", exemption 27.
import { EU_COUNTRIES } from '../domains/registry-rules';

export type ZeroVatBasisKey = 'reverse_charge' | 'outside_scope' | 'other';
export type ZeroVatBasis = { key: ZeroVatBasisKey; exemptionCategory: number; el: string; en: string };

/** myDATA's vatExemptionCategory values we use (AADE's table of VAT exemption categories). */
export const EXEMPTION_CATEGORY = { article14: 4, other: 27, ossUnion: 30 } as const;

const BASES: Record<ZeroVatBasisKey, ZeroVatBasis> = {
  reverse_charge: {
    key: 'reverse_charge',
    exemptionCategory: EXEMPTION_CATEGORY.article14,
    el: 'Χωρίς ΦΠΑ — αντίστροφη επιβάρυνση, άρθρο 196 της Οδηγίας 2006/112/ΕΚ: τον ΦΠΑ οφείλει ο λήπτης (τόπος παροχής: άρθρο 14 παρ. 2 του Κώδικα ΦΠΑ, ν. 5144/2024).',
    en: 'No VAT — reverse charge, Article 196 of Directive 2006/112/EC: the customer accounts for the VAT (place of supply: Article 14(2) of the Greek VAT Code, Law 5144/2024).',
  },
  outside_scope: {
    key: 'outside_scope',
    exemptionCategory: EXEMPTION_CATEGORY.article14,
    el: 'Χωρίς ΦΠΑ — εκτός πεδίου εφαρμογής του ελληνικού ΦΠΑ: ο τόπος παροχής είναι εκτός ΕΕ (άρθρο 14 παρ. 2 του Κώδικα ΦΠΑ, ν. 5144/2024).',
    en: 'No VAT — outside the scope of Greek VAT: the place of supply is outside the EU (Article 14(2) of the Greek VAT Code, Law 5144/2024).',
  },
  other: {
    key: 'other',
    exemptionCategory: EXEMPTION_CATEGORY.other,
    el: 'Χωρίς ΦΠΑ — λοιπές εξαιρέσεις ΦΠΑ.',
    en: 'No VAT — other VAT exemption.',
  },
};

/** The legal basis of a 0 % line for this buyer (the buyer's country decides). */
export function zeroVatBasis(billing: { country?: string | null } | null | undefined): ZeroVatBasis {
  const country = (billing?.country ?? 'GR').trim().toUpperCase() || 'GR';
  if (country === 'GR') return BASES.other;
  return EU_COUNTRIES.includes(country) ? BASES.reverse_charge : BASES.outside_scope;
}
