// Spec §8 timings of the client's requests and alerts; apart from core/errors so a page can use
// them without loading the code catalogue (docs/decisions/030).
export const REQUEST_TIMEOUT_MS = 30000;
export const ALERT_AUTOHIDE_MS = 11000;
