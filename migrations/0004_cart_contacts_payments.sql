CREATE TABLE `contacts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`kind` text DEFAULT 'individual' NOT NULL,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`first_name_int` text,
	`last_name_int` text,
	`organisation` text,
	`email` text NOT NULL,
	`phone` text NOT NULL,
	`address` text NOT NULL,
	`city` text NOT NULL,
	`postcode` text NOT NULL,
	`country_iso2` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `contacts_user_idx` ON `contacts` (`user_id`);--> statement-breakpoint
CREATE TABLE `nameserver_groups` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`name` text NOT NULL,
	`nameservers` text DEFAULT '[]' NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `nameserver_groups_user_idx` ON `nameserver_groups` (`user_id`);--> statement-breakpoint
CREATE TABLE `payment_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`reference` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`currency` text NOT NULL,
	`description` text NOT NULL,
	`return_url` text NOT NULL,
	`cancel_url` text NOT NULL,
	`idempotency_key` text NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`created_at` integer NOT NULL,
	`decided_at` integer,
	`expires_at` integer NOT NULL,
	CONSTRAINT "payment_sessions_amount_positive" CHECK("payment_sessions"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payment_sessions_idempotency_key_unique` ON `payment_sessions` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `payment_sessions_reference_idx` ON `payment_sessions` (`reference`);--> statement-breakpoint
CREATE INDEX `payment_sessions_status_expires_idx` ON `payment_sessions` (`status`,`expires_at`);--> statement-breakpoint
CREATE TABLE `vat_checks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`country_code` text NOT NULL,
	`vat_number` text NOT NULL,
	`valid` integer NOT NULL,
	`name` text,
	`address` text,
	`request_identifier` text,
	`source` text NOT NULL,
	`checked_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `vat_checks_number_idx` ON `vat_checks` (`country_code`,`vat_number`,`checked_at`);