-- Issue #20 §4, loose ends of the domains portal: a glue host is claimed ('creating') before the
-- registry call; the date the "ID protect ends soon" e-mail went out for; the sandbox registries keep
-- the admin/tech/billing contact handles of a name.
ALTER TABLE `hosts` ADD `status` text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE `domains` ADD `id_protect_reminded_for` integer;--> statement-breakpoint
ALTER TABLE `registry_objects` ADD `contacts` text DEFAULT '{}' NOT NULL;
