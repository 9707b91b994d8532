import { defineConfig, devices } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { findChromium, INSTALL_HINT } from './scripts/find-chromium.mjs';

// E2E_PORT lets two checkouts run their browser tests side by side.
const PORT = Number(process.env.E2E_PORT ?? 8799);
// The development-only doors (/dev/mailbox, /api/dev/*) open only with DEV_API_TOKEN (decision 045).
// One token per run, made here in the runner before the test workers and the server start, so both
// inherit it: scripts/serve-test.mjs passes it to wrangler, every request of the tests carries it.
const DEV_TOKEN = (process.env.DEV_API_TOKEN ??= randomBytes(24).toString('hex'));
const executablePath: string = findChromium() ?? '';
if (!executablePath) throw new Error(INSTALL_HINT);
// Flags measured on these machines (STACK.md): without the networking ones Chromium keeps trying
// to reach hosts this sandbox cannot resolve.
const args = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

const desktop = { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 900 }, launchOptions: { executablePath, args } };

/** The spec that hands the demo's seeded names to another account and back. */
const HANDOVER = /portal-transfers\.spec\.ts/;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  // Two on this 2-core machine; E2E_WORKERS to try others (decision 054).
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  // The JSON report keeps each test's time for profiling the phase (`node scripts/e2e-times.mjs`).
  reporter: [['list'], ['json', { outputFile: 'node_modules/.cache/e2e-report.json' }]],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  // A failed test keeps its trace: actions, DOM snapshots, network, console. Without the screencast:
  // recording its frames for every test, passed or not, cost Chromium ~20 % more CPU, and the browser
  // phase is bound by Chromium's CPU (decision 066). `--trace on` brings everything back for a rerun.
  use: {
    baseURL: `http://localhost:${PORT}`,
    locale: 'el-GR',
    timezoneId: 'Europe/Athens',
    // Under CI a failed test runs once more and that retry records the whole trace: recording DOM
    // snapshots at every action of every test cost ~20 % of the browser phase's time (54 s against 66 s
    // for the same four specs). Locally (no retry) a failure keeps its trace of actions, network,
    // console and sources, and error-context.md the page at the failure; the DOM snapshot at every
    // action (~9 % of the phase's CPU, decision 095) with E2E_TRACE_SNAPSHOTS=1 or `--trace on`.
    trace: process.env.CI ? 'on-first-retry' : { mode: 'retain-on-failure', screenshots: false, snapshots: process.env.E2E_TRACE_SNAPSHOTS === '1', sources: true },
    extraHTTPHeaders: { 'X-Dev-Token': DEV_TOKEN },
  },
  projects: [
    // The quality layer (decision 026), once, with JavaScript: the pages are visited in parallel
    // groups, then one test checks all the served HTML in a single Nu HTML Checker run and reports.
    // Listed first: its visits are the longest tests, and started first they do not trail the run.
    { name: 'quality-visit', use: { ...desktop, javaScriptEnabled: true }, testMatch: /quality-visit\.spec\.ts/ },
    { name: 'quality', use: desktop, testMatch: /quality-report\.spec\.ts/, dependencies: ['quality-visit'] },
    { name: 'js', use: { ...desktop, javaScriptEnabled: true }, testIgnore: [/quality-/, HANDOVER] },
    { name: 'no-js', use: { ...desktop, javaScriptEnabled: false }, testIgnore: [/quality-/, HANDOVER] },
    // A handover takes a seeded name away from the demo account for a while (offer, register, accept
    // with one's own contact, hand back): run it after every test and page visit that reads those names.
    // Not after the quality report, which only reads the saved HTML: the two overlap (decision 054).
    { name: 'js-handover', use: { ...desktop, javaScriptEnabled: true }, testMatch: HANDOVER, dependencies: ['js', 'no-js', 'quality-visit'] },
    { name: 'no-js-handover', use: { ...desktop, javaScriptEnabled: false }, testMatch: HANDOVER, dependencies: ['js', 'no-js', 'quality-visit'] },
  ],
  webServer: {
    command: `node scripts/serve-test.mjs ${PORT}`,
    url: `http://localhost:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
