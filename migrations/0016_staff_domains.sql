-- Issue #22 §2, the back office's list of every name (decision 061): one index per sort of the list
-- (name, expiry, created) and per common filter with the name order (registry, status), so a page of
-- 100,000 names is read in index order; and the goodwill renewals staff make, keyed by their form.
CREATE INDEX `domains_fqdn_idx` ON `domains` (`fqdn`);--> statement-breakpoint
CREATE INDEX `domains_expiry_idx` ON `domains` (`expires_at`);--> statement-breakpoint
CREATE INDEX `domains_created_idx` ON `domains` (`created_at`);--> statement-breakpoint
CREATE INDEX `domains_registry_fqdn_idx` ON `domains` (`registry`,`fqdn`);--> statement-breakpoint
CREATE INDEX `domains_status_fqdn_idx` ON `domains` (`status`,`fqdn`);--> statement-breakpoint
CREATE TABLE `staff_renewals` (
	`key` text PRIMARY KEY NOT NULL,
	`domain_id` integer NOT NULL,
	`actor_user_id` integer,
	`status` text NOT NULL,
	`reason` text NOT NULL,
	`expires_before` integer NOT NULL,
	`expires_after` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`domain_id`) REFERENCES `domains`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`actor_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
