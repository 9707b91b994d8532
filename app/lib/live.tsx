// Live channels in the browser: one PartySocket to the visitor's own User party and one to the
// Global party, a hook per channel, and the unique_id rule (a page ignores its own events).
import { createContext, useContext, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { GLOBAL_ROOM, PARTY_GLOBAL, PARTY_USER, readLiveFrame, type Channel } from '../../party/channels';
import type { LiveMessage } from '../../party/protocol';
import { LiveSocket } from './live-socket';
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
    const open = (party: string, room: string, key: 'user' | 'global') => {
      const socket = new LiveSocket({
        host: window.location.host,
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
    const user = open(PARTY_USER, room, 'user');
    const global = open(PARTY_GLOBAL, GLOBAL_ROOM, 'global');
    document.documentElement.dataset.live = 'connecting';
    const markOpen = () => (document.documentElement.dataset.live = 'open');
    user.addEventListener('open', markOpen);
    return () => {
      setSocketId(null);
      user.close();
      global.close();
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
