// The page's random identifier (spec §3 "Live message envelope"): sent as unique_id with every
// change this page makes, so the page can ignore its own echo on the live channels.
let pageId: string | null = null;

export function getPageId(): string {
  if (pageId) return pageId;
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  pageId = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return pageId;
}

let socketId: string | null = null;
/** Set once the live connection is up; the request helper then sends it as X-Socket-ID. */
export function setSocketId(id: string | null): void {
  socketId = id;
}
export function getSocketId(): string | null {
  return socketId;
}
