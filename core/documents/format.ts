// How a sale document is named to people (issue #13 §2): its series and its gapless number, e.g.
// INV-000012. One formatter for the list, the document page, the order page and the PDF, so the same
// document never reads two ways. Pure.

/** Digits of the number part: six, zero-padded (a series passing a million keeps all its digits). */
export const NUMBER_DIGITS = 6;

export function documentNumber(doc: { series: string; number: number }): string {
  return `${doc.series}-${String(doc.number).padStart(NUMBER_DIGITS, '0')}`;
}
