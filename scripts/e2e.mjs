// `npm run test:e2e`: checks for Chromium with a helpful message, then runs Playwright, which
// builds nothing itself: it serves the existing build (npm test builds before the worker tests).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
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
if (!existsSync('build/server/index.js')) {
  const r = spawnSync('npx', ['remix', 'vite:build'], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
const r = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, CHROMIUM_PATH: chromium, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
});
process.exit(r.status ?? 1);
