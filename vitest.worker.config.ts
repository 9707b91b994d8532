import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-pool-workers';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';
import { applyPoolWorkersProxyFix } from './scripts/pool-workers-proxy-fix.mjs';

// One runtime for all files needs the pool's Durable Object wrapper fixed first (see that file).
applyPoolWorkersProxyFix();

// Worker tests run inside workerd with the real bindings of wrangler.toml (STACK.md). The Remix
// server build must exist (npm test builds first) because the worker entry imports it.
export default defineConfig({
  plugins: [
    cloudflareTest(async () => ({
      wrangler: { configPath: './wrangler.toml' },
      miniflare: {
        // The development-only doors need DEV_API_TOKEN (decision 045): a fresh one per run, which
        // tests/worker/helpers.ts sends on every call to them.
        bindings: { APP_ENV: 'development', DEV_API_TOKEN: randomBytes(24).toString('hex'), TEST_MIGRATIONS: await readD1Migrations(path.join(__dirname, 'migrations')) },
      },
    })),
  ],
  resolve: {
    alias: { 'virtual:remix-build': path.resolve(__dirname, 'build/server/index.js') },
  },
  test: {
    name: 'worker',
    // One runtime for every file (decision 055): a fresh runtime per file spent ~3 s of every file
    // starting workerd and loading the Worker with the 3.5 MB Remix build. setup.ts gives each file
    // fresh storage instead. WORKER_TESTS_ISOLATE=1 brings back a runtime per file (to tell whether a
    // failure depends on the file before it).
    isolate: process.env.WORKER_TESTS_ISOLATE === '1',
    // Two runtimes side by side (decision 077): with one, the phase left a core idle (vmstat: ~47 %
    // idle for its 160 s); with two it takes ~117 s, the timing tests (login-timing, speed,
    // limits-parallel) still green. WORKER_TESTS_WORKERS=1 goes back to one.
    maxWorkers: Number(process.env.WORKER_TESTS_WORKERS ?? 2),
    // A test that times out keeps running in the shared runtime while the next ones start: on a busy
    // machine a 5 s limit turned one slow test into failures in the files after it.
    testTimeout: 30_000,
    include: ['worker/**/*.test.ts', 'party/**/*.test.ts', 'tests/worker/**/*.test.ts'],
    // The adapters' tests are pure (injected fetch and sockets) and run in the unit phase, in Node
    // (vitest.unit.config.ts): running them here too ran 25 files twice (decision 055).
    exclude: [...configDefaults.exclude, 'worker/adapters/**'],
    setupFiles: ['./tests/worker/setup.ts'],
    deps: {
      optimizer: {
        // Pre-bundled, a package is one module for the runner instead of hundreds (drizzle-orm, zod,
        // pdf-lib, hono: ~400 of the ~700 modules a file loaded).
        ssr: {
          enabled: true,
          include: [
            '@remix-run/cloudflare', '@remix-run/server-runtime', '@remix-run/react', 'react', 'react-dom', 'react-dom/server', 'react/jsx-runtime',
            'drizzle-orm', 'drizzle-orm/sqlite-core', 'drizzle-orm/d1', 'drizzle-orm/batch', 'zod', 'hono', 'hono/factory', 'hono/utils/http-status',
            'pdf-lib', '@pdf-lib/fontkit', 'i18next', 'uqr',
          ],
        },
      },
    },
  },
});
