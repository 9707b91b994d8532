// Legal documents as files (issue #13 §3): the PDF of each invoice and receipt, rendered on the server, kept in object storage (FILES), downloaded by the owner and staff; 35523 for the same bytes twice.
import type { ServiceDeps } from '.';

export function createLegalDocumentService(deps: ServiceDeps) {
  void deps;
  const service = {};
  return service;
}

export type LegalDocumentService = ReturnType<typeof createLegalDocumentService>;
