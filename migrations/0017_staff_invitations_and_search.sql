-- Issue #22 §1 (decision 065): staff invitations, and the indexes the back office's global search reads by
-- (a name by its start uses 0016's domains_fqdn_idx, which leads with fqdn).
CREATE TABLE `staff_invitations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`token_hash` text NOT NULL,
	`email` text NOT NULL,
	`user_group` text NOT NULL,
	`invited_by` integer,
	`attempts` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`accepted_at` integer,
	`accepted_user_id` integer,
	`revoked_at` integer,
	FOREIGN KEY (`invited_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`accepted_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `staff_invitations_token_unique` ON `staff_invitations` (`token_hash`);
--> statement-breakpoint
CREATE INDEX `staff_invitations_email_idx` ON `staff_invitations` (`email`);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS `billing_profiles_vat_idx` ON `billing_profiles` (`vat_number`);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS `users_group_idx` ON `users` (`user_group`, `status`);
