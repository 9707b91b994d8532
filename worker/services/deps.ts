// What every service is made from: the request's database, environment, clock and adapters. A module
// of its own so that services import it, never `services/index.ts` (which imports every service).
import type { Db } from '../../db/client';
import type { Adapters } from '../adapters';

export type ServiceDeps = { db: Db; env: Env; now: Date; adapters: Adapters };
