// CSV exports of the back office (issue #22 §1), RFC 4180: fields with a comma, quote or line break
// are quoted, quotes doubled, lines end in CRLF. A cell that a spreadsheet would run as a formula
// (starting with = + - @, a tab or a carriage return) gets a leading apostrophe (OWASP "CSV
// injection"): a customer's name is data, never a command on a staff member's machine.
export type CsvCell = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  // Numbers are ours (ids, cents): a negative amount stays a number, not a guarded text.
  if (typeof value !== 'number' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: readonly CsvCell[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

/** A byte-order mark first, so a spreadsheet opens the Greek text as UTF-8. */
export const CSV_BOM = '\uFEFF';
