-- Issue #25 §1: auto-renew that renews (decision 080). The account's days before expiry, and one
-- claimed attempt per renewal order and day (no double charge under a re-run or two runs at once).
ALTER TABLE `users` ADD `renew_days_before` integer DEFAULT 30 NOT NULL;--> statement-breakpoint
CREATE TABLE `renewal_attempts` (
	`order_id` integer NOT NULL,
	`day` text NOT NULL,
	`user_id` integer NOT NULL,
	`outcome` text DEFAULT 'claimed' NOT NULL,
	`amount_cents` integer NOT NULL,
	`card_label` text,
	`decline_code` text,
	`charge_id` text,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`order_id`, `day`),
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `renewal_attempts_user_idx` ON `renewal_attempts` (`user_id`,`created_at`);
