// Debits (a charge by staff or a chargeback) and cancelling them (35802); credit notes CANCELLED (35700–35703). Issue #13 §2.
import type { ServiceDeps } from '.';

export function createDebitService(deps: ServiceDeps) {
  void deps;
  const service = {};
  return service;
}

export type DebitService = ReturnType<typeof createDebitService>;
