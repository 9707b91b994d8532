// Generators shared by the rules' property tests (fast-check). Not used by the app.
import fc from 'fast-check';
import { CHARACTER_SETS } from './rule-kit';

export const chars = (set: string) => fc.constantFrom(...[...set]);
export const word = (set: string, max = 8) => fc.array(chars(set), { minLength: 1, maxLength: max }).map((a) => a.join(''));
/** Words joined by single hyphens: a label that never starts or ends with '-' nor holds '--'. */
export const label = (set: string) =>
  fc.array(word(set), { minLength: 1, maxLength: 3 }).map((ws) => ws.join('-')).filter((l) => [...l].length <= 63);

export const LATIN_DIGITS = CHARACTER_SETS.latin + CHARACTER_SETS.digits;
export const GREEK_DIGITS = CHARACTER_SETS.greek + CHARACTER_SETS.digits;
export const TLDS = ['gr', 'ελ', 'com', 'eu', 'ευ', 'com.gr', 'org'];

/** Insert `piece` at a position of `text` (counted in code points). */
export const insertAt = (text: string, piece: string, at: number) => {
  const cps = [...text];
  const i = at % (cps.length + 1);
  return [...cps.slice(0, i), piece, ...cps.slice(i)].join('');
};
