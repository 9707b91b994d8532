// Money back to the card through the payments port, full or partial, with states and the corrective credit note. Issue #13 §2.
import type { ServiceDeps } from '.';

export function createRefundService(deps: ServiceDeps) {
  void deps;
  const service = {};
  return service;
}

export type RefundService = ReturnType<typeof createRefundService>;
