// Nameservers of a name, nameserver groups and glue hosts (issue #12 §3), changed at the registry through the port and stored here after its answer.
import type { ServiceDeps } from '.';

export function createNameserverService(deps: ServiceDeps) {
  void deps;
  return {};
}

export type NameserverService = ReturnType<typeof createNameserverService>;
