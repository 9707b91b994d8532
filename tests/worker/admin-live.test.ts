// Issue #22 §1 "Live events work on the admin host": a member of staff's page on admin.localhost
// opens its user room and the global room (app/lib/live.tsx) and receives what is published there.
// Issue #32 §5: opening the sockets is not enough; each must deliver the event published to its room.
import { SELF } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { GLOBAL_ROOM, readLiveFrame } from '../../party/channels';
import { createLiveService } from '../../worker/services/platform';
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

/** Waits for a frame (a time limit with room for a busy machine, not a speed target). */
async function until(check: () => boolean, ms = 10_000) {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
}

const events = (frames: string[]) => frames.map((f) => readLiveFrame(f, 'staff-page')).filter((f) => f?.kind === 'event');

describe('live channels on the admin host', () => {
  it('connect a staff page to its user room and the global room, and deliver what is published to each', async () => {
    const { b, staff } = await staffBrowser('admin');
    await b.open(`${ADMIN}/admin`);
    const room = `u-${staff.id}`;
    const headers = { Cookie: b.cookieHeader(), Origin: ADMIN };
    const user = await connect(`${ADMIN}/parties/user/${room}`, headers);
    expect(user.res.status).toBe(101);
    const global = await connect(`${ADMIN}/parties/global/${GLOBAL_ROOM}`, headers);
    expect(global.res.status).toBe(101);
    // The hello frames: both sockets are in their rooms before anything is published.
    await until(() => user.frames.length > 0 && global.frames.length > 0);

    const live = createLiveService(env);
    const personal = { notification_id: 41, display_on_screen: true, notification: { display: 'Νέα ανάθεση υπόθεσης', type: 1 as const } };
    const notice = { notification_id: 42, display_on_screen: true, notification: { display: 'Προγραμματισμένη συντήρηση απόψε', type: 3 as const } };
    await live.toUser(room, { channel: 'notifications', event: 'PersonalNotificationWasCreated', unique_id: null, data: personal });
    await live.toEveryone({ channel: 'global-notifications', event: 'GlobalNotificationWasCreated', unique_id: null, data: notice });
    await until(() => events(user.frames).length > 0 && events(global.frames).some((f) => f?.kind === 'event' && f.message.event === 'GlobalNotificationWasCreated'));

    expect(events(user.frames).map((f) => f?.kind === 'event' && f.message)).toEqual([{ channel: 'notifications', event: 'PersonalNotificationWasCreated', unique_id: null, data: personal }]);
    // The global room is everyone's: other files' notices may be there too; ours is among them.
    expect(events(global.frames).map((f) => f?.kind === 'event' && f.message)).toContainEqual({ channel: 'global-notifications', event: 'GlobalNotificationWasCreated', unique_id: null, data: notice });
    user.ws?.close();
    global.ws?.close();
  });
});
