// A fix for @cloudflare/vitest-pool-workers 0.15 that its upstream already has (workers-sdk issue
// #15092, pull request #15106, in a release that needs a newer wrangler than STACK.md's pin): the
// wrapper of each Durable Object class wraps its prototype in a new Proxy at EVERY construction, so
// with all worker test files in one runtime (decision 055) each later property read of a Durable
// Object walks through thousands of nested proxies: the run slows down file after file, then throws
// "RangeError: Maximum call stack size exceeded". The fix installs the proxy once per class.
// Applied by vitest.worker.config.ts before the pool starts; idempotent, and a no-op (with a line
// saying so) once the installed version no longer has the old code. Remove it with the upgrade.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const BUGGY = '\t\tClass.prototype = new Proxy(Class.prototype, { get(target, key, receiver) {';
const FIXED = '\t\tif (!Class.__proxied) Class.__proxied = true, Class.prototype = new Proxy(Class.prototype, { get(target, key, receiver) {';

export function applyPoolWorkersProxyFix() {
  // The package exports no package.json: find its folder from its entry.
  const entry = fileURLToPath(import.meta.resolve('@cloudflare/vitest-pool-workers'));
  const pkg = entry.slice(0, entry.lastIndexOf(`${path.sep}dist${path.sep}`));
  const file = path.join(pkg, 'dist/worker/lib/cloudflare/test-internal.mjs');
  const text = readFileSync(file, 'utf8');
  if (text.includes(FIXED)) return 'already applied';
  if (!text.includes(BUGGY)) {
    console.warn('pool-workers-proxy-fix: the installed pool no longer has the re-wrapping code; remove scripts/pool-workers-proxy-fix.mjs');
    return 'not needed';
  }
  writeFileSync(file, text.replace(BUGGY, FIXED));
  return 'applied';
}
