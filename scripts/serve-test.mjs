// Serves the built Worker on a throw-away D1 for the browser tests and benchmarks:
// fresh state directory, migrations, seed, then `wrangler dev` on the given port.
// Usage: node scripts/serve-test.mjs PORT [STATE_DIR] [APP_ENV]
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';

const port = process.argv[2] ?? '8799';
const persistTo = process.argv[3] ?? `.wrangler/test-${port}`;
// Browser tests need development (the demo notification call); benchmarks measure production, which
// here is a demo: every port its sandbox, allowed by name, with a throw-away webhook secret (decision 021).
const appEnv = process.argv[4] ?? 'development';
// Development's own doors (/dev/mailbox, /api/dev/*) need DEV_API_TOKEN (decision 045): the one
// Playwright's config made for this run, or a fresh one (then nothing but this server knows it).
const devToken = process.env.DEV_API_TOKEN ?? randomBytes(24).toString('hex');
const demoVars =
  appEnv === 'development'
    ? ['--var', `DEV_API_TOKEN:${devToken}`]
    : [`SANDBOX_PORTS:*`, `PUBLIC_ORIGIN:http://localhost:${port}`, 'ADMIN_HOSTS:admin.localhost,my.localhost', `PAYMENTS_WEBHOOK_SECRET:${randomBytes(32).toString('hex')}`].flatMap((v) => ['--var', v]);
rmSync(persistTo, { recursive: true, force: true });
const env = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: 'false', WRANGLER_SEND_METRICS: 'false' };
for (const args of [
  ['wrangler', 'd1', 'migrations', 'apply', 'DB', '--local', '--persist-to', persistTo],
  ['tsx', 'scripts/seed.ts', '--persist-to', persistTo],
]) {
  const r = spawnSync('npx', args, { stdio: ['ignore', 'ignore', 'inherit'], env });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
const child = spawn('npx', ['wrangler', 'dev', '--port', port, '--ip', '127.0.0.1', '--persist-to', persistTo, '--test-scheduled', '--var', `APP_ENV:${appEnv}`, ...demoVars, '--show-interactive-dev-session=false', '--log-level', 'warn', '--inspector-port', String(Number(port) + 10000)], {
  stdio: 'inherit',
  env,
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
