// Serves the built Worker locally without `wrangler dev` (issue #32 §4, decision 093): the bundle
// `wrangler deploy` would upload, run by Miniflare's workerd, behind a small front that hands every
// request to workerd on a connection of its own.
//
// Why not `wrangler dev`: workerd's HTTP server closes a keep-alive connection that stays idle for
// 5 s after a response, but it measures those 5 s on its event loop's clock, which stands still
// while the loop has work queued (kj's timer is advanced only when the loop waits for I/O). A storm
// of requests keeps the one thread busy for seconds (page renders, in-process D1 and Durable Object
// calls, password hashes), so a response finished after such a stretch has its 5 s counted from the
// stretch's start: the connection is closed at the loop's next wait, often just as the next request
// on it arrives, which is then dropped unanswered. wrangler's ProxyWorker reuses its connections to
// the Worker and turns that drop into 503 "Your worker restarted mid-request" for a POST. A fresh
// connection per request never waits between requests, so the idle timer never runs.
//
// Usage (module): serveBuilt({ port, persistTo, vars, logLevel }) → { url, close() }. The state directory is
// the one `wrangler dev --persist-to` and `wrangler d1 migrations apply --local --persist-to` use.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { join, resolve } from 'node:path';
import { Log, LogLevel, Miniflare } from 'miniflare';
import { unstable_getMiniflareWorkerOptions } from 'wrangler';

const WORKER_NAME = 'registrar-storefront';
const MODULE_TYPES = [
  [/\.m?js$/, 'ESModule'],
  [/\.wasm$/, 'CompiledWasm'],
  [/\.txt$/, 'Text'],
];
// Hop-by-hop headers (RFC 9110 §7.6.1): each side of the front keeps its own connection.
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'upgrade', 'te', 'trailer']);

/** The bundle `wrangler deploy` would upload (same esbuild settings, keep_names, aliases), into `outDir`. */
export function bundleWorker(outDir, env = process.env) {
  const r = spawnSync('npx', ['wrangler', 'deploy', '--dry-run', '--outdir', outDir], { stdio: ['ignore', 'ignore', 'inherit'], env });
  if (r.status !== 0) throw new Error(`wrangler deploy --dry-run failed (exit ${r.status})`);
  return outDir;
}

/** The bundle's files as Miniflare modules, the entry first. */
export function bundleModules(dir) {
  const files = readdirSync(dir).filter((f) => MODULE_TYPES.some(([re]) => re.test(f)));
  const entry = files.includes('index.js') ? 'index.js' : null;
  if (!entry) throw new Error(`no index.js in ${dir}`);
  const type = (f) => MODULE_TYPES.find(([re]) => re.test(f))[1];
  return [entry, ...files.filter((f) => f !== entry)].map((f) => ({ type: type(f), path: resolve(dir, f) }));
}

/** Request heads as they go to workerd: without hop-by-hop headers. */
export function upstreamHead(method, url, rawHeaders) {
  const headers = [];
  for (let i = 0; i < rawHeaders.length; i += 2) if (!HOP_BY_HOP.has(rawHeaders[i].toLowerCase())) headers.push(rawHeaders[i], rawHeaders[i + 1]);
  return { method, path: url, headers };
}

/** The `cron` of wrangler dev's `--test-scheduled` address (`/__scheduled?cron=…`), or null for any other. */
export function scheduledCron(url) {
  const parsed = new URL(url, 'http://x');
  return parsed.pathname === '/__scheduled' ? (parsed.searchParams.get('cron') ?? '') : null;
}

/** Response headers as they go back to the client (workerd's `Connection: close` is its side's only). */
export function downstreamHeaders(rawHeaders) {
  const out = [];
  for (let i = 0; i < rawHeaders.length; i += 2) if (!HOP_BY_HOP.has(rawHeaders[i].toLowerCase())) out.push(rawHeaders[i], rawHeaders[i + 1]);
  return out;
}

/**
 * The front: keep-alive towards clients (on Node's clock, which a busy Worker does not stop), one new
 * connection to workerd per request (`agent: false` sends `Connection: close`), WebSocket upgrades
 * piped as they are.
 */
export function startFront({ port, host = '127.0.0.1', target, runScheduled }) {
  const server = createServer((req, res) => {
    // wrangler dev's `--test-scheduled` (the browser tests run the cron jobs this way). It is run on
    // the Worker itself: Miniflare's own trigger path would reach the assets router in front of it.
    const cron = runScheduled ? scheduledCron(req.url) : null;
    if (cron !== null) {
      req.resume();
      runScheduled(cron).then(
        (outcome) => {
          res.writeHead(outcome === 'ok' ? 200 : 500, { 'Content-Type': 'text/plain; charset=utf-8' });
          res.end(outcome === 'ok' ? 'Ran scheduled event' : `scheduled: ${outcome}`);
        },
        (error) => {
          res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
          res.end(`scheduled: ${error?.message ?? error}`);
        },
      );
      return;
    }
    const head = upstreamHead(req.method, req.url, req.rawHeaders);
    const up = httpRequest({ host: target.hostname, port: target.port, method: head.method, path: head.path, headers: head.headers, agent: false, setHost: false }, (answer) => {
      res.writeHead(answer.statusCode, answer.statusMessage, downstreamHeaders(answer.rawHeaders));
      answer.pipe(res);
      answer.on('error', () => res.destroy());
    });
    up.on('error', (error) => {
      // workerd itself failed (not the idle race this front exists for): say so, never hang.
      if (!res.headersSent) res.writeHead(502, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end(`serve-built: the Worker did not answer (${error.code ?? error.message})\n`);
    });
    req.pipe(up);
  });
  // Piped upgrades leave the HTTP server's bookkeeping: closing the front ends them too.
  const upgraded = new Set();
  server.on('upgrade', (req, socket, head) => {
    upgraded.add(socket);
    socket.on('close', () => upgraded.delete(socket));
    const up = connect(Number(target.port), target.hostname, () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      up.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head?.length) up.write(head);
      up.pipe(socket);
      socket.pipe(up);
    });
    const end = () => {
      up.destroy();
      socket.destroy();
    };
    up.on('error', end);
    socket.on('error', end);
  });
  const close = server.close.bind(server);
  server.close = (callback) => {
    for (const socket of upgraded) socket.destroy();
    server.closeAllConnections();
    return close(callback);
  };
  return new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(Number(port), host, () => ok(server));
  });
}

/** Bundles (unless `bundleDir` is given), starts Miniflare on a private port and the front on `port`. */
export async function serveBuilt({ port, persistTo, vars = {}, bundleDir, host = '127.0.0.1', log = console.error, logLevel = 'WARN' }) {
  const dir = bundleDir ?? bundleWorker(join('.wrangler', `serve-bundle-${port}`));
  const { workerOptions } = unstable_getMiniflareWorkerOptions('wrangler.toml');
  const state = resolve(persistTo, 'v3');
  const mf = new Miniflare({
    ...workerOptions,
    name: WORKER_NAME,
    modules: bundleModules(dir),
    modulesRoot: resolve(dir),
    bindings: { ...workerOptions.bindings, ...vars },
    host: '127.0.0.1',
    port: 0,
    // The paths `wrangler dev --persist-to` uses, so migrations and the seed are shared with it.
    d1Persist: join(state, 'd1'),
    durableObjectsPersist: join(state, 'do'),
    r2Persist: join(state, 'r2'),
    kvPersist: join(state, 'kv'),
    cachePersist: join(state, 'cache'),
    // The placeholder `request.cf` (no call to workers.cloudflare.com).
    cf: false,
    // The Worker's uncaught exceptions (WARN, as `wrangler dev --log-level warn`), or every request too (INFO).
    log: new Log(LogLevel[logLevel]),
  });
  const target = await mf.ready;
  const worker = await mf.getWorker(WORKER_NAME);
  const runScheduled = async (cron) => (await worker.scheduled({ cron, scheduledTime: new Date() })).outcome;
  const front = await startFront({ port, host, target, runScheduled });
  log(`serve-built: workerd at ${target.origin}, front at http://${host}:${port}`);
  return {
    url: `http://${host}:${port}`,
    async close() {
      await new Promise((r) => front.close(() => r()));
      await mf.dispose();
    },
  };
}
