// Favourite domains: customers' stars live in D1; a guest's live in the browser — localStorage with
// JavaScript, a cookie without (both are "browser storage", spec issue #4 §4).
export const GUEST_FAVOURITES_KEY = 'domain_favourites';
export const GUEST_FAVOURITES_COOKIE = 'fav_domains';
export const MAX_GUEST_FAVOURITES = 50;

export function parseFavouriteList(value: string | null | undefined): string[] {
  if (!value) return [];
  return value
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter((s) => /^[a-z0-9.-]{3,253}$/.test(s))
    .slice(0, MAX_GUEST_FAVOURITES);
}

export function toggleInList(list: readonly string[], ascii: string): string[] {
  return list.includes(ascii) ? list.filter((x) => x !== ascii) : [...list, ascii].slice(-MAX_GUEST_FAVOURITES);
}

export function readLocalFavourites(): string[] {
  try {
    const raw = window.localStorage.getItem(GUEST_FAVOURITES_KEY);
    return raw ? parseFavouriteList((JSON.parse(raw) as string[]).join(',')) : [];
  } catch {
    return [];
  }
}

export function writeLocalFavourites(list: readonly string[]): void {
  try {
    window.localStorage.setItem(GUEST_FAVOURITES_KEY, JSON.stringify(list));
  } catch {
    // Private mode or storage full: the star simply does not persist.
  }
}
