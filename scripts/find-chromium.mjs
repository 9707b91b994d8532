// Finds the browser for Playwright: an environment variable first (machines where it lives
// elsewhere), then Debian's /usr/bin/chromium. Playwright's own browser download is not used.
import { existsSync } from 'node:fs';

export const CHROMIUM_ENV_VARS = ['CHROMIUM_PATH', 'PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH', 'CHROME_PATH'];
const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

export function findChromium() {
  for (const name of CHROMIUM_ENV_VARS) {
    const value = process.env[name];
    if (value) {
      if (!existsSync(value)) throw new Error(`${name} points to ${value}, which does not exist.`);
      return value;
    }
  }
  return CANDIDATES.find((p) => existsSync(p)) ?? null;
}

export const INSTALL_HINT =
  'No Chromium found for the browser tests.\n' +
  '  Debian/Ubuntu: sudo apt-get update && sudo apt-get install -y chromium\n' +
  `  Elsewhere: set ${CHROMIUM_ENV_VARS[0]}=/path/to/chromium (or chrome) and run npm test again.`;
