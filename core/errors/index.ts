// The error catalogue of spec §8, shared by the API (which answers with a code and an HTTP status)
// and the client (which decides how to show it). Each area's codes are in a codes-<area>.ts file of
// this folder; catalogue.ts puts them into the one table the lookups and ErrorCode derive from.
// Importers keep using `core/errors`.
export type { CatalogueEntry, ErrorHandling } from './catalogue-entry';
export { CATALOGUE, entriesByCode, entryByCode, entryByName, ErrorCode, type ErrorCodeNumber, isSuccessCode, resolveCode } from './catalogue';
export { describeHttpFailure, envelopeFor, type Envelope, type HttpFailure, type HttpFailureKind } from './http';
export { readErrorCodeCookie, type ErrorCodeCookie } from './cookie';

// Spec §7 and §8 constants.
// In their own module so the browser can read them without the catalogue (decision 030).
export { ALERT_AUTOHIDE_MS, REQUEST_TIMEOUT_MS } from '../error-timing';
