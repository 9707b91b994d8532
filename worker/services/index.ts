// Services are the use cases of each area; routes and API handlers call them and never touch D1.
import type { Db } from '../../db/client';
import { createAuthService } from './auth';
import { createCatalogService } from './catalog';
import { createHealthService } from './health';
import { createLiveService } from './live';
import { createOutboxService } from './outbox';
import { createPreferenceService } from './preferences';
import { createPromotionService } from './promotions';
import { createRateLimitService } from './rate-limit';

export type ServiceDeps = { db: Db; env: Env; now: Date };

export function createServices(deps: ServiceDeps) {
  return {
    auth: createAuthService(deps),
    catalog: createCatalogService(deps),
    health: createHealthService(deps),
    live: createLiveService(deps.env),
    promotions: createPromotionService(deps),
    outbox: createOutboxService(deps),
    preferences: createPreferenceService(),
    rateLimits: createRateLimitService(deps),
  };
}

export type Services = ReturnType<typeof createServices>;
