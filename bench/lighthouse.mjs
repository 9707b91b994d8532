// Lighthouse in the bench (issue #11 §1, decision 029): Lighthouse's default mobile preset (Moto G
// Power viewport, simulated slow 4G and 4× CPU slowdown) in Debian Chromium, headless, with the flags
// the browser tests use; three runs per page, the median of each figure reported. Pages: home, the
// domain search results, a hosting page, and the cart and checkout of the demo customer with a ready
// cart (logged in through the real form; the session travels to Lighthouse as a Cookie header).
// Usable alone against a running server: `node bench/lighthouse.mjs http://127.0.0.1:8842`.
import { mkdirSync, writeFileSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
// Lighthouse's own dependency: the browser-wide cookie jar is set through it before every run.
import puppeteer from 'puppeteer-core';
import { call, csrfToken, login } from './client.mjs';

export const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
export const LIGHTHOUSE_TARGETS = { categoryMin: 98, searchTbtMs: 100 };
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
// As playwright.config.ts (without the networking flags Chromium keeps reaching hosts this sandbox
// cannot resolve), plus headless.
const FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

const median = (list) => {
  const s = [...list].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};


/** The demo customer, logged in, with a domain and a hosting plan in the cart and a receipt profile: checkout is ready. */
async function readyCustomer(base) {
  const jar = await login(base);
  const token = () => csrfToken(jar);
  const { text: cart } = await call(base, jar, '/cart');
  if (!cart.includes('data-testid="cart-line"')) {
    await call(base, jar, '/cart', { _token: token(), intent: 'add', type: 'domain', fqdn: 'kafeneio-lighthouse.gr', js: '1' });
    await call(base, jar, '/cart', { _token: token(), intent: 'add', type: 'product', sku: 'sha_lin_start', js: '1' });
    if (!(await call(base, jar, '/cart')).text.includes('data-testid="cart-line"')) throw new Error('lighthouse: the demo cart stayed empty');
  }
  const { text } = await call(base, jar, '/cart/checkout');
  if (!/name="profile_id"/.test(text)) {
    await call(base, jar, '/cart/checkout', { _token: token(), intent: 'create_profile', type: 'REC', name: 'Μαρία Παπαδοπούλου', address: 'Οδός 1', city: 'Αθήνα', postcode: '10431', country: 'GR' });
  }
  // The visitor has accepted cookies long ago: the notice is not what the cart and checkout are about.
  jar.cookies.set('cookiesAccepted', 'true');
  return [...jar.cookies].map(([name, value]) => ({ name, value }));
}

function summarize(lhr) {
  const a = lhr.audits;
  return {
    ...Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])),
    tbtMs: Math.round(a['total-blocking-time']?.numericValue ?? NaN),
    lcpMs: Math.round(a['largest-contentful-paint']?.numericValue ?? NaN),
    cls: Math.round((a['cumulative-layout-shift']?.numericValue ?? NaN) * 1000) / 1000,
    // Lighthouse's own measure of this machine's CPU at that moment (a quiet laptop: ~1500–2500). TBT
    // is simulated from the observed tasks × 4, so a busy machine (a low index) inflates it.
    benchmarkIndex: Math.round(lhr.environment?.benchmarkIndex ?? NaN),
    // What cost points, so a score below the budget says why without opening a report.
    failing: Object.values(lhr.categories)
      .flatMap((cat) => cat.auditRefs.filter((r) => r.weight > 0).map((r) => a[r.id]))
      .filter((audit) => audit && audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative')
      .map((audit) => audit.id),
  };
}

/** Runs every page LIGHTHOUSE_RUNS times in one headless Chromium and returns the medians per page. */
export async function measureLighthouse(base, chromePath) {
  const customer = await readyCustomer(base);
  const pages = [
    { name: 'home', path: '/' },
    { name: 'search', path: '/domains/search?q=kafeneio' },
    { name: 'hosting', path: '/hosting/wordpress' },
    { name: 'cart', path: '/cart', cookie: customer },
    { name: 'checkout', path: '/cart/checkout', cookie: customer },
  ];
  // BENCH_LIGHTHOUSE_PAGES=search,cart measures only those (while iterating on a page).
  const only = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',');
  if (only) pages.splice(0, pages.length, ...pages.filter((p) => only.includes(p.name)));
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: FLAGS, logLevel: 'silent' });
  const out = {};
  try {
    for (const page of pages) {
      const runs = [];
      let retries = 0;
      for (let i = 0; i < LIGHTHOUSE_RUNS; i++) {
        // Every run starts from the same browser state: a first visit, or the customer's cookies only.
        // (Lighthouse clears caches and storage but keeps cookies; a Cookie in extraHeaders loses to
        // whatever the jar collected in the run before, e.g. from the live socket, which gets no extra headers.)
        // (Connected only for that: a second client attached during the run can spoil its trace.)
        const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
        const cdp = await browser.target().createCDPSession();
        await cdp.send('Storage.clearCookies');
        if (page.cookie) await cdp.send('Storage.setCookies', { cookies: page.cookie.map((c) => ({ ...c, url: base })) });
        await browser.disconnect();
        const result = await lighthouse(base + page.path, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES });
        const lhr = result.lhr;
        // A trace Chromium failed to record (NO_NAVSTART and the like, rare on a busy machine): run again.
        if (lhr.runtimeError) {
          if (++retries > 3) throw new Error(`lighthouse ${page.path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
          i--;
          continue;
        }
        if (lhr.finalDisplayedUrl && new URL(lhr.finalDisplayedUrl).pathname !== new URL(base + page.path).pathname) {
          throw new Error(`lighthouse ${page.path} ended on ${lhr.finalDisplayedUrl} (not logged in?)`);
        }
        // BENCH_LIGHTHOUSE_REPORTS=dir keeps every report (open the JSON in the Lighthouse viewer).
        if (process.env.BENCH_LIGHTHOUSE_REPORTS) {
          mkdirSync(process.env.BENCH_LIGHTHOUSE_REPORTS, { recursive: true });
          writeFileSync(`${process.env.BENCH_LIGHTHOUSE_REPORTS}/${page.name}-${i + 1}.json`, result.report);
        }
        runs.push(summarize(lhr));
      }
      const m = Object.fromEntries(['performance', 'accessibility', 'best-practices', 'seo', 'tbtMs', 'lcpMs', 'cls', 'benchmarkIndex'].map((k) => [k, median(runs.map((r) => r[k]))]));
      out[page.name] = { path: page.path, ...m, runs: runs.map(({ failing, ...r }) => r), failing: [...new Set(runs.flatMap((r) => r.failing))] };
    }
  } finally {
    await chrome.kill();
  }
  return out;
}

export function lighthouseVerdict(pages) {
  return Object.fromEntries(
    Object.entries(pages).map(([name, p]) => {
      const categories = CATEGORIES.every((c) => p[c] >= LIGHTHOUSE_TARGETS.categoryMin);
      const tbt = name !== 'search' || p.tbtMs <= LIGHTHOUSE_TARGETS.searchTbtMs;
      return [name, categories && tbt ? 'met' : 'missed'];
    }),
  );
}

export function printLighthouse(pages, verdict) {
  console.log(`Lighthouse (mobile preset, median of ${LIGHTHOUSE_RUNS}; every category ≥ ${LIGHTHOUSE_TARGETS.categoryMin}, search TBT ≤ ${LIGHTHOUSE_TARGETS.searchTbtMs} ms):`);
  console.table(
    Object.fromEntries(
      Object.entries(pages).map(([name, p]) => [
        name,
        { perf: p.performance, a11y: p.accessibility, 'best pr.': p['best-practices'], seo: p.seo, 'TBT ms': p.tbtMs, 'LCP ms': p.lcpMs, CLS: p.cls, 'CPU index': p.benchmarkIndex, verdict: verdict[name], 'below 0.9': p.failing.join(' ') },
      ]),
    ),
  );
}

// Alone: node bench/lighthouse.mjs BASE_URL (a server already running).
if (import.meta.url === `file://${process.argv[1]}`) {
  const base = process.argv[2] ?? `http://127.0.0.1:${process.env.BENCH_PORT ?? 8797}`;
  const { findChromium } = await import('../scripts/find-chromium.mjs');
  const pages = await measureLighthouse(base, findChromium());
  printLighthouse(pages, lighthouseVerdict(pages));
  if (process.argv.includes('--json')) console.log(JSON.stringify(pages, null, 2));
}
