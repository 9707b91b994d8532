-- The notification centre (issue #24 §1, decision 073): a reader's deletion of a personal notice keeps
-- the row (its dedupe key stops a cron re-run from raising it again), and each reader's state of a
-- global notice lives in notification_reads.
ALTER TABLE `notifications` ADD `deleted_at` integer;--> statement-breakpoint
CREATE INDEX `notifications_list_idx` ON `notifications` (`user_id`,`deleted_at`,`id`);--> statement-breakpoint
CREATE TABLE `notification_reads` (
	`user_id` integer NOT NULL,
	`notification_id` integer NOT NULL,
	`read_at` integer NOT NULL,
	`deleted_at` integer,
	PRIMARY KEY(`user_id`, `notification_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`notification_id`) REFERENCES `notifications`(`id`) ON UPDATE no action ON DELETE cascade
);
