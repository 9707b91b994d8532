// The regions of Greece (ISO 3166-2:GR), offered as the state select when the country is GR (spec §2
// Registration). The names live in i18n (`countries:gr_regions.<id>`); the select sends the name in
// the page's language (spec §5 Registration: "the selected option's language value"), and the server
// maps it back to the id with `regionIdFromName`, accepting either language.
export const GR_REGION_IDS = ['I', 'B', 'A', 'C', 'D', 'E', 'F', 'G', 'H', 'J', 'K', 'L', 'M', '69'] as const;
export type GrRegionId = (typeof GR_REGION_IDS)[number];

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').trim().toLocaleLowerCase('el');

/** The region whose name (in any of the given languages' tables) is `name`, accents and case aside. */
export function regionIdFromName(name: string, tables: readonly Record<string, string>[]): GrRegionId | null {
  const wanted = fold(name);
  if (!wanted) return null;
  for (const id of GR_REGION_IDS) if (tables.some((t) => t[id] !== undefined && fold(t[id]!) === wanted)) return id;
  return null;
}
