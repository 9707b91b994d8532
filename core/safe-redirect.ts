// Where a form may send the browser afterwards: only a path on our own origin. Resolved the way a
// browser resolves it (tabs and newlines dropped, '\' read as '/'), so '/\t/evil.example' cannot turn
// into the protocol-relative '//evil.example'.
const BASE = 'https://same.invalid';

export function safeRedirectPath(value: unknown, fallback = '/'): string {
  if (typeof value !== 'string' || !value.startsWith('/')) return fallback;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  return url.pathname + url.search + url.hash;
}
