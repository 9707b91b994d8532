// `npm start`: build, apply the local D1 migrations, seed the demo data, serve the real Worker in
// development (every port its sandbox; /dev/mailbox answers on localhost only, decision 021).
// Options: --port N (default 8787), --persist-to DIR (default .wrangler/state), --no-build.
import { spawn, spawnSync } from 'node:child_process';

const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
};
const port = opt('--port', process.env.PORT ?? '8787');
const persistTo = opt('--persist-to', '.wrangler/state');
const env = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: 'false', WRANGLER_SEND_METRICS: 'false' };
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

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
const child = spawn(
  npx,
  ['wrangler', 'dev', '--port', port, '--ip', '127.0.0.1', '--persist-to', persistTo, '--test-scheduled', '--var', 'APP_ENV:development', '--show-interactive-dev-session=false'],
  { stdio: 'inherit', env },
);
let announced = false;
const timer = setInterval(async () => {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    if (res.ok && !announced) {
      announced = true;
      clearInterval(timer);
      console.log(`\n✔ The storefront is ready: http://localhost:${port}\n`);
    }
  } catch {
    /* not up yet */
  }
}, 500);
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => {
  clearInterval(timer);
  process.exit(code ?? 0);
});
