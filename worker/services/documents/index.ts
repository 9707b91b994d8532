export { documentNumber, renderLegalPdf, type LegalPdfInput, type LegalPdfLine } from './legal-pdf';
export { createMydataService, type MydataService } from './mydata';
export { creditNotesOf } from './documents-list';
export { createDocumentService, type SaleDocument } from './documents';
export { createLegalDocumentService } from './legal-documents';
