// Both languages for the server; the browser loads only the page's language (app/entry.client.tsx).
import { bundle as el } from './el';
import { bundle as en } from './en';

export const resources = { el, en };
export type Resources = typeof el;
