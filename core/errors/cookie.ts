// The 'errorCode' cookie of spec §8, by which the backend tells the next page what happened.

export type ErrorCodeCookie = { type: 'alert' | 'warning' | 'success'; message: string };

// Separators the backend puts between a message and its marker, e.g. 'account_suspended:false'.
const MARKER_EDGES = /^[\s:|,;]+|[\s:|,;]+$/g;

/**
 * Spec §8 'errorCode' cookie: 'false' marks a failure and 'true' a success, each stripped from the
 * message; anything else is a warning. The caller decodes the cookie and removes it after reading.
 */
export function readErrorCodeCookie(value: string): ErrorCodeCookie | null {
  if (value.trim() === '') return null;
  if (value.includes('false')) return { type: 'alert', message: stripMarker(value, 'false') };
  if (value.includes('true')) return { type: 'success', message: stripMarker(value, 'true') };
  return { type: 'warning', message: value.trim() };
}

function stripMarker(value: string, marker: string): string {
  return value.split(marker).join('').replace(MARKER_EDGES, '');
}
