// `npm start`: build, apply the local D1 migrations, seed the demo data, serve the real Worker in
// development (every port its sandbox, decision 021) through scripts/serve-built.mjs: the deploy
// bundle on Miniflare, without wrangler dev's proxy, which lost form posts on a busy machine
// (decision 093). The development-only pages and calls need DEV_API_TOKEN (decision 045): made once
// into .dev.vars (which the server reads, as wrangler dev does, and git ignores), and the mailbox link
// printed with it. The server does not watch the sources: stop it and run `npm start` again.
// Options: --port N (default 8787), --persist-to DIR (default .wrangler/state), --no-build.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { serveBuilt } from './serve-built.mjs';

const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
};
const port = opt('--port', process.env.PORT ?? '8787');
const persistTo = opt('--persist-to', '.wrangler/state');
const env = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: 'false', WRANGLER_SEND_METRICS: 'false' };
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

/** DEV_API_TOKEN from .dev.vars, written there first when it has none. */
function devToken() {
  const file = '.dev.vars';
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const line = /^\s*DEV_API_TOKEN\s*=\s*"?([^"\r\n]+)"?\s*$/m.exec(text);
  if (line) return line[1].trim();
  const token = randomBytes(24).toString('hex');
  appendFileSync(file, `${text && !text.endsWith('\n') ? '\n' : ''}# Opens /dev/mailbox and /api/dev/* (header X-Dev-Token, or the link npm start prints).\nDEV_API_TOKEN=${token}\n`);
  console.log(`\n▶ wrote a new DEV_API_TOKEN to ${file}`);
  return token;
}
const token = devToken();

function run(label, cmd, cmdArgs) {
  console.log(`\n▶ ${label}`);
  const r = spawnSync(cmd, cmdArgs, { stdio: 'inherit', env });
  if (r.status !== 0) {
    console.error(`✖ ${label} failed (exit ${r.status})`);
    process.exit(r.status ?? 1);
  }
}

if (!args.includes('--no-build')) run('build', npx, ['remix', 'vite:build']);
run('migrations', npx, ['wrangler', 'd1', 'migrations', 'apply', 'DB', '--local', '--persist-to', persistTo]);
run('seed', npx, ['tsx', 'scripts/seed.ts', '--persist-to', persistTo]);

console.log(`\n▶ serving on http://localhost:${port}\n`);
Object.assign(process.env, env);
const served = await serveBuilt({ port, persistTo, vars: { APP_ENV: 'development' }, log: (line) => console.log(line), logLevel: 'INFO' });
console.log(`\n✔ The storefront is ready: http://localhost:${port}`);
// The link sets an HttpOnly cookie and drops the token from the address: open it once per browser.
console.log(`  Development mailbox (e-mails and SMS the sandboxes sent): http://localhost:${port}/dev/mailbox?token=${token}`);
console.log(`  Development calls (/api/dev/*) take the header X-Dev-Token: ${token}\n`);
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => served.close().finally(() => process.exit(0)));
