// Greek ↔ Greeklish for name ideas: a Greek keyword also searched in Latin letters ('καφές' →
// 'kafes'), and a Latin one also in Greek ('kafes' → 'καφες').
//
// greekToGreeklish follows the basics of ELOT 743 (the Greek standard transliteration, also used for
// passports), simplified where the full rule needs phonetics or context a domain label does not give:
// - αυ/ευ/ηυ are always 'av'/'ev'/'iv' (ELOT writes 'af'/'ef'/'if' before voiceless consonants);
// - μπ and ντ are 'b' and 'd' at the start of a word only, 'mp'/'nt' elsewhere;
// - the output is lower case, since it feeds domain labels (which have no case);
// - accents are dropped; a dialytika (ϊ, ϋ) or an accent on the first vowel keeps the two vowels
//   apart ('προϋπόθεση' → 'proypothesi', 'άυλος' → 'aylos'), as in ELOT.
// greeklishToGreek is not a standard (Greeklish is informal) but a short, fixed guess list, see there.

type GreekUnit = { base: string; accent: boolean; dialytika: boolean; greek: boolean };

const LETTERS: Readonly<Record<string, string>> = {
  α: 'a', β: 'v', γ: 'g', δ: 'd', ε: 'e', ζ: 'z', η: 'i', θ: 'th', ι: 'i', κ: 'k', λ: 'l', μ: 'm',
  ν: 'n', ξ: 'x', ο: 'o', π: 'p', ρ: 'r', σ: 's', ς: 's', τ: 't', υ: 'y', φ: 'f', χ: 'ch', ψ: 'ps', ω: 'o',
};

// ELOT 743: γ before γ, ξ, χ is a nasal 'n'; γκ stays 'gk' (the 2001 revision).
const GAMMA_PAIRS: Readonly<Record<string, string>> = { γ: 'ng', κ: 'gk', ξ: 'nx', χ: 'nch' };
const U_DIGRAPHS: Readonly<Record<string, string>> = { α: 'av', ε: 'ev', η: 'iv', ο: 'ou' };

/** Lower-case NFC text as units: each Greek letter with its marks noted, anything else as it is. */
function toUnits(text: string): GreekUnit[] {
  return [...text.normalize('NFC').toLowerCase()].map((ch) => {
    const [base = ch, ...marks] = [...ch.normalize('NFD')];
    if (!(base in LETTERS)) return { base: ch, accent: false, dialytika: false, greek: false };
    return { base, accent: marks.includes('\u0301'), dialytika: marks.includes('\u0308'), greek: true };
  });
}

const isLetterUnit = (u: GreekUnit | undefined): boolean => u !== undefined && (u.greek || /\p{L}/u.test(u.base));

/** Greek → Latin (ELOT 743 basics, simplified as above). Characters that are not Greek pass through. */
export function greekToGreeklish(text: string): string {
  const units = toUnits(text);
  let out = '';
  for (let i = 0; i < units.length; i++) {
    const cur = units[i] as GreekUnit;
    const next = units[i + 1];
    if (!cur.greek) {
      out += cur.base;
      continue;
    }
    const wordStart = !isLetterUnit(units[i - 1]);
    if (next?.greek) {
      const uDigraph = U_DIGRAPHS[cur.base];
      if (uDigraph && next.base === 'υ' && !next.dialytika && !cur.accent) {
        out += uDigraph;
        i++;
        continue;
      }
      const pair = cur.base === 'γ' ? GAMMA_PAIRS[next.base] : undefined;
      const initial = wordStart && ((cur.base === 'μ' && next.base === 'π') || (cur.base === 'ν' && next.base === 'τ'));
      if (pair || initial) {
        out += pair ?? (cur.base === 'μ' ? 'b' : 'd');
        i++;
        continue;
      }
    }
    out += LETTERS[cur.base];
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------
// Latin → Greek guesses
// ---------------------------------------------------------------------------------------------------

// Two-letter Greeklish spellings first, so 'th' is θ and not τη.
const LATIN_PAIRS: Readonly<Record<string, string>> = { th: 'θ', ch: 'χ', ps: 'ψ', ks: 'ξ', ou: 'ου' };
// 'c', 'j' and 'q' have no Greek reading on their own ('ch' is handled above): a word with them is
// English or another language, not Greeklish. 'h' and 'w' are the common Greeklish for η and ω.
const LATIN_LETTERS: Readonly<Record<string, string>> = {
  a: 'α', b: 'μπ', d: 'δ', e: 'ε', f: 'φ', g: 'γ', h: 'η', i: 'ι', k: 'κ', l: 'λ', m: 'μ', n: 'ν',
  o: 'ο', p: 'π', r: 'ρ', s: 'σ', t: 'τ', u: 'υ', v: 'β', w: 'ω', x: 'ξ', y: 'υ', z: 'ζ',
};

/** The most Greek spellings returned: the plain one, then an η and an ω variant. */
export const MAX_GREEK_SPELLINGS = 3;

type LatinToken = { greek: string; latin: string };

function tokenise(word: string): LatinToken[] | null {
  const tokens: LatinToken[] = [];
  for (let i = 0; i < word.length; ) {
    const two = word.slice(i, i + 2);
    const one = word[i] as string;
    const pair = LATIN_PAIRS[two];
    if (pair) {
      tokens.push({ greek: pair, latin: two });
      i += 2;
    } else if (LATIN_LETTERS[one]) {
      tokens.push({ greek: LATIN_LETTERS[one] as string, latin: one });
      i += 1;
    } else if (/[0-9-]/.test(one)) {
      tokens.push({ greek: one, latin: one });
      i += 1;
    } else {
      return null;
    }
  }
  // A sigma that ends a word is written ς.
  tokens.forEach((t, i) => {
    if (t.greek === 'σ' && !/^[a-z]/.test(tokens[i + 1]?.latin ?? '')) t.greek = 'ς';
  });
  return tokens;
}

/** The last token index for which `test` holds, or -1. */
function lastIndex(tokens: readonly LatinToken[], test: (t: LatinToken, i: number) => boolean): number {
  for (let i = tokens.length - 1; i >= 0; i--) if (test(tokens[i] as LatinToken, i)) return i;
  return -1;
}

/**
 * Plausible Greek spellings of a Greeklish keyword, most likely first, at most 3, without accents
 * (registries compare Greek without them anyway): the letter-for-letter reading (th→θ, ch→χ, ps→ψ,
 * ks/x→ξ, ou→ου, i→ι, o→ο, final s→ς), then the same with the last 'i' as η (common at the end of
 * feminine words: 'kali' → 'καλη'), then with the last 'o' as ω (verbs: 'grafo' → 'γραφω'). Only an 'i'
 * that is not the second letter of αι/ει/οι/υι can be η. [] when the text cannot be Greeklish: other
 * characters than a–z, digits and '-', a 'c' not in 'ch', a 'j' or a 'q', or no letter at all.
 * Deliberately simple: it does not guess accents, double consonants or the many spellings of 'i'
 * (ει, οι, υ), which would multiply candidates without making them likelier.
 */
export function greeklishToGreek(text: string): string[] {
  const word = text.trim().toLowerCase();
  if (!/^[a-z0-9-]*[a-z][a-z0-9-]*$/.test(word)) return [];
  const tokens = tokenise(word);
  if (!tokens) return [];
  const spell = (swap: number, to: string) => tokens.map((t, i) => (i === swap ? to : t.greek)).join('');

  const spellings = [spell(-1, '')];
  const eta = lastIndex(tokens, (t, i) => t.latin === 'i' && !/^[aeouy]$/.test(tokens[i - 1]?.latin ?? ''));
  if (eta >= 0) spellings.push(spell(eta, 'η'));
  const omega = lastIndex(tokens, (t) => t.latin === 'o');
  if (omega >= 0) spellings.push(spell(omega, 'ω'));
  return [...new Set(spellings)].slice(0, MAX_GREEK_SPELLINGS);
}
