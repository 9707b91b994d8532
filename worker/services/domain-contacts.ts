// Contact profiles as the portal manages them and the roles they hold per domain (issue #12 §4).
import type { ServiceDeps } from '.';

export function createDomainContactService(deps: ServiceDeps) {
  void deps;
  return {};
}

export type DomainContactService = ReturnType<typeof createDomainContactService>;
