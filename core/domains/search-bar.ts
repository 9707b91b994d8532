// Rules of the domain search bar (spec §2 "Domain search bar"), shared by the component and its tests.

/** The transfer page (a Greeklish slug under /domains/, ASCII so the cookie path matches as typed). */
export const TRANSFER_PATH = '/domains/metafora';
/** Spec §2: the cookie that carries the typed name to the transfer page, scoped to that page's path. */
export const TRANSFER_COOKIE = 'domain_transfer';
/** Spec §2: the '.el' → '.ελ' rewrite waits this long after typing stops. */
export const EL_REWRITE_DELAY_MS = 400;

export const SEARCH_MODES = ['search', 'register', 'transfer'] as const;
export type SearchMode = (typeof SEARCH_MODES)[number];

export function isSearchMode(value: unknown): value is SearchMode {
  return typeof value === 'string' && (SEARCH_MODES as readonly string[]).includes(value);
}

/**
 * Spec §2: an input ending in '.el' (or '.el ') ends in '.ελ' instead. Only the ending changes, so a
 * name like 'hotel' or 'el.gr' is left alone; the trailing space goes too.
 */
export function rewriteElEnding(value: string): string {
  return /\.el\s?$/i.test(value) ? value.replace(/\.el\s?$/i, '.ελ') : value;
}
