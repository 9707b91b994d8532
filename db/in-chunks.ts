// D1 binds at most 100 parameters per statement (STACK.md): a statement over a list the customer
// chose (names ticked on a page, lines of a cart) must read the list in slices, or a long list is a
// 500. One place for that rule: every such read goes through `readInChunks`.

export const D1_MAX_PARAMS = 100;

export function chunks<T>(list: readonly T[], size: number): T[][] {
  if (!Number.isInteger(size) || size < 1) throw new Error(`chunk size ${size}`);
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/**
 * How many list items one statement can take: `perItem` parameters each (2 when the list is bound
 * twice, e.g. `ascii IN (…) OR fqdn IN (…)`), plus `fixed` others (the user id, a status …).
 */
export function chunkSize(perItem = 1, fixed = 10): number {
  return Math.max(1, Math.floor((D1_MAX_PARAMS - fixed) / perItem));
}

/** Runs `read` over slices of `list` (one statement each) and joins the rows; [] for an empty list. */
export async function readInChunks<T, R>(list: readonly T[], read: (part: T[]) => Promise<R[]>, options: { perItem?: number; fixed?: number } = {}): Promise<R[]> {
  const out: R[] = [];
  for (const part of chunks([...new Set(list)], chunkSize(options.perItem, options.fixed))) out.push(...(await read(part)));
  return out;
}
