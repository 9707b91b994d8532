// The personal-data archive's public face (issue #24 §3, decision 076).
export { ARCHIVE_CLAIM_STALE_MS, ARCHIVE_MAX_ATTEMPTS, ARCHIVE_TTL_MS, createArchiveService, type ArchiveService, type ArchiveView } from './archive';
export { PART_BYTES, createZipSink } from './zip-sink';
