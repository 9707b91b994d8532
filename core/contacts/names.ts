// Individual contacts' Latin names (spec §3 Contact profile first_name_int_ind / last_name_int_ind,
// §8 7530 contact_individual_name_mismatch). A registry that publishes Latin data needs the holder's
// own name in Latin letters, not someone else's: the Latin form must be a transliteration of the
// native one. Transliteration of Greek is not unique (Γιώργος: Giorgos, Yiorgos, Georgios), so both
// sides are folded to a coarse phonetic key and compared with a small tolerance (decision 034).

const GREEK = /\p{Script=Greek}/u;

/** Digraphs first (ELOT 743 with the common variants people write), then single letters. */
const GREEK_DIGRAPHS: readonly [string, string][] = [
  ['ου', 'u'], ['αι', 'e'], ['ει', 'i'], ['οι', 'i'], ['υι', 'i'], ['αυ', 'av'], ['ευ', 'ev'],
  ['μπ', 'b'], ['ντ', 'd'], ['γκ', 'g'], ['γγ', 'ng'], ['τσ', 'ts'], ['τζ', 'tz'],
];
const GREEK_LETTERS: Record<string, string> = {
  α: 'a', β: 'v', γ: 'g', δ: 'd', ε: 'e', ζ: 'z', η: 'i', θ: 'th', ι: 'i', κ: 'k', λ: 'l', μ: 'm', ν: 'n', ξ: 'x', ο: 'o',
  π: 'p', ρ: 'r', σ: 's', ς: 's', τ: 't', υ: 'i', φ: 'f', χ: 'h', ψ: 'ps', ω: 'o',
};
/** The same folding applied to what people type in Latin letters for those sounds. */
const LATIN_FOLDS: readonly [RegExp, string][] = [
  [/ou/g, 'u'], [/ai/g, 'e'], [/ei/g, 'i'], [/oi/g, 'i'], [/ui/g, 'i'], [/y/g, 'i'], [/w/g, 'o'], [/ph/g, 'f'], [/ch/g, 'h'],
  [/kh/g, 'h'], [/mp/g, 'b'], [/nt/g, 'd'], [/gk/g, 'g'], [/gg/g, 'ng'], [/ks/g, 'x'], [/c/g, 'k'], [/b/g, 'v'], [/j/g, 'i'],
  [/af/g, 'av'], [/ef/g, 'ev'],
];

function stripAccents(s: string): string {
  return s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Greek to Latin letters (lower case, no accents); other scripts pass through. */
export function transliterate(value: string): string {
  let s = stripAccents(value);
  for (const [from, to] of GREEK_DIGRAPHS) s = s.split(from).join(to);
  return Array.from(s, (ch) => GREEK_LETTERS[ch] ?? ch).join('');
}

/** The comparison key: transliterated, folded, letters only, doubled letters once. */
export function nameKey(value: string): string {
  let s = transliterate(value);
  // Fold before and after the double-letter squeeze, so 'Papadopoulou' and 'Papadopulu' meet.
  for (const [re, to] of LATIN_FOLDS) s = s.replace(re, to);
  s = s.replace(/[^a-z]/g, '').replace(/(.)\1+/g, '$1');
  for (const [re, to] of LATIN_FOLDS) s = s.replace(re, to);
  return s;
}

function distance(a: string, b: string): number {
  const prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0]!;
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const up = prev[j]!;
      prev[j] = Math.min(up + 1, prev[j - 1]! + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = up;
    }
  }
  return prev[b.length]!;
}

/**
 * Does a Latin form stand for this native name? Same first letter of the key, and at most one edit
 * per four letters (at least one): 'Yiorgos' and 'Giorgos' for Γιώργος pass, 'George' and an
 * unrelated 'John' do not. Accent, case and spacing differences never count.
 */
export function latinNameMatches(native: string, latin: string): boolean {
  const a = nameKey(native);
  const b = nameKey(latin);
  if (a === '' || b === '') return a === b;
  if (a === b) return true;
  // Γ before ι/ε is often written Y (Yiannis, Yiorgos): treat a leading y/g/i swap as free.
  const soft = (k: string) => k.replace(/^(?:gi|g|i)(?=[ieo])/, 'i');
  const [x, y] = [soft(a), soft(b)];
  if (x[0] !== y[0]) return false;
  return distance(x, y) <= Math.max(1, Math.floor(Math.max(x.length, y.length) / 4));
}

export function hasGreek(value: string | null | undefined): boolean {
  return GREEK.test(value ?? '');
}

export type IndividualNames = { firstName: string; lastName: string; firstNameInt: string | null; lastNameInt: string | null };

/**
 * Spec §8 7530: for an individual, the Latin names must be the holder's own name. Returns the Latin
 * fields in error (first_name_int_ind / last_name_int_ind), empty when they correspond. A blank
 * Latin field is not a mismatch (readiness says whether a registry needs it).
 */
export function individualNameMismatch(c: IndividualNames): ('first_name_int_ind' | 'last_name_int_ind')[] {
  const out: ('first_name_int_ind' | 'last_name_int_ind')[] = [];
  if (c.firstNameInt?.trim() && !latinNameMatches(c.firstName, c.firstNameInt)) out.push('first_name_int_ind');
  if (c.lastNameInt?.trim() && !latinNameMatches(c.lastName, c.lastNameInt)) out.push('last_name_int_ind');
  return out;
}
