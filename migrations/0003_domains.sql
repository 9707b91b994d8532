CREATE TABLE `domain_favourites` (
	`user_id` integer NOT NULL,
	`ascii_fqdn` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `ascii_fqdn`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `domain_search_cache` (
	`ascii_fqdn` text PRIMARY KEY NOT NULL,
	`result` text NOT NULL,
	`checked_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `domains` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`fqdn` text NOT NULL,
	`ascii_fqdn` text NOT NULL,
	`registry_key` text NOT NULL,
	`tld` text NOT NULL,
	`registry` text NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`expires_at` integer NOT NULL,
	`auto_renew` integer DEFAULT true NOT NULL,
	`id_protect` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE UNIQUE INDEX `domains_ascii_unique` ON `domains` (`ascii_fqdn`);--> statement-breakpoint
CREATE INDEX `domains_user_idx` ON `domains` (`user_id`);--> statement-breakpoint
CREATE INDEX `domains_key_idx` ON `domains` (`registry`,`registry_key`);--> statement-breakpoint
CREATE TABLE `registry_hosts` (
	`registry` text NOT NULL,
	`name` text NOT NULL,
	`ips` text DEFAULT '[]' NOT NULL,
	PRIMARY KEY(`registry`, `name`)
);
--> statement-breakpoint
CREATE TABLE `registry_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`registry` text NOT NULL,
	`name` text NOT NULL,
	`type` text NOT NULL,
	`payload` text DEFAULT '{}' NOT NULL,
	`created_at` integer NOT NULL,
	`acked_at` integer
);
--> statement-breakpoint
CREATE INDEX `registry_messages_queue_idx` ON `registry_messages` (`registry`,`acked_at`);--> statement-breakpoint
CREATE TABLE `registry_objects` (
	`registry` text NOT NULL,
	`registry_key` text NOT NULL,
	`name` text NOT NULL,
	`statuses` text DEFAULT '["ok"]' NOT NULL,
	`sponsor` text DEFAULT 'other' NOT NULL,
	`registrant` text DEFAULT '{}' NOT NULL,
	`auth_code` text,
	`id_protect` integer DEFAULT false NOT NULL,
	`nameservers` text DEFAULT '[]' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	PRIMARY KEY(`registry`, `registry_key`)
);
--> statement-breakpoint
CREATE TABLE `registry_premium` (
	`registry` text NOT NULL,
	`registry_key` text NOT NULL,
	`register_cents` integer NOT NULL,
	`renew_cents` integer NOT NULL,
	PRIMARY KEY(`registry`, `registry_key`)
);
--> statement-breakpoint
CREATE TABLE `registry_settings` (
	`registry` text PRIMARY KEY NOT NULL,
	`nameservers_min` integer NOT NULL,
	`nameservers_max` integer NOT NULL,
	`contact_roles` text NOT NULL,
	`transfer_renews` integer DEFAULT false NOT NULL,
	`maintenance` integer DEFAULT false NOT NULL,
	`latency_ms` integer DEFAULT 0 NOT NULL,
	`failing` integer DEFAULT false NOT NULL
);
