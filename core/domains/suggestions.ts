// Name ideas shown next to search results when the keyword itself is taken or to widen the choice.
// Deterministic on purpose: the same keyword gives the same list in the browser, on the server and
// in tests, and the list can be cached per keyword.
import { greeklishToGreek, greekToGreeklish } from './greeklish';
import { displayLabel, isValidLabel, labelScript, normaliseGreekLabel } from './names';

export type SuggestOptions = { max?: number };

/** The default number of ideas: one row of the results page. */
export const DEFAULT_SUGGESTION_COUNT = 8;

// Short, common patterns of Greek shop names, alternating prefix and suffix so that a short list
// still shows both kinds. Latin only: they are glued to a Latin stem, since a Latin affix on a Greek
// label would mix scripts, which no TLD takes (names.ts).
const AFFIXES: readonly ((stem: string) => string)[] = [
  (s) => `my${s}`,
  (s) => `${s}-online`,
  (s) => `get${s}`,
  (s) => `${s}-shop`,
  (s) => `e${s}`,
  (s) => `${s}-hellas`,
  (s) => `the${s}`,
  (s) => `${s}-gr`,
  (s) => `${s}-athens`,
];

/**
 * Name ideas for a keyword, best first: its counterpart in the other script (Greeklish for a Greek
 * keyword, the Greek spellings of a Greeklish one), then the affixed forms of the Latin stem (the
 * keyword, or its Greeklish when it is Greek). Every idea is a valid single label of one script; the
 * keyword itself and names equal to it for a registry (accents, case, final sigma) are left out, and
 * so are repeats. An invalid or mixed-script keyword gets no ideas.
 */
export function suggestLabels(label: string, { max = DEFAULT_SUGGESTION_COUNT }: SuggestOptions = {}): string[] {
  const keyword = displayLabel(label.trim());
  if (max <= 0 || !isValidLabel(keyword)) return [];
  const script = labelScript(keyword);
  if (script === 'mixed') return [];

  const greeklish = script === 'greek' ? greekToGreeklish(keyword) : keyword;
  const counterparts = script === 'greek' ? [greeklish] : greeklishToGreek(keyword);
  const candidates = [...counterparts, ...AFFIXES.map((affix) => affix(greeklish))];

  const seen = new Set([normaliseGreekLabel(keyword)]);
  const ideas: string[] = [];
  for (const raw of candidates) {
    const idea = displayLabel(raw);
    const key = normaliseGreekLabel(idea);
    if (seen.has(key) || !isValidLabel(idea) || labelScript(idea) === 'mixed') continue;
    seen.add(key);
    ideas.push(idea);
    if (ideas.length >= max) break;
  }
  return ideas;
}
