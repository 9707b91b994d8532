// `npm run test:e2e`: checks for Chromium with a helpful message, then runs Playwright, which
// builds nothing itself: it serves the existing build (npm test builds before the worker tests).
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { findChromium, INSTALL_HINT } from './find-chromium.mjs';

const chromium = findChromium();
if (!chromium) {
  console.error(INSTALL_HINT);
  process.exit(1);
}
// The quality layer's Nu HTML Checker (decision 026) runs on Java: say so before the run, not after it.
if (spawnSync('java', ['-version'], { stdio: 'ignore' }).error) {
  console.error(
    'No Java found: the quality layer\'s HTML check (the "quality" project) will fail.\n' +
      '  Debian/Ubuntu: sudo apt-get update && sudo apt-get install -y default-jre-headless (.ci/run does this)',
  );
}
// One build serves every browser project. `npm test` has just built: reuse it. Alone (the inner loop),
// build only when there is none or a source file is newer than it, so a stale build is never tested.
const stale = staleBecause();
if (stale) {
  console.error(`e2e: building first (${stale})`);
  const r = spawnSync('npx', ['remix', 'vite:build'], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
const r = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, CHROMIUM_PATH: chromium, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
});
process.exit(r.status ?? 1);

/** Why the build must be made again (none, or a newer source file), or null when it is fresh. */
function staleBecause() {
  const built = statSync('build/server/index.js', { throwIfNoEntry: false });
  if (!built) return 'no build yet';
  let newer = null;
  const walk = (path) => {
    if (newer) return;
    const st = statSync(path, { throwIfNoEntry: false });
    if (!st) return;
    if (st.isDirectory()) for (const name of readdirSync(path)) walk(join(path, name));
    // Tests beside the code are not in the build.
    else if (st.mtimeMs > built.mtimeMs && !/\.test\.tsx?$/.test(path)) newer = path;
  };
  for (const path of ['app', 'core', 'db', 'i18n', 'public', 'worker', 'party', 'vite.config.ts', 'package-lock.json']) walk(path);
  return newer ? `${newer} is newer than the build` : null;
}
