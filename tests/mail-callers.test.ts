// Every message goes through the mail queue (issue #33 §2, decision 099): rendered from a template,
// kept in mail_messages, retried, visible to staff. So the mail port itself is called by the queue
// alone; a service that reaches for `adapters.mail` again would send a message nobody can see or retry.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '..');
const QUEUE = 'worker/services/mail/queue.ts';

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** `adapters.mail` (across lines too), `adapters['mail']`, or `{ mail } = adapters`. */
const PORT_USE = [/adapters\s*\.\s*mail\b/, /adapters\s*\[\s*['"`]mail['"`]\s*\]/, /\{[^}]*\bmail\b[^}]*\}\s*=\s*(?:\w+\.)?adapters\b/];

function portCallers(files: { path: string; text: string }[]): string[] {
  return files.filter((f) => f.path !== QUEUE && PORT_USE.some((re) => re.test(f.text))).map((f) => f.path);
}

describe('the mail port', () => {
  it('is called by the mail queue only', () => {
    const files = [...sources(join(ROOT, 'worker')), ...sources(join(ROOT, 'app'))].map((path) => ({ path: relative(ROOT, path), text: readFileSync(path, 'utf8') }));
    expect(portCallers(files)).toEqual([]);
    // The queue itself is found by the same patterns: they would see a caller.
    expect(PORT_USE.some((re) => re.test(files.find((f) => f.path === QUEUE)!.text))).toBe(true);
  });

  it('sees the ways a caller could reach it', () => {
    const found = portCallers([
      { path: 'a.ts', text: 'await deps.adapters.mail\n  .send({ to })' },
      { path: 'b.ts', text: "const port = adapters['mail'];" },
      { path: 'c.ts', text: 'const { db, mail } = deps.adapters;' },
      { path: 'd.ts', text: 'await services.mail.send({ template })' },
    ]);
    expect(found).toEqual(['a.ts', 'b.ts', 'c.ts']);
  });
});
