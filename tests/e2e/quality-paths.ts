// Where the quality layer (decision 026) writes: under Playwright's output folder, which is not
// committed (.gitignore) and is emptied at the start of every run.
import { join } from 'node:path';

const OUT = 'test-results';
/** The served HTML of each page, <page>.html, for the Nu HTML Checker. */
export const HTML_DIR = join(OUT, 'quality', 'html');
/** Each visiting group's findings (axe, sideways scroll, HTTP status) as JSON. */
export const FINDINGS_DIR = join(OUT, 'quality', 'findings');
/** Screenshots: <page>-1366.png and <page>-390.png. */
export const SCREENS = join(OUT, 'screens');

export type Finding = { page: string; lines: string[] };
