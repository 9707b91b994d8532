// Where a bank transfer goes (shown on the order page and in the order e-mail).
export const BANK_DETAILS = { bank: 'Τράπεζα Πειραιώς', iban: 'GR16 0172 0000 0050 0000 0000 001', beneficiary: 'Ελληνικός Καταχωρητής Α.Ε.' } as const;
