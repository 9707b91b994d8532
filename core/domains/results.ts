// Filtering, sorting and counting search results (spec §2 "Domain search results"), the same on the
// server (links without JavaScript) and in the browser (instant, no new request).
export const RESULT_FILTERS = ['all', 'flag', 'category', 'country', 'discounted', 'favourites'] as const;
export type ResultFilter = (typeof RESULT_FILTERS)[number];
export const RESULT_SORTS = ['relevance', 'price_asc', 'price_desc', 'name'] as const;
export type ResultSort = (typeof RESULT_SORTS)[number];

export type ResultRow = {
  fqdn: string;
  asciiFqdn: string;
  tld: string;
  category: string;
  countryIso2: string | null;
  kind: 'exact' | 'tld' | 'suggestion';
  status: string;
  premium: boolean;
  price: { totalCents: number; onPromo: boolean } | null;
};

export type FilterState = { filter: ResultFilter; value?: string | null };

export function readFilter(params: URLSearchParams): FilterState {
  const f = params.get('filter');
  const filter = (RESULT_FILTERS as readonly string[]).includes(f ?? '') ? (f as ResultFilter) : 'all';
  return { filter, value: params.get('value') };
}

export function readSort(params: URLSearchParams): ResultSort {
  const s = params.get('sort');
  return (RESULT_SORTS as readonly string[]).includes(s ?? '') ? (s as ResultSort) : 'relevance';
}

/** The flag filter: a country's names (GR: .gr, its second levels and .ελ; CY: .cy …). */
export function matchesFilter<R extends ResultRow>(row: R, state: FilterState, favourites: ReadonlySet<string>): boolean {
  switch (state.filter) {
    case 'flag':
      return !state.value || row.countryIso2 === state.value;
    case 'category':
      return !state.value || row.category === state.value;
    case 'country':
      // Country-code TLDs: every name with a country, Greek ones included.
      return row.countryIso2 !== null;
    case 'discounted':
      return row.price?.onPromo === true;
    case 'favourites':
      return favourites.has(row.asciiFqdn);
    default:
      return true;
  }
}

const KIND_ORDER = { exact: 0, tld: 1, suggestion: 2 } as const;

/**
 * relevance keeps the exact name first, then the catalogue's order, suggestions last; price sorts
 * put names without a price (taken, failed) last; name sorting ignores case and accents (el collation).
 */
export function sortResults<R extends ResultRow>(rows: readonly R[], sort: ResultSort, order: ReadonlyMap<string, number> = new Map()): R[] {
  const collator = new Intl.Collator('el', { sensitivity: 'base' });
  const indexed = rows.map((r, i) => ({ r, i }));
  const price = (r: R) => (r.status === 'available' && r.price ? r.price.totalCents : null);
  indexed.sort((a, b) => {
    if (sort === 'name') return collator.compare(a.r.fqdn, b.r.fqdn) || a.i - b.i;
    if (sort === 'price_asc' || sort === 'price_desc') {
      const pa = price(a.r);
      const pb = price(b.r);
      if (pa === null && pb === null) return a.i - b.i;
      if (pa === null) return 1;
      if (pb === null) return -1;
      return (sort === 'price_asc' ? pa - pb : pb - pa) || a.i - b.i;
    }
    return KIND_ORDER[a.r.kind] - KIND_ORDER[b.r.kind] || (order.get(a.r.tld) ?? 999) - (order.get(b.r.tld) ?? 999) || a.i - b.i;
  });
  return indexed.map((x) => x.r);
}
