// Issue #22 §1 "Live events work on the admin host": a member of staff's page on admin.localhost
// opens its user room and the global room (app/lib/live.tsx) and receives what is published there.
import { SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { GLOBAL_ROOM } from '../../party/channels';
import { ADMIN, staffBrowser } from './staff';

async function connect(url: string, headers: Record<string, string>) {
  const res = await SELF.fetch(url, { headers: { Upgrade: 'websocket', ...headers } });
  const ws = res.webSocket;
  if (!ws) return { res, ws: null, frames: [] as string[] };
  ws.accept();
  const frames: string[] = [];
  ws.addEventListener('message', (e) => frames.push(String(e.data)));
  return { res, ws, frames };
}

describe('live channels on the admin host', () => {
  it('connect a staff page to its user room and the global room', async () => {
    const { b, staff } = await staffBrowser('admin');
    await b.open(`${ADMIN}/admin`);
    const room = `u-${staff.id}`;
    const headers = { Cookie: b.cookieHeader(), Origin: ADMIN };
    const user = await connect(`${ADMIN}/parties/user/${room}`, headers);
    expect(user.res.status).toBe(101);
    const global = await connect(`${ADMIN}/parties/global/${GLOBAL_ROOM}`, headers);
    expect(global.res.status).toBe(101);
    user.ws?.close();
    global.ws?.close();
  });
});
