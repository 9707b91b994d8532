// Where the home page's JavaScript goes: gzipped bytes per package (node_modules) and per app folder,
// for exactly the chunks the home page loads. The build writes each client chunk's modules with their
// gzipped sizes when BUNDLE_STATS names a file (vite.config.ts, rollup-plugin-visualizer raw data).
// Which chunks: the list Chromium recorded (bench/run.mjs passes it), else the Remix manifest's entry,
// root and home route with their imports (the modulepreload links of `/`).
// Run alone after a build with stats: `BUNDLE_STATS=bench/.bundle-stats.json npx remix vite:build &&
// node bench/bundle.mjs` (prints the breakdown).
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

export const STATS_FILE = 'bench/.bundle-stats.json';

// The chunks `/` preloads, by the Remix manifest (window.__remixManifest = {...}).
export function homeChunksFromManifest(dir = 'build/client/assets') {
  const file = readdirSync(dir).find((f) => /^manifest-.*\.js$/.test(f));
  if (!file) throw new Error('no Remix manifest in build/client/assets: build first');
  const manifest = JSON.parse(readFileSync(`${dir}/${file}`, 'utf8').replace(/^window\.__remixManifest=/, '').replace(/;\s*$/, ''));
  const chunks = new Set();
  for (const part of [manifest.entry, manifest.routes.root, manifest.routes['routes/_index']]) {
    chunks.add(part.module);
    for (const i of part.imports ?? []) chunks.add(i);
  }
  return [...chunks].map((c) => c.replace(/^\//, ''));
}

// A module id → the package it comes from ('react-dom', '@remix-run/router') or the app folder.
function ownerOf(id) {
  const clean = id.replace(/^\0/, '').replace(/\?.*$/, '');
  const nm = clean.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const parts = clean.slice(nm + 'node_modules/'.length).split('/');
    return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  const rel = clean.replace(/^.*?\/(app|core|i18n|worker|db)\//, '$1/');
  const segments = rel.split('/');
  // app/components/cart/x.tsx → app/components/cart; app/root.tsx → app/root.tsx
  return segments.length > 2 ? segments.slice(0, segments.length - 1).join('/') : rel;
}

const kb = (bytes) => Math.round(bytes / 102.4) / 10;

// chunks: file names relative to build/client ('assets/root-xyz.js'). Module gzip sizes are each
// module's code compressed alone, so they add up to a little more than the chunk compressed whole.
export function analyzeBundle(chunks, statsFile = STATS_FILE) {
  if (!existsSync(statsFile)) return null;
  const stats = JSON.parse(readFileSync(statsFile, 'utf8'));
  const wanted = new Set(chunks.map((c) => c.replace(/^\//, '')));
  const byOwner = new Map();
  const byModule = [];
  for (const meta of Object.values(stats.nodeMetas)) {
    for (const [chunk, partUid] of Object.entries(meta.moduleParts)) {
      if (!wanted.has(chunk)) continue;
      const part = stats.nodeParts[partUid];
      if (!part || part.gzipLength === 0) continue;
      const owner = ownerOf(meta.id);
      byOwner.set(owner, (byOwner.get(owner) ?? 0) + part.gzipLength);
      byModule.push({ module: meta.id.replace(/^.*node_modules\//, '').replace(/^\/?(.*?)(\?.*)?$/, '$1'), chunk, gzipKb: kb(part.gzipLength) });
    }
  }
  const total = [...byOwner.values()].reduce((a, b) => a + b, 0);
  const owners = [...byOwner].sort((a, b) => b[1] - a[1]).map(([owner, bytes]) => ({ owner, gzipKb: kb(bytes) }));
  byModule.sort((a, b) => b.gzipKb - a.gzipKb);
  return { chunks: wanted.size, modulesGzipKbSum: kb(total), byPackage: owners, largestModules: byModule.slice(0, 25) };
}

export function printBundle(analysis) {
  if (!analysis) {
    console.log(`bundle analysis: no ${STATS_FILE} (build with BUNDLE_STATS=${STATS_FILE})`);
    return;
  }
  console.log(`Home JavaScript by package/folder (${analysis.chunks} chunks, modules gzipped one by one: ${analysis.modulesGzipKbSum} KB):`);
  console.table(Object.fromEntries(analysis.byPackage.filter((o) => o.gzipKb >= 0.5).map((o) => [o.owner, { 'gzip KB': o.gzipKb }])));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const analysis = analyzeBundle(homeChunksFromManifest());
  printBundle(analysis);
  if (analysis && process.argv.includes('--modules')) console.table(analysis.largestModules);
}
