// Amounts typed by staff (credit grants, debits, card refunds; issue #20 §2). The shop writes numbers
// the Greek way (1.234,56) but people paste English ones (1,234.56): a text that is a number in only one
// notation is read that way; a text that is a number in both and means two different sums (1.234 is
// 1.234,00 € or 1,234 €; 1,234 the other way round) is refused, never guessed, because a guess there
// moves a thousand times the money. Exact decimal arithmetic on the digits: no floating point.

export type EuroAmount = { ok: true; cents: number } | { ok: false; error: 'NUMERIC' | 'AMBIGUOUS' };

// The integer part is plain digits, or 1–3 digits (no leading zero) then groups of three.
const GREEK = /^(\d+|[1-9]\d{0,2}(?:\.\d{3})+)(?:,(\d+))?$/;
const ENGLISH = /^(\d+|[1-9]\d{0,2}(?:,\d{3})+)(?:\.(\d+))?$/;

/** Sums past this many integer digits are no one's amount (and would lose precision as cents). */
const MAX_INTEGER_DIGITS = 12;

type Reading = { whole: string; fraction: string };

function read(text: string, re: RegExp, group: string): Reading | null {
  const m = re.exec(text);
  if (!m) return null;
  const whole = m[1]!.split(group).join('').replace(/^0+(?=\d)/, '');
  const fraction = (m[2] ?? '').replace(/0+$/, '');
  return { whole, fraction };
}

/** "12,50" → 1250 cents; refuses non-numbers, more than two decimals and texts the notations disagree on. */
export function readEuroAmount(text: string): EuroAmount {
  const t = text.trim();
  const greek = read(t, GREEK, '.');
  const english = read(t, ENGLISH, ',');
  if (greek && english && (greek.whole !== english.whole || greek.fraction !== english.fraction)) return { ok: false, error: 'AMBIGUOUS' };
  const r = greek ?? english;
  if (!r || r.fraction.length > 2 || r.whole.length > MAX_INTEGER_DIGITS) return { ok: false, error: 'NUMERIC' };
  return { ok: true, cents: Number(r.whole) * 100 + Number(r.fraction.padEnd(2, '0')) };
}

/** 1250 → "12,50": an amount as a form field's value (the Greek way, ungrouped), read back by readEuroAmount. */
export function centsToEuroInput(cents: number): string {
  const abs = Math.abs(Math.trunc(cents));
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}
