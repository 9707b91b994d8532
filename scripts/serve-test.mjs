// Serves the built Worker on a throw-away D1 for the browser tests and benchmarks:
// fresh state directory, migrations, seed, then the deploy bundle on the given port through
// scripts/serve-built.mjs (Miniflare without wrangler dev's proxy, whose reused connections lost
// requests on a busy machine: decision 093). SERVE_WITH=wrangler serves through `wrangler dev` instead
// (to compare).
// Migrations and seed take a minute of a loaded machine (two Node processes, each starting workerd,
// and 2,000 portfolio names): their result is kept as a template under .wrangler/seeded/, named by a
// hash of everything that shapes it, and a later run within SEED_TEMPLATE_MINUTES (the seed's dates
// are relative to when it ran) copies it instead (decision 054). SEED_TEMPLATE_MINUTES=0 turns it off.
// Usage: node scripts/serve-test.mjs PORT [STATE_DIR] [APP_ENV]
//        node scripts/serve-test.mjs --prepare   (only makes the template, if none is fresh, and exits:
//        `npm test` runs it beside the worker tests, so the browser tests' server starts from a copy;
//        decision 066)
import { spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { cpSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { serveBuilt } from './serve-built.mjs';

const prepareOnly = process.argv[2] === '--prepare';
const port = prepareOnly ? '0' : (process.argv[2] ?? '8799');
const persistTo = process.argv[3] ?? `.wrangler/test-${port}`;
// Browser tests need development (the demo notification call); benchmarks measure production, which
// here is a demo: every port its sandbox, allowed by name, with a throw-away webhook secret (decision 021).
const appEnv = process.argv[4] ?? 'development';
// Development's own doors (/dev/mailbox, /api/dev/*) need DEV_API_TOKEN (decision 045): the one
// Playwright's config made for this run, or a fresh one (then nothing but this server knows it).
const devToken = process.env.DEV_API_TOKEN ?? randomBytes(24).toString('hex');
// Decision 091: production needs a SECRETS_KEY of its own (never development's). This local demo's
// state persists between runs, so its key is fixed too: a test key, sealing nothing real.
const DEMO_SECRETS_KEY = Buffer.from('serve-test-demo-key-not-secret!!').toString('base64');
const demoVars =
  appEnv === 'development'
    ? ['--var', `DEV_API_TOKEN:${devToken}`]
    : [`SANDBOX_PORTS:*`, `PUBLIC_ORIGIN:http://localhost:${port}`, 'ADMIN_HOSTS:admin.localhost,my.localhost', `PAYMENTS_WEBHOOK_SECRET:${randomBytes(32).toString('hex')}`, `SECRETS_KEY:${DEMO_SECRETS_KEY}`].flatMap((v) => ['--var', v]);
const env = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: 'false', WRANGLER_SEND_METRICS: 'false' };
const TEMPLATE_MINUTES = Number(process.env.SEED_TEMPLATE_MINUTES ?? 60);
const templateDir = join('.wrangler', 'seeded', seedInputsHash());
const started = Date.now();
if (prepareOnly) {
  if (!(TEMPLATE_MINUTES > 0)) {
    console.error('serve-test --prepare: SEED_TEMPLATE_MINUTES is 0, no template to make');
  } else if (seededTemplate()) {
    console.error('serve-test --prepare: the seeded template is fresh');
  } else {
    const scratch = join('.wrangler', `prepare-${process.pid}`);
    rmSync(scratch, { recursive: true, force: true });
    migrateAndSeed(scratch);
    keepTemplate(scratch);
    rmSync(scratch, { recursive: true, force: true });
    console.error(`serve-test --prepare: template made in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  process.exit(0);
}
rmSync(persistTo, { recursive: true, force: true });
const template = seededTemplate();
if (template) {
  cpSync(template, persistTo, { recursive: true, filter: (src) => src !== join(template, 'made') });
  console.error(`serve-test: database copied from the seeded template (${Date.now() - started} ms)`);
} else {
  migrateAndSeed(persistTo);
  console.error(`serve-test: migrations and seed applied in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  keepTemplate(persistTo);
}
if (process.env.SERVE_WITH === 'wrangler') {
  const child = spawn('npx', ['wrangler', 'dev', '--port', port, '--ip', '127.0.0.1', '--persist-to', persistTo, '--test-scheduled', '--var', `APP_ENV:${appEnv}`, ...demoVars, '--show-interactive-dev-session=false', '--log-level', 'warn', '--inspector-port', String(Number(port) + 10000)], {
    stdio: 'inherit',
    env,
  });
  for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
  child.on('exit', (code) => process.exit(code ?? 0));
} else {
  Object.assign(process.env, { CLOUDFLARE_CF_FETCH_ENABLED: 'false', WRANGLER_SEND_METRICS: 'false' });
  const vars = Object.fromEntries([`APP_ENV:${appEnv}`, ...demoVars.filter((v) => v !== '--var')].map((v) => [v.slice(0, v.indexOf(':')), v.slice(v.indexOf(':') + 1)]));
  const served = await serveBuilt({ port, persistTo, vars });
  console.error(`serve-test: serving on ${served.url} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => served.close().finally(() => process.exit(0)));
}

/** Applies the migrations and the seed to a fresh state directory. */
function migrateAndSeed(dir) {
  for (const args of [
    ['wrangler', 'd1', 'migrations', 'apply', 'DB', '--local', '--persist-to', dir],
    ['tsx', 'scripts/seed.ts', '--persist-to', dir],
  ]) {
    const r = spawnSync('npx', args, { stdio: ['ignore', 'ignore', 'inherit'], env });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
}

/** Every file whose change can change the seeded database: schema, migrations, seed, what they import. */
function seedInputsHash() {
  const hash = createHash('sha256');
  const walk = (path) => {
    const st = statSync(path, { throwIfNoEntry: false });
    if (!st) return;
    if (st.isDirectory()) {
      for (const name of readdirSync(path).sort()) walk(join(path, name));
    } else {
      hash.update(path).update('\0').update(readFileSync(path)).update('\0');
    }
  };
  // The seed makes the demo hosting through the sandbox panel and records it as fulfilment does.
  for (const path of ['migrations', 'db', 'core', 'scripts/seed.ts', 'worker/adapters/provisioner', 'worker/services/hosting', 'wrangler.toml', 'package-lock.json']) walk(path);
  return hash.digest('hex').slice(0, 16);
}


/** The template for this tree's seed inputs, when one was made recently enough. */
function seededTemplate() {
  if (!(TEMPLATE_MINUTES > 0)) return null;
  const st = statSync(join(templateDir, 'made'), { throwIfNoEntry: false });
  return st && Date.now() - st.mtimeMs < TEMPLATE_MINUTES * 60_000 ? templateDir : null;
}

/** Keeps a copy of the freshly seeded directory as the template (made aside, then renamed into place). */
function keepTemplate(dir) {
  if (!(TEMPLATE_MINUTES > 0)) return;
  try {
    const aside = `${templateDir}.${process.pid}`;
    rmSync(aside, { recursive: true, force: true });
    cpSync(dir, aside, { recursive: true });
    writeFileSync(join(aside, 'made'), new Date().toISOString());
    // One template at a time: the others were for other trees of seed inputs.
    for (const old of readdirSync(join(templateDir, '..'))) if (!join(templateDir, '..', old).startsWith(aside)) rmSync(join(templateDir, '..', old), { recursive: true, force: true });
    renameSync(aside, templateDir);
  } catch (e) {
    console.error(`serve-test: no seeded template kept (${e instanceof Error ? e.message : e})`);
  }
}
