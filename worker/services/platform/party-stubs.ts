// Stubs of the User objects. partyserver's getServerByName makes an RPC (setName) before handing out a
// stub; remembering the stub for the rest of the request saves that round trip on every later call.
// The memo is keyed by the request's ServiceDeps, so a stub never outlives the request that made it
// (Workers do not allow I/O objects to cross requests).
import { getServerByName } from 'partyserver';
import type { User } from '../../../party/user';

const memo = new WeakMap<object, Map<string, Promise<DurableObjectStub<User>>>>();

export function userStub(deps: { env: Env }, room: string): Promise<DurableObjectStub<User>> {
  let rooms = memo.get(deps);
  if (!rooms) {
    rooms = new Map();
    memo.set(deps, rooms);
  }
  let stub = rooms.get(room);
  if (!stub) {
    const created = getServerByName(deps.env.User as unknown as DurableObjectNamespace<User>, room) as Promise<DurableObjectStub<User>>;
    rooms.set(room, created);
    // A failed lookup must not be remembered.
    created.catch(() => rooms!.delete(room));
    stub = created;
  }
  return stub;
}
