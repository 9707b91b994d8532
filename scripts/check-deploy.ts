// `npm run check:deploy`: before `wrangler deploy`, checks that the settings the Worker will get are
// complete, with the very schema the Worker parses them with (core/config.ts, decision 021). It reads,
// each overriding the one before: wrangler.toml [vars], a .dev.vars-style file (--file, default
// ./.dev.vars when present), then the process environment (only the setting names the schema knows).
// Exit code 1 and the list of what is missing or malformed when the Worker would answer 503.
// Options: --file PATH, --no-file (environment only), --development (accept APP_ENV=development).
import { existsSync, readFileSync } from 'node:fs';
import { parseConfig, PORT_NAMES, SETTINGS } from '../core/config';

const args = process.argv.slice(2);
const fileArg = args.includes('--file') ? args[args.indexOf('--file') + 1] : undefined;
const file = args.includes('--no-file') ? undefined : (fileArg ?? (existsSync('.dev.vars') ? '.dev.vars' : undefined));

/** KEY=value lines (dotenv, as wrangler reads .dev.vars): comments, blank lines and quotes allowed. */
function readVarsFile(path: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of readFileSync(path, 'utf8').split(/\r?\n/)) {
    const m = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (!m || line.trim().startsWith('#')) continue;
    const raw = m[2]!;
    out[m[1]!] = /^(['"]).*\1$/.test(raw) ? raw.slice(1, -1) : raw.replace(/\s+#.*$/, '');
  }
  return out;
}

/** The [vars] table of wrangler.toml (plain `KEY = "value"` lines; that is all we put there). */
function readWranglerVars(path: string): Record<string, string> {
  if (!existsSync(path)) return {};
  const out: Record<string, string> = {};
  let inVars = false;
  for (const line of readFileSync(path, 'utf8').split(/\r?\n/)) {
    const section = /^\s*\[([^\]]+)\]\s*$/.exec(line);
    if (section) {
      inVars = section[1]!.trim() === 'vars';
      continue;
    }
    const m = inVars ? /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=\s*"([^"]*)"/.exec(line) : null;
    if (m) out[m[1]!] = m[2]!;
  }
  return out;
}

const known = new Set([...Object.keys(SETTINGS)]);
const fromEnv = Object.fromEntries(Object.entries(process.env).filter(([k, v]) => known.has(k) && v !== undefined)) as Record<string, string>;
const settings = { ...readWranglerVars('wrangler.toml'), ...(file ? readVarsFile(file) : {}), ...fromEnv };
const sources = ['wrangler.toml [vars]', file, Object.keys(fromEnv).length ? 'environment' : undefined].filter(Boolean).join(' + ');

const result = parseConfig(settings);
if (!result.ok) {
  console.error(`✖ The Worker would answer 503 (APP_ENV=${result.environment}; read ${sources}):`);
  for (const p of result.problems) console.error(`  - ${p.setting}: ${p.kind === 'missing' ? 'missing' : 'invalid'}, ${p.reason}`);
  console.error('\nSee README "Settings and secrets". A public demo may allow sandboxes with SANDBOX_PORTS (e.g. SANDBOX_PORTS="*").');
  process.exit(1);
}
const { config } = result;
if (config.environment === 'development' && !args.includes('--development')) {
  console.error(`✖ APP_ENV=development (read ${sources}): a deployment must run as production (the development-only pages and the sandbox defaults). Pass --development to check a development setup.`);
  process.exit(1);
}
console.log(`✔ Complete for APP_ENV=${config.environment} (read ${sources}).`);
console.log(`  real ports: ${PORT_NAMES.filter((p) => !config.sandboxes.includes(p)).join(', ') || 'none'}`);
console.log(`  sandboxes:  ${config.sandboxes.join(', ') || 'none'}${config.demo ? '  → a demo: every page shows the demo ribbon' : ''}`);
console.log(`  admin hosts: ${config.adminHosts.join(', ')}`);
