// Internal transfers between accounts, external transfer states from the registry's poll, trade and the .ελ offer (issue #12 §5).
import type { ServiceDeps } from '.';

export function createHandoverService(deps: ServiceDeps) {
  void deps;
  return {};
}

export type HandoverService = ReturnType<typeof createHandoverService>;
