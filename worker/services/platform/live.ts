// Publishing live events from services: the only code that reaches the party stubs.
import { getServerByName } from 'partyserver';
import { GLOBAL_ROOM, liveMessageSchema, type LiveMessage } from '../../../party/protocol';
import type { Global } from '../../../party/global';
import type { User } from '../../../party/user';

export function createLiveService(env: Env) {
  return {
    async toUser(userKey: string, message: LiveMessage) {
      const stub = await getServerByName(env.User as unknown as DurableObjectNamespace<User>, userKey);
      return stub.publish(liveMessageSchema.parse(message));
    },
    async toEveryone(message: LiveMessage) {
      const stub = await getServerByName(env.Global as unknown as DurableObjectNamespace<Global>, GLOBAL_ROOM);
      return stub.publish(liveMessageSchema.parse(message));
    },
  };
}

export type LiveService = ReturnType<typeof createLiveService>;
