// The Greek tax offices (ΔΟΥ) a Greek invoice names (spec §3 Billing profile; issue #13 §1). AADE's
// four-digit codes with the office's name as it is printed on invoices, after the mergers up to
// 2024 (the ΚΕ.ΜΕ.ΕΠ. for large businesses and the ΚΕΦΟΔΕ of Attica included). A Greek invoice
// profile must name one of them: the form offers them grouped by region (an <optgroup> needs no
// JavaScript), the server accepts the code or the name typed any way (accents, case, numeral sign)
// and stores the name below, so documents print it as it is and old profiles that typed it match.

export type TaxOffice = { code: string; name: string };

/** Region of an office from the first two digits of its code (the prefecture AADE numbers it under). */
const REGIONS: readonly { name: string; prefixes: readonly string[] }[] = [
  { name: 'Αττική', prefixes: ['11', '12', '13'] },
  { name: 'Στερεά Ελλάδα', prefixes: ['14', '16', '17', '18', '19'] },
  { name: 'Δυτική Ελλάδα', prefixes: ['15', '23', '24'] },
  { name: 'Πελοπόννησος', prefixes: ['21', '22', '25', '26', '27'] },
  { name: 'Θεσσαλία', prefixes: ['31', '32', '33', '34'] },
  { name: 'Κεντρική Μακεδονία', prefixes: ['41', '42', '44', '46', '47', '49', '56'] },
  { name: 'Δυτική Μακεδονία', prefixes: ['43', '45', '48'] },
  { name: 'Ανατολική Μακεδονία και Θράκη', prefixes: ['51', '52', '53', '54', '55'] },
  { name: 'Ήπειρος', prefixes: ['61', '62', '63', '64'] },
  { name: 'Νότιο Αιγαίο', prefixes: ['71', '75'] },
  { name: 'Βόρειο Αιγαίο', prefixes: ['72', '73', '74'] },
  { name: 'Κρήτη', prefixes: ['81', '82', '83', '84'] },
  { name: 'Ιόνια Νησιά', prefixes: ['91', '92', '93', '94'] },
];

export const GREEK_TAX_OFFICES: readonly TaxOffice[] = [
  { code: '1101', name: 'Α΄ Αθηνών' },
  { code: '1104', name: 'Δ΄ Αθηνών' },
  { code: '1106', name: 'ΣΤ΄ Αθηνών' },
  { code: '1112', name: 'ΙΒ΄ Αθηνών' },
  { code: '1113', name: 'ΙΓ΄ Αθηνών' },
  { code: '1114', name: 'ΙΔ΄ Αθηνών' },
  { code: '1117', name: 'ΙΖ΄ Αθηνών' },
  { code: '1118', name: 'Κέντρο Ελέγχου Μεγάλων Επιχειρήσεων (ΚΕ.ΜΕ.ΕΠ.)' },
  { code: '1125', name: 'Κατοίκων Εξωτερικού' },
  { code: '1129', name: 'Αγίου Δημητρίου' },
  { code: '1130', name: 'Καλλιθέας' },
  { code: '1131', name: 'Νέας Ιωνίας' },
  { code: '1132', name: 'Νέας Σμύρνης' },
  { code: '1133', name: 'Παλαιού Φαλήρου' },
  { code: '1134', name: 'Χαλανδρίου' },
  { code: '1135', name: 'Αμαρουσίου' },
  { code: '1136', name: 'Αγίων Αναργύρων' },
  { code: '1137', name: 'Αιγάλεω' },
  { code: '1138', name: 'Α΄ Περιστερίου' },
  { code: '1139', name: 'Γλυφάδας' },
  { code: '1145', name: 'Ηρακλείου Αττικής' },
  { code: '1151', name: 'Χολαργού' },
  { code: '1152', name: 'Βύρωνα' },
  { code: '1153', name: 'Κηφισιάς' },
  { code: '1157', name: 'Β΄ Περιστερίου' },
  { code: '1159', name: 'ΦΑΕ Αθηνών' },
  { code: '1173', name: 'Ηλιούπολης' },
  { code: '1175', name: 'Ψυχικού' },
  { code: '1179', name: 'Γαλατσίου' },
  { code: '1190', name: 'ΚΕΦΟΔΕ Αττικής' },
  { code: '1201', name: 'Α΄ Πειραιά' },
  { code: '1203', name: 'Γ΄ Πειραιά' },
  { code: '1204', name: 'Δ΄ Πειραιά' },
  { code: '1205', name: 'Ε΄ Πειραιά' },
  { code: '1206', name: 'ΦΑΕ Πειραιά' },
  { code: '1207', name: 'Πλοίων Πειραιά' },
  { code: '1211', name: 'Μοσχάτου' },
  { code: '1220', name: 'Νίκαιας' },
  { code: '1302', name: 'Αχαρνών' },
  { code: '1303', name: 'Ελευσίνας' },
  { code: '1304', name: 'Κορωπίου' },
  { code: '1312', name: 'Παλλήνης' },
  { code: '1411', name: 'Θηβών' },
  { code: '1421', name: 'Λιβαδειάς' },
  { code: '1531', name: 'Μεσολογγίου' },
  { code: '1552', name: 'Αγρινίου' },
  { code: '1611', name: 'Καρπενησίου' },
  { code: '1722', name: 'Κύμης' },
  { code: '1732', name: 'Χαλκίδας' },
  { code: '1832', name: 'Λαμίας' },
  { code: '1912', name: 'Άμφισσας' },
  { code: '2111', name: 'Άργους' },
  { code: '2131', name: 'Ναυπλίου' },
  { code: '2231', name: 'Τρίπολης' },
  { code: '2311', name: 'Αιγίου' },
  { code: '2331', name: 'Α΄ Πατρών' },
  { code: '2334', name: 'Γ΄ Πατρών' },
  { code: '2411', name: 'Αμαλιάδας' },
  { code: '2412', name: 'Πύργου' },
  { code: '2513', name: 'Κορίνθου' },
  { code: '2632', name: 'Σπάρτης' },
  { code: '2711', name: 'Καλαμάτας' },
  { code: '3111', name: 'Καρδίτσας' },
  { code: '3231', name: 'Α΄ Λάρισας' },
  { code: '3232', name: 'Β΄ Λάρισας' },
  { code: '3321', name: 'Βόλου' },
  { code: '3323', name: 'Νέας Ιωνίας Βόλου' },
  { code: '3412', name: 'Τρικάλων' },
  { code: '4112', name: 'Βέροιας' },
  { code: '4211', name: 'Α΄ Θεσσαλονίκης' },
  { code: '4214', name: 'Δ΄ Θεσσαλονίκης' },
  { code: '4215', name: 'Ε΄ Θεσσαλονίκης' },
  { code: '4216', name: 'ΣΤ΄ Θεσσαλονίκης' },
  { code: '4217', name: 'Ζ΄ Θεσσαλονίκης' },
  { code: '4222', name: 'Λαγκαδά' },
  { code: '4224', name: 'ΦΑΕ Θεσσαλονίκης' },
  { code: '4228', name: 'Η΄ Θεσσαλονίκης' },
  { code: '4232', name: 'Καλαμαριάς' },
  { code: '4233', name: 'Αμπελοκήπων' },
  { code: '4234', name: 'Ιωνίας Θεσσαλονίκης' },
  { code: '4311', name: 'Καστοριάς' },
  { code: '4411', name: 'Κιλκίς' },
  { code: '4521', name: 'Γρεβενών' },
  { code: '4531', name: 'Πτολεμαΐδας' },
  { code: '4541', name: 'Κοζάνης' },
  { code: '4621', name: 'Γιαννιτσών' },
  { code: '4631', name: 'Έδεσσας' },
  { code: '4711', name: 'Κατερίνης' },
  { code: '4812', name: 'Φλώρινας' },
  { code: '4922', name: 'Πολυγύρου' },
  { code: '4923', name: 'Νέων Μουδανιών' },
  { code: '5111', name: 'Δράμας' },
  { code: '5211', name: 'Αλεξανδρούπολης' },
  { code: '5231', name: 'Ορεστιάδας' },
  { code: '5321', name: 'Καβάλας' },
  { code: '5411', name: 'Ξάνθης' },
  { code: '5511', name: 'Κομοτηνής' },
  { code: '5621', name: 'Σερρών' },
  { code: '6111', name: 'Άρτας' },
  { code: '6211', name: 'Ηγουμενίτσας' },
  { code: '6311', name: 'Ιωαννίνων' },
  { code: '6411', name: 'Πρέβεζας' },
  { code: '7121', name: 'Θήρας' },
  { code: '7151', name: 'Νάξου' },
  { code: '7161', name: 'Πάρου' },
  { code: '7171', name: 'Σύρου' },
  { code: '7172', name: 'Μυκόνου' },
  { code: '7231', name: 'Μυτιλήνης' },
  { code: '7322', name: 'Σάμου' },
  { code: '7411', name: 'Χίου' },
  { code: '7531', name: 'Κω' },
  { code: '7542', name: 'Ρόδου' },
  { code: '8110', name: 'Ηρακλείου' },
  { code: '8221', name: 'Αγίου Νικολάου' },
  { code: '8341', name: 'Ρεθύμνου' },
  { code: '8431', name: 'Χανίων' },
  { code: '9111', name: 'Ζακύνθου' },
  { code: '9211', name: 'Κέρκυρας' },
  { code: '9311', name: 'Αργοστολίου' },
  { code: '9421', name: 'Λευκάδας' },
];

/**
 * What two spellings of one office share: upper case, no accents or diaeresis, no numeral sign,
 * apostrophe or dots, single spaces, and a leading "ΔΟΥ" dropped ("Δ.Ο.Υ. Α' Αθηνών" = "Α΄ ΑΘΗΝΩΝ").
 */
export function taxOfficeKey(input: string): string {
  return input
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[΄ʹ'’`´.]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^ΔΟΥ /, '');
}

const BY_CODE = new Map(GREEK_TAX_OFFICES.map((o) => [o.code, o]));
const BY_KEY = new Map(GREEK_TAX_OFFICES.map((o) => [taxOfficeKey(o.name), o]));

/** The office a form value names: its code (what the select posts) or its name in any spelling; null if none. */
export function findTaxOffice(input: string | null | undefined): TaxOffice | null {
  const value = (input ?? '').trim();
  if (!value) return null;
  return BY_CODE.get(value) ?? BY_KEY.get(taxOfficeKey(value)) ?? null;
}

export function taxOfficeRegion(code: string): string {
  return REGIONS.find((r) => r.prefixes.includes(code.slice(0, 2)))?.name ?? 'Άλλες';
}

/** The offices grouped by region in the order of REGIONS, each group sorted by name (for <optgroup>). */
export function taxOfficesByRegion(): { region: string; offices: TaxOffice[] }[] {
  const groups = REGIONS.map((r) => ({ region: r.name, offices: [] as TaxOffice[] }));
  const other = { region: 'Άλλες', offices: [] as TaxOffice[] };
  for (const o of GREEK_TAX_OFFICES) (groups.find((g) => g.region === taxOfficeRegion(o.code)) ?? other).offices.push(o);
  return [...groups, other].filter((g) => g.offices.length).map((g) => ({ ...g, offices: g.offices.sort((a, b) => a.name.localeCompare(b.name, 'el')) }));
}
