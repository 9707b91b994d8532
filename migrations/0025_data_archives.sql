-- Issue #24 §3: personal-data archives (GDPR), one live archive per user (decision 076).
CREATE TABLE `data_archives` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`requested_at` integer NOT NULL,
	`claimed_at` integer,
	`build_runs` integer DEFAULT 0 NOT NULL,
	`ready_at` integer,
	`expires_at` integer,
	`object_key` text,
	`size_bytes` integer,
	`attempts` integer DEFAULT 0 NOT NULL,
	`downloaded_at` integer,
	`stats` text,
	`error` text,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `data_archives_one_live` ON `data_archives` (`user_id`) WHERE status IN ('pending', 'building', 'ready');--> statement-breakpoint
CREATE INDEX `data_archives_user_idx` ON `data_archives` (`user_id`,`requested_at`);--> statement-breakpoint
CREATE INDEX `data_archives_status_idx` ON `data_archives` (`status`,`expires_at`);
