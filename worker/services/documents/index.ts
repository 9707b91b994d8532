// Documents: the sale documents (invoices, receipts, credit notes) and their list, the legal PDF, and
// myDATA (transmission to AADE).
// The area's public face: other areas, routes, the API and cron import from here, never an inner file.
export { documentNumber, renderLegalPdf, type LegalPdfInput, type LegalPdfLine } from './legal-pdf';
export { createMydataService, PENDING_TOO_LONG_MS, PENDING_TOO_MANY_ATTEMPTS, type MydataService } from './mydata';
export { creditNotesOf } from './documents-list';
export { createDocumentService, type SaleDocument } from './documents';
export { contentDisposition, createLegalDocumentService } from './legal-documents';
