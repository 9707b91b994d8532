-- Issues #23 and #24 groundwork: hosting services on our side, the notification centre, and the consent log.
CREATE TABLE `hosting_services` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`order_item_id` integer,
	`account_id` text NOT NULL,
	`sku` text NOT NULL,
	`product_type` text NOT NULL,
	`kind` text NOT NULL,
	`domain` text,
	`username` text NOT NULL,
	`panel_url` text NOT NULL,
	`server` text NOT NULL,
	`datacenter` text,
	`options` text DEFAULT '{}' NOT NULL,
	`status` text NOT NULL,
	`length_months` integer NOT NULL,
	`started_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`cancel_at_period_end` integer DEFAULT false NOT NULL,
	`suspended_at` integer,
	`suspend_reason` text,
	`terminated_at` integer,
	`synced_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`order_item_id`) REFERENCES `order_items`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `hosting_services_order_item_unique` ON `hosting_services` (`order_item_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `hosting_services_account_unique` ON `hosting_services` (`account_id`);--> statement-breakpoint
CREATE INDEX `hosting_services_user_idx` ON `hosting_services` (`user_id`,`status`,`expires_at`);--> statement-breakpoint
CREATE INDEX `hosting_services_expiry_idx` ON `hosting_services` (`status`,`expires_at`);--> statement-breakpoint
CREATE INDEX `hosting_services_domain_idx` ON `hosting_services` (`domain`);--> statement-breakpoint
CREATE TABLE `notifications` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer,
	`type` integer NOT NULL,
	`tone` text DEFAULT 'info' NOT NULL,
	`message_key` text,
	`params` text DEFAULT '{}' NOT NULL,
	`title` text,
	`body` text,
	`link` text,
	`display_on_screen` integer DEFAULT false NOT NULL,
	`dedupe_key` text NOT NULL,
	`starts_at` integer,
	`ends_at` integer,
	`read_at` integer,
	`created_by` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `notifications_dedupe_unique` ON `notifications` (`dedupe_key`);--> statement-breakpoint
CREATE INDEX `notifications_user_idx` ON `notifications` (`user_id`,`read_at`,`created_at`);--> statement-breakpoint
CREATE INDEX `notifications_global_idx` ON `notifications` (`user_id`,`ends_at`);--> statement-breakpoint
CREATE TABLE `consent_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer,
	`email` text,
	`kind` text NOT NULL,
	`granted` integer NOT NULL,
	`source` text NOT NULL,
	`policy_version` text,
	`ip` text,
	`actor_id` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`actor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `consent_events_user_idx` ON `consent_events` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `consent_events_email_idx` ON `consent_events` (`email`,`created_at`);