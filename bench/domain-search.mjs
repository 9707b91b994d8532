// Domain search through the sandbox registries (issue #4 §6): a keyword across every TLD via the
// NDJSON API, timing the first family's answer and the last one, and counting registry calls. Each run
// uses a new keyword, so nothing is answered from domainSearchCache (the cold path a visitor meets);
// one cached repeat is timed separately.
const RUNS = Number(process.env.BENCH_SEARCHES ?? 60);

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function searchOnce(base, q) {
  const t0 = performance.now();
  const res = await fetch(`${base}/api/domains/search?q=${encodeURIComponent(q)}`);
  if (!res.ok || !res.body) throw new Error(`search answered ${res.status}`);
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let first = null;
  let names = 0;
  let calls = null;
  let families = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let nl;
    while ((nl = buffer.indexOf('\n')) >= 0) {
      const line = JSON.parse(buffer.slice(0, nl));
      buffer = buffer.slice(nl + 1);
      if (line.family) {
        families += 1;
        names += line.results.length;
        first ??= performance.now() - t0;
      }
      if (line.done) calls = line.registryCalls;
    }
  }
  return { firstMs: first, allMs: performance.now() - t0, names, calls, families };
}

export async function measureDomainSearch(base) {
  for (let i = 0; i < 5; i++) await searchOnce(base, `warm${i}${Date.now().toString(36)}`);
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await searchOnce(base, `bench${i}${Date.now().toString(36)}`));
  const first = runs.map((r) => r.firstMs).sort((a, b) => a - b);
  const all = runs.map((r) => r.allMs).sort((a, b) => a - b);
  const keyword = `cached${Date.now().toString(36)}`;
  await searchOnce(base, keyword);
  const cached = await searchOnce(base, keyword);
  const round = (n) => Math.round(n * 10) / 10;
  return {
    searches: RUNS,
    namesPerSearch: runs[0].names,
    familiesPerSearch: runs[0].families,
    registryCallsPerSearch: Math.max(...runs.map((r) => r.calls)),
    firstResultMs: { p50: round(percentile(first, 50)), p95: round(percentile(first, 95)) },
    allResultsMs: { p50: round(percentile(all, 50)), p95: round(percentile(all, 95)) },
    cachedRepeat: { allMs: round(cached.allMs), registryCalls: cached.calls },
  };
}
