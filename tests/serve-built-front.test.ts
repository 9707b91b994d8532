// The local server's front (scripts/serve-built.mjs, decision 093): workerd drops a request that
// arrives on a kept-alive connection whose idle timer ran out on its stalled clock (issue #32 §4).
// The fake upstream here does exactly that to every second request of a connection, so a front that
// reused its connections to the Worker (as wrangler's ProxyWorker does) fails these tests.
import { once } from 'node:events';
import { Agent, createServer, request, type IncomingMessage, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { scheduledCron, startFront, upstreamHead } from '../scripts/serve-built.mjs';

const servers: Server[] = [];
const upgradedSockets = new Set<{ destroy(): void }>();
afterEach(async () => {
  for (const socket of upgradedSockets) socket.destroy();
  upgradedSockets.clear();
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
});

/** Answers the first request of each connection (echoing method, path, body); drops any later one unanswered. */
async function droppingUpstream(): Promise<{ port: number; seen: string[] }> {
  const seen: string[] = [];
  const server = createServer((req, res) => {
    const socket = req.socket as typeof req.socket & { served?: number };
    socket.served = (socket.served ?? 0) + 1;
    if (socket.served > 1) {
      socket.destroy();
      return;
    }
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push(`${req.method} ${req.url} ${req.headers.connection ?? ''}`);
      res.writeHead(200, { 'Content-Type': 'text/plain', 'Set-Cookie': ['a=1', 'b=2'] });
      res.end(`${req.method} ${req.url} ${body}`);
    });
  });
  server.on('upgrade', (req, socket) => {
    upgradedSockets.add(socket);
    socket.write('HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n');
    socket.on('data', (d) => socket.write(d)); // an echo after the handshake
  });
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { port: (server.address() as AddressInfo).port, seen };
}

async function front(upstreamPort: number, runScheduled?: (cron: string) => Promise<string>): Promise<number> {
  const server: Server = await startFront({ port: 0, target: new URL(`http://127.0.0.1:${upstreamPort}`), runScheduled });
  servers.push(server);
  return (server.address() as AddressInfo).port;
}

type Answer = { status: number | string; body: string; cookies: string[] };

/** A request through a keep-alive agent (the browser's and Node fetch's behaviour). */
function send(port: number, agent: Agent, method: string, path: string, body?: string): Promise<Answer> {
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, method, path, agent, headers: body ? { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': Buffer.byteLength(body) } : {} }, (res: IncomingMessage) => {
      let text = '';
      res.on('data', (c) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, cookies: [res.headers['set-cookie'] ?? []].flat() }));
    });
    req.on('error', (e: NodeJS.ErrnoException) => resolve({ status: e.code ?? 'error', body: '', cookies: [] }));
    req.end(body);
  });
}

/** Thirty visitors at once, each a page then a form post on its kept-alive connection. */
async function storm(port: number): Promise<Answer[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: 30 });
  try {
    return await Promise.all(
      Array.from({ length: 30 }, async (_, i) => {
        await send(port, agent, 'GET', '/auth/login');
        return send(port, agent, 'POST', '/auth/login', `email=v${i}%40example.gr&password=wrong`);
      }),
    );
  } finally {
    agent.destroy();
  }
}

describe('the local server front', () => {
  it('the fake upstream drops the second request of a kept-alive connection (what a pooling proxy meets)', async () => {
    const up = await droppingUpstream();
    const answers = await storm(up.port);
    expect(answers.filter((a) => a.status !== 200).length).toBe(30);
  });

  it('answers every request of 30 kept-alive visitors: one upstream connection per request', async () => {
    const up = await droppingUpstream();
    const answers = await storm(await front(up.port));
    expect(answers.map((a) => a.status)).toEqual(Array(30).fill(200));
    answers.forEach((a, i) => expect(a.body).toBe(`POST /auth/login email=v${i}%40example.gr&password=wrong`));
    // Both cookies arrive (the answer's headers are passed as they were), and workerd was told to close.
    expect(answers[0]!.cookies).toEqual(['a=1', 'b=2']);
    expect(up.seen).toHaveLength(60);
    expect(up.seen.every((s) => s.endsWith(' close'))).toBe(true);
  });

  it('pipes a WebSocket upgrade both ways', async () => {
    const up = await droppingUpstream();
    const port = await front(up.port);
    const socket = connect(port, '127.0.0.1');
    await once(socket, 'connect');
    socket.write('GET /parties/live HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n');
    let got = '';
    socket.on('data', (d) => (got += d));
    await expect.poll(() => got).toContain('101 Switching Protocols');
    socket.write('ping-frame');
    await expect.poll(() => got).toContain('ping-frame');
    socket.destroy();
  });
});

describe('upstreamHead', () => {
  it('drops hop-by-hop headers and keeps the rest in order', () => {
    const head = upstreamHead('POST', '/account?x=1', ['Host', 'localhost:8823', 'Connection', 'keep-alive', 'Keep-Alive', 'timeout=5', 'Cookie', 'a=1', 'Content-Length', '3']);
    expect(head).toEqual({ method: 'POST', path: '/account?x=1', headers: ['Host', 'localhost:8823', 'Cookie', 'a=1', 'Content-Length', '3'] });
  });
});

describe("wrangler dev's /__scheduled", () => {
  it('reads the cron of /__scheduled only', () => {
    expect(scheduledCron('/__scheduled?cron=*%2F5%20*%20*%20*%20*')).toBe('*/5 * * * *');
    expect(scheduledCron('/__scheduled')).toBe('');
    expect(scheduledCron('/__scheduledx?cron=1')).toBeNull();
    expect(scheduledCron('/account?cron=1')).toBeNull();
  });

  it('runs the cron on the Worker, never through the upstream, and says how it went', async () => {
    const up = await droppingUpstream();
    const ran: string[] = [];
    const port = await front(up.port, async (cron) => (ran.push(cron), cron === 'broken' ? 'exception' : 'ok'));
    const agent = new Agent({ keepAlive: false });
    expect(await send(port, agent, 'GET', `/__scheduled?cron=${encodeURIComponent('0 6 * * *')}`)).toMatchObject({ status: 200, body: 'Ran scheduled event' });
    expect((await send(port, agent, 'GET', '/__scheduled?cron=broken')).status).toBe(500);
    expect(ran).toEqual(['0 6 * * *', 'broken']);
    expect(up.seen).toEqual([]);
  });
});
