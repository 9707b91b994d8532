// A WebSocket to one party room that comes back after a drop: what the app used partysocket for, in a
// few hundred bytes instead of its 4 KB gzipped on every page (issue #11 §2, decision 030).
// Same wire contract as partysocket: /parties/<party>/<room>?_pk=<connection id>&<query>, the id kept
// across reconnects (the party's connection id, which the unique_id rule needs); retries wait 0 s,
// then 3 s growing by 1.3 up to 10 s, and start again from 0 after 5 s of a healthy connection; an
// attempt that has not opened after 4 s is dropped and retried.
const FIRST_DELAY_MS = 3_000;
const GROWTH = 1.3;
const MAX_DELAY_MS = 10_000;
const HEALTHY_AFTER_MS = 5_000;
const CONNECT_TIMEOUT_MS = 4_000;

export type LiveSocket = { readonly id: string; close(): void };

export function openLiveSocket(options: {
  party: string;
  room: string;
  /** Read again before each (re)connection: e.g. the last event this tab has seen. */
  query?: () => Record<string, string>;
  onMessage: (data: unknown) => void;
  onOpen?: () => void;
}): LiveSocket {
  const id = crypto.randomUUID();
  const base = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/parties/${options.party}/${encodeURIComponent(options.room)}`;
  let ws: WebSocket | null = null;
  let attempt = 0;
  let closed = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const connect = () => {
    if (closed) return;
    const socket = new WebSocket(`${base}?${new URLSearchParams({ _pk: id, ...(options.query?.() ?? {}) })}`);
    ws = socket;
    let healthy: ReturnType<typeof setTimeout> | undefined;
    const giveUp = setTimeout(() => socket.close(), CONNECT_TIMEOUT_MS);
    socket.addEventListener('open', () => {
      clearTimeout(giveUp);
      healthy = setTimeout(() => (attempt = 0), HEALTHY_AFTER_MS);
      options.onOpen?.();
    });
    socket.addEventListener('message', (event) => options.onMessage(event.data));
    socket.addEventListener('close', () => {
      clearTimeout(giveUp);
      clearTimeout(healthy);
      if (closed || ws !== socket) return;
      attempt++;
      timer = setTimeout(connect, Math.min(FIRST_DELAY_MS * GROWTH ** (attempt - 1), MAX_DELAY_MS));
    });
  };
  connect();
  return {
    id,
    close() {
      closed = true;
      clearTimeout(timer);
      ws?.close();
    },
  };
}
