-- Newsletter subscriptions with double opt-in (issue #24 §2, decision 074).
CREATE TABLE `newsletter_subscriptions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`user_id` integer,
	`state` text DEFAULT 'none' NOT NULL,
	`token_hash` text,
	`expires_at` integer,
	`link_key` text NOT NULL,
	`send_count` integer DEFAULT 0 NOT NULL,
	`send_window_start` integer,
	`last_sent_at` integer,
	`confirmed_at` integer,
	`unsubscribed_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `newsletter_subscriptions_email_unique` ON `newsletter_subscriptions` (`email`);--> statement-breakpoint
CREATE INDEX `newsletter_subscriptions_user_idx` ON `newsletter_subscriptions` (`user_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `newsletter_subscriptions_token_unique` ON `newsletter_subscriptions` (`token_hash`);
