-- Issue #32 §5 (decision 094): a shared version per read-cached data set. Every isolate caches the
-- catalogue for up to 60 s; a staff change bumps this row in the change's own batch, and each request
-- reads it with the promotions it reads anyway, so an isolate that did not make the change drops its
-- old prices at the next request instead of within the minute.
CREATE TABLE `read_cache_versions` (
	`name` text PRIMARY KEY NOT NULL,
	`version` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO `read_cache_versions` (`name`, `version`) VALUES ('catalog', 0);
