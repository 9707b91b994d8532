// Throughput under concurrent clients (issue #11 §2): 8 keep-alive clients, each sending its next
// request as soon as the previous answer has been read, for a fixed time on each path. The home page's
// requests/s is compared with /api/health's (one D1 query: the floor) in the same run; the paths take
// turns (health, home, health, home) so a noisy neighbour on the machine hits both alike.
import http from 'node:http';

const round = (n) => Math.round(n * 10) / 10;

function percentile(sorted, p) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN;
}

function get(agent, base, path, headers) {
  return new Promise((resolve, reject) => {
    const req = http.get(base + path, { agent, headers }, (res) => {
      res.on('data', () => {});
      res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`${path} answered ${res.statusCode}`))));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

async function burst(base, path, headers, { clients, seconds }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
  const times = [];
  const end = performance.now() + seconds * 1000;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < end) {
        const s = performance.now();
        await get(agent, base, path, headers);
        times.push(performance.now() - s);
      }
    }),
  );
  const elapsed = (performance.now() - t0) / 1000;
  agent.destroy();
  return { requests: times.length, seconds: elapsed, times };
}

export async function measureLoad(base, headers, { clients = 8, seconds = Number(process.env.BENCH_LOAD_SECONDS ?? 4), rounds = 2 } = {}) {
  const paths = { health: '/api/health', home: '/' };
  const acc = { health: { requests: 0, seconds: 0, times: [] }, home: { requests: 0, seconds: 0, times: [] } };
  // Warm-up: isolate, JIT, D1 pages, per-isolate caches.
  for (const path of Object.values(paths)) await burst(base, path, headers, { clients, seconds: 1 });
  for (let r = 0; r < rounds; r++) {
    for (const [name, path] of Object.entries(paths)) {
      const b = await burst(base, path, headers, { clients, seconds });
      acc[name].requests += b.requests;
      acc[name].seconds += b.seconds;
      acc[name].times.push(...b.times);
    }
  }
  const out = { clients, secondsPerPath: seconds * rounds };
  for (const [name, a] of Object.entries(acc)) {
    const sorted = a.times.sort((x, y) => x - y);
    out[name] = { requests: a.requests, rps: round(a.requests / a.seconds), p50Ms: round(percentile(sorted, 50)), p95Ms: round(percentile(sorted, 95)) };
  }
  out.homeToHealthRatio = Math.round((out.home.rps / out.health.rps) * 100) / 100;
  return out;
}
