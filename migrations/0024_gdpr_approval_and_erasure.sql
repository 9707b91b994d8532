-- Issue #24 §3: the privacy-policy version of each customer's GDPR approval (asked again at login when
-- the policy changes; 1 = the approvals given before versions were kept), and the erasure requests.
ALTER TABLE `users` ADD `gdpr_policy_version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE TABLE `erasure_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`email` text,
	`ip` text,
	`requested_at` integer NOT NULL,
	`handled_by` integer,
	`handled_at` integer,
	`summary` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`handled_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `erasure_requests_pending_unique` ON `erasure_requests` (`user_id`) WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX `erasure_requests_status_idx` ON `erasure_requests` (`status`,`requested_at`);
