export { createLiveService } from './live';
export { clientIp, createRateLimitService, rateLimitKey } from './rate-limit';
export { cachedRead, invalidateReads } from './read-cache';
export { userStub } from './party-stubs';
export { createHealthService } from './health';
export { createOutboxService } from './outbox';
