-- Issue #23 §3, free hosting per domain (decision 072): a disabled free hosting's deletion date and
-- the panel password the panel gave at its creation; one living free hosting per name; the cron's
-- index of rows due for deletion.
ALTER TABLE `hosting_services` ADD `delete_at` integer;--> statement-breakpoint
ALTER TABLE `hosting_services` ADD `panel_password` text;--> statement-breakpoint
CREATE UNIQUE INDEX `hosting_services_free_domain_unique` ON `hosting_services` (`domain`) WHERE kind = 'free' AND status <> 'terminated';--> statement-breakpoint
CREATE INDEX `hosting_services_delete_idx` ON `hosting_services` (`delete_at`);
