// Live channels in the browser: one PartySocket to the visitor's own User party and one to the
// Global party, a hook per channel, and the unique_id rule (a page ignores its own events).
// partysocket is imported when the provider mounts, not with the page: nothing live can arrive before
// hydration anyway, and it keeps the socket out of every page's first JavaScript (issue #21 §4,
// decision 057).
import { createContext, useContext, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { GLOBAL_ROOM, PARTY_GLOBAL, PARTY_USER, readLiveFrame, type Channel } from '../../party/channels';
import type { LiveMessage } from '../../party/protocol';
import type PartySocket from 'partysocket';
import { getPageId, setSocketId } from './page-id';

type Handler = (message: LiveMessage) => void;
type Registry = { subscribe(channel: Channel, handler: Handler): () => void };

const LiveContext = createContext<Registry | null>(null);

export function LiveProvider({ room, children }: { room: string; children: ReactNode }) {
  const handlers = useRef(new Map<Channel, Set<Handler>>());

  const registry = useMemo<Registry>(
    () => ({
      subscribe(channel, handler) {
        let set = handlers.current.get(channel);
        if (!set) handlers.current.set(channel, (set = new Set()));
        set.add(handler);
        return () => set.delete(handler);
      },
    }),
    [],
  );

  useEffect(() => {
    const pageId = getPageId();
    // null until the party's hello: a tab that has seen nothing asks for no replay.
    const lastSeq: Record<'user' | 'global', number | null> = { user: null, global: null };
    const open = (Socket: typeof PartySocket, party: string, room: string, key: 'user' | 'global') => {
      const socket = new Socket({
        host: window.location.host,
        // The page's own scheme: partysocket guesses plain ws only for hosts beginning 'localhost:'
        // or private addresses, so on http://admin.localhost it chose wss and never connected
        // (issue #22 §1); https pages use wss as before.
        protocol: window.location.protocol === 'https:' ? 'wss' : 'ws',
        party,
        room,
        // After a drop, ask the party for what this tab missed.
        query: () => (lastSeq[key] !== null ? { since: String(lastSeq[key]) } : {}),
      });
      socket.addEventListener('message', (event: MessageEvent) => {
        // Frames are validated by the party with zod; readLiveFrame only guards the shape.
        const frame = readLiveFrame(event.data, pageId);
        if (!frame) return;
        if (frame.kind === 'hello') {
          if (lastSeq[key] === null) lastSeq[key] = frame.seq;
          if (key === 'user') setSocketId(socket.id);
          return;
        }
        if (frame.seq !== null) lastSeq[key] = Math.max(lastSeq[key] ?? 0, frame.seq);
        if (frame.own) return;
        const message = frame.message as LiveMessage;
        handlers.current.get(message.channel)?.forEach((h) => h(message));
      });
      return socket;
    };
    let sockets: PartySocket[] = [];
    let unmounted = false;
    document.documentElement.dataset.live = 'connecting';
    void import('partysocket').then(({ default: Socket }) => {
      if (unmounted) return;
      const user = open(Socket, PARTY_USER, room, 'user');
      const global = open(Socket, PARTY_GLOBAL, GLOBAL_ROOM, 'global');
      user.addEventListener('open', () => (document.documentElement.dataset.live = 'open'));
      sockets = [user, global];
    });
    return () => {
      unmounted = true;
      setSocketId(null);
      for (const socket of sockets) socket.close();
    };
  }, [room]);

  return <LiveContext.Provider value={registry}>{children}</LiveContext.Provider>;
}

/** Subscribe to one channel for the lifetime of the component. */
export function useLiveChannel(channel: Channel, handler: Handler): void {
  const registry = useContext(LiveContext);
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    if (!registry) return;
    return registry.subscribe(channel, (m) => latest.current(m));
  }, [registry, channel]);
}
