// The customer's domains in the portal (issue #12 §2): list, previews, search, bulk actions, a domain's settings (auto-renew, lock, auth code, ID protect).
import type { ServiceDeps } from '.';

export function createMyDomainService(deps: ServiceDeps) {
  void deps;
  return {};
}

export type MyDomainService = ReturnType<typeof createMyDomainService>;
