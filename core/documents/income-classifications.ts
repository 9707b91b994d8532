// AADE's table of allowed income-classification combinations (invoice type × category × E3 type) for
// the document types we issue, as data. Source: AADE, "myDATA API Documentation v2.0.0 (ERP)", the
// income classification combination tables ("Συνδυασμοί Χαρακτηρισμών Εσόδων", per invoice type):
// https://www.aade.gr/sites/default/files/2025-12/myDATA%20API%20Documentation%20v2.0.0_official_erp.pdf
// (the same tables as the v1.0.x documentation's annex). Only the rows for category1_3 ("Έσοδα από Παροχή
// Υπηρεσιών", what a registrar sells) are written here: a code we send must be in
// this list, and a test checks every type we can map against it (income-classifications.test.ts).
// Decision 048 records why receipts abroad use E3_561_005 / E3_561_006.

/** category1_3: income from services. */
export const SERVICES_CATEGORY = 'category1_3';

/** E3 codes by what they mean (AADE's E3 form, lines 561_xxx). */
export const E3 = {
  /** Πωλήσεις αγαθών και υπηρεσιών Χονδρικές - Επιτηδευματιών */
  wholesale: 'E3_561_001',
  /** Πωλήσεις αγαθών και υπηρεσιών Χονδρικές βάσει άρθρου 39α παρ. 5 του Κώδικα ΦΠΑ */
  wholesale39a: 'E3_561_002',
  /** Πωλήσεις αγαθών και υπηρεσιών Λιανικές - Ιδιωτική Πελατεία */
  retail: 'E3_561_003',
  /** Πωλήσεις αγαθών και υπηρεσιών Λιανικές βάσει άρθρου 39α παρ. 5 του Κώδικα ΦΠΑ */
  retail39a: 'E3_561_004',
  /** Πωλήσεις αγαθών και υπηρεσιών Εξωτερικού Ενδοκοινοτικές */
  intraCommunity: 'E3_561_005',
  /** Πωλήσεις αγαθών και υπηρεσιών Εξωτερικού Τρίτες Χώρες */
  thirdCountries: 'E3_561_006',
  /** Πωλήσεις αγαθών και υπηρεσιών Λοιπά */
  other: 'E3_561_007',
  /** Πιστωτικοί τόκοι και συναφή έσοδα */
  interest: 'E3_563',
} as const;

/**
 * Allowed E3 types with category1_3, per invoice type (AADE's combinations table):
 * - 2.1 Τιμολόγιο Παροχής Υπηρεσιών: 561_001, 561_002, 561_007, 563;
 * - 2.2 Τιμολόγιο Παροχής / Ενδοκοινοτική Παροχή Υπηρεσιών: 561_005;
 * - 2.3 Τιμολόγιο Παροχής / Παροχή Υπηρεσιών σε λήπτη Τρίτης Χώρας: 561_006;
 * - 5.1 Πιστωτικό Τιμολόγιο / Συσχετιζόμενο: the codes of the invoices it corrects, 561_001, 561_002,
 *   561_005, 561_006, 561_007, 563;
 * - 11.2 Απόδειξη Παροχής Υπηρεσιών and 11.4 Πιστωτικό Στοιχείο Λιανικής: 561_003, 561_004, 561_005,
 *   561_006 (a retail sale to a consumer abroad: intra-community or third country).
 */
export const ALLOWED_SERVICE_INCOME: Readonly<Record<string, readonly string[]>> = {
  '2.1': [E3.wholesale, E3.wholesale39a, E3.other, E3.interest],
  '2.2': [E3.intraCommunity],
  '2.3': [E3.thirdCountries],
  '5.1': [E3.wholesale, E3.wholesale39a, E3.intraCommunity, E3.thirdCountries, E3.other, E3.interest],
  '11.2': [E3.retail, E3.retail39a, E3.intraCommunity, E3.thirdCountries],
  '11.4': [E3.retail, E3.retail39a, E3.intraCommunity, E3.thirdCountries],
};

/** Is (type, category, E3 type) a combination AADE allows? */
export function incomeCombinationAllowed(invoiceType: string, category: string, type: string): boolean {
  if (category !== SERVICES_CATEGORY) return false;
  return ALLOWED_SERVICE_INCOME[invoiceType]?.includes(type) ?? false;
}
