-- Issue #22 §2, the back office's list of every name (decision 061): one index per sort of the list
-- (name, expiry, created), each carrying the registry and status filters (the name's also its search
-- key), so a page of 100,000 names is read in index order with the filters tested inside the index;
-- and the goodwill renewals staff make, keyed by their confirmation form.
CREATE INDEX `domains_fqdn_idx` ON `domains` (`fqdn`,`registry`,`status`,`expires_at`,`registry_key`);--> statement-breakpoint
CREATE INDEX `domains_expiry_idx` ON `domains` (`expires_at`,`registry`,`status`);--> statement-breakpoint
CREATE INDEX `domains_created_idx` ON `domains` (`created_at`,`registry`,`status`);--> statement-breakpoint
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
