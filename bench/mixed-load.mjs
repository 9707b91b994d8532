// Mixed load (issue #21 §4): 16 keep-alive clients for 60 s over guest and logged-in pages, each
// sending its next request as soon as the last answer has been read, counting the answers by status.
// Half the clients are guests (home, a search, a product page, the cart, /account → the login page),
// half are logged in, four sessions each for two demo customers (the same pages plus /account and
// /account/domains, the portfolio's 2,000 names among them). Every client keeps its own cookies, as a
// browser does (CSRF, visitor id, session). The figure that matters: no 5xx; the first few 5xx are kept
// (path, status, the start of the body) to find their cause in the server's log.
import http from 'node:http';

const round = (n) => Math.round(n * 10) / 10;
const PASSWORD = 'Demo-Pelatis-2026';
// The two demo customers who may log in straight away (the others have a GDPR question to answer).
const CUSTOMERS = ['demo@example.gr', 'portfolio@example.gr'];
const GUEST_PATHS = ['/', '/domains/search?q=kafeneio', '/hosting/wordpress', '/cart', '/account'];
const CUSTOMER_PATHS = ['/', '/domains/search?q=kafeneio', '/hosting/wordpress', '/account', '/account/domains', '/cart'];

function percentile(sorted, p) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN;
}

/** One client: its own keep-alive socket, its own cookies (a browser's jar, kept by hand). */
class Client {
  cookies = new Map();
  constructor(base, ip) {
    this.base = base;
    this.ip = ip;
    this.agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  }
  request(path, form) {
    const body = form ? new URLSearchParams(form).toString() : null;
    const headers = { Cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '), 'CF-Connecting-IP': this.ip };
    if (body) Object.assign(headers, { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': Buffer.byteLength(body) });
    return new Promise((resolve, reject) => {
      const req = http.request(this.base + path, { method: body ? 'POST' : 'GET', agent: this.agent, headers }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          for (const line of res.headers['set-cookie'] ?? []) {
            const [pair] = line.split(';');
            const i = pair.indexOf('=');
            if (/max-age=0/i.test(line)) this.cookies.delete(pair.slice(0, i));
            else this.cookies.set(pair.slice(0, i), pair.slice(i + 1));
          }
          resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString('utf8') });
        });
        res.on('error', reject);
      });
      req.on('error', reject);
      if (body) req.write(body);
      req.end();
    });
  }
  async login(email) {
    await this.request('/auth/login');
    const token = decodeURIComponent(this.cookies.get('csrf_token') ?? '');
    const res = await this.request('/auth/login', { _token: token, email, password: PASSWORD, redirectTo: '/account' });
    if (res.status !== 303) throw new Error(`login of ${email} answered ${res.status}`);
  }
}

/**
 * `clients` (16) for `seconds` (BENCH_MIXED_SECONDS, 60): requests, requests/s, answers by status
 * (overall and per page), p50/p95 per page, and up to five samples of 5xx answers.
 */
export async function measureMixedLoad(base, { clients = 16, seconds = Number(process.env.BENCH_MIXED_SECONDS ?? 60) } = {}) {
  const all = Array.from({ length: clients }, (_, i) => ({ client: new Client(base, `198.51.100.${10 + i}`), guest: i % 2 === 0, index: i }));
  // Logins one after another (each is one argon2 verification); the throttle counts per address and IP.
  for (const c of all.filter((c) => !c.guest)) await c.client.login(CUSTOMERS[Math.floor(c.index / 2) % CUSTOMERS.length]);
  const byStatus = {};
  const perPath = {};
  const serverErrors = [];
  let transportErrors = 0;
  const end = performance.now() + seconds * 1000;
  const t0 = performance.now();
  await Promise.all(
    all.map(async ({ client, guest, index }) => {
      const paths = guest ? GUEST_PATHS : CUSTOMER_PATHS;
      // Each client starts at a different page, so the pages are hit together, not in lockstep.
      for (let n = index; performance.now() < end; n++) {
        const path = paths[n % paths.length];
        const key = `${guest ? 'guest' : 'customer'} ${path}`;
        const s = performance.now();
        let status;
        try {
          const res = await client.request(path);
          status = res.status;
          if (status >= 500 && serverErrors.length < 5) serverErrors.push({ path, guest, status, at: new Date().toISOString(), body: res.text.replace(/\s+/g, ' ').slice(0, 200) });
        } catch (err) {
          transportErrors++;
          status = 'transport';
          if (serverErrors.length < 5) serverErrors.push({ path, guest, status, at: new Date().toISOString(), body: String(err) });
        }
        const p = (perPath[key] ??= { times: [], byStatus: {} });
        p.times.push(performance.now() - s);
        p.byStatus[status] = (p.byStatus[status] ?? 0) + 1;
        byStatus[status] = (byStatus[status] ?? 0) + 1;
      }
    }),
  );
  const elapsed = (performance.now() - t0) / 1000;
  for (const c of all) c.client.agent.destroy();
  const requests = Object.values(byStatus).reduce((a, b) => a + b, 0);
  const serverErrorCount = Object.entries(byStatus).reduce((a, [s, n]) => a + (Number(s) >= 500 ? n : 0), 0);
  const pages = Object.fromEntries(
    Object.entries(perPath).map(([k, p]) => {
      const sorted = p.times.sort((a, b) => a - b);
      return [k, { requests: sorted.length, p50Ms: round(percentile(sorted, 50)), p95Ms: round(percentile(sorted, 95)), byStatus: p.byStatus }];
    }),
  );
  return { clients, guests: all.filter((c) => c.guest).length, seconds: round(elapsed), requests, rps: round(requests / elapsed), byStatus, serverErrors: serverErrorCount, transportErrors, pages, samples: serverErrors };
}

// Alone, against a server already running: node bench/mixed-load.mjs http://127.0.0.1:PORT [seconds]
if (import.meta.url === `file://${process.argv[1]}`) {
  const base = process.argv[2] ?? 'http://127.0.0.1:8797';
  const result = await measureMixedLoad(base, { seconds: Number(process.argv[3] ?? process.env.BENCH_MIXED_SECONDS ?? 60) });
  console.log(JSON.stringify(result, null, 2));
  process.exit(result.serverErrors > 0 || result.transportErrors > 0 ? 1 : 0);
}
