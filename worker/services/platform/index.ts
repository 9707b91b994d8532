// Platform: what every area leans on and that knows no area: live events to the User and Cart objects
// (live), their stubs (party-stubs), rate limits and the read cache, the outbox and the health check.
// The area's public face: other areas, routes, the API and cron import from here, never an inner file.
export { createLiveService } from './live';
export { clientIp, createRateLimitService, rateLimitKey } from './rate-limit';
export { CATALOG_VERSION, cachedRead, forgetAllReads, invalidateReads, versionBump } from './read-cache';
export { plainUserStub, userStub } from './party-stubs';
export { requestReads, type RequestReads } from './request-reads';
export { createHealthService } from './health';
export { createOutboxService } from './outbox';
