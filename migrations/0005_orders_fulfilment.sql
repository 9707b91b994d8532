CREATE TABLE `billing_profiles` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`type` text NOT NULL,
	`name` text NOT NULL,
	`vat_number` text,
	`tax_office` text,
	`profession` text,
	`address` text NOT NULL,
	`city` text NOT NULL,
	`postcode` text NOT NULL,
	`country_iso2` text NOT NULL,
	`vat_waived` integer DEFAULT false NOT NULL,
	`vat_check_id` integer,
	`is_default` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `billing_profiles_user_idx` ON `billing_profiles` (`user_id`);--> statement-breakpoint
CREATE TABLE `document_counters` (
	`series` text PRIMARY KEY NOT NULL,
	`last_number` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `order_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` integer NOT NULL,
	`position` integer NOT NULL,
	`parent_position` integer,
	`kind` text NOT NULL,
	`sku` text NOT NULL,
	`action` text,
	`name` text NOT NULL,
	`ascii_name` text,
	`registry` text,
	`length_months` integer NOT NULL,
	`config` text DEFAULT '{}' NOT NULL,
	`price_cents` integer NOT NULL,
	`setup_fee_cents` integer DEFAULT 0 NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer,
	`last_error` text,
	`result` text DEFAULT '{}' NOT NULL,
	`completed_at` integer,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `order_items_position_unique` ON `order_items` (`order_id`,`position`);--> statement-breakpoint
CREATE INDEX `order_items_retry_idx` ON `order_items` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE TABLE `orders` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`idempotency_key` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`payment_method` text NOT NULL,
	`billing_profile_id` integer NOT NULL,
	`billing` text NOT NULL,
	`sub_total_cents` integer NOT NULL,
	`vat_cents` integer NOT NULL,
	`grand_total_cents` integer NOT NULL,
	`vat_rate_bp` integer NOT NULL,
	`vat_waived` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	`paid_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE UNIQUE INDEX `orders_idempotency_unique` ON `orders` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `orders_user_idx` ON `orders` (`user_id`);--> statement-breakpoint
CREATE TABLE `payment_events` (
	`event_id` text PRIMARY KEY NOT NULL,
	`received_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `payments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` integer NOT NULL,
	`method` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`provider_session_id` text,
	`created_at` integer NOT NULL,
	`decided_at` integer,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `payments_order_idx` ON `payments` (`order_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `payments_session_unique` ON `payments` (`provider_session_id`);--> statement-breakpoint
CREATE TABLE `sale_documents` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`order_id` integer,
	`kind` text NOT NULL,
	`series` text NOT NULL,
	`number` integer NOT NULL,
	`status` text NOT NULL,
	`total_cents` integer NOT NULL,
	`vat_cents` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sale_documents_series_number` ON `sale_documents` (`series`,`number`);--> statement-breakpoint
CREATE UNIQUE INDEX `sale_documents_order_kind` ON `sale_documents` (`order_id`,`kind`);--> statement-breakpoint
CREATE TABLE `sandbox_hosting_accounts` (
	`account_id` text PRIMARY KEY NOT NULL,
	`reference` text NOT NULL,
	`sku` text NOT NULL,
	`product_type` text NOT NULL,
	`kind` text NOT NULL,
	`domain` text,
	`username` text NOT NULL,
	`panel_url` text NOT NULL,
	`server` text NOT NULL,
	`ip` text,
	`status` text NOT NULL,
	`suspend_reason` text,
	`options` text DEFAULT '{}' NOT NULL,
	`contact_email` text NOT NULL,
	`length_months` integer NOT NULL,
	`ready_at` integer,
	`last_renew_reference` text,
	`password_changed_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sandbox_hosting_accounts_reference_unique` ON `sandbox_hosting_accounts` (`reference`);--> statement-breakpoint
CREATE UNIQUE INDEX `sandbox_hosting_accounts_username_unique` ON `sandbox_hosting_accounts` (`username`);--> statement-breakpoint
CREATE UNIQUE INDEX `sandbox_hosting_accounts_ip_unique` ON `sandbox_hosting_accounts` (`ip`);--> statement-breakpoint
CREATE INDEX `sandbox_hosting_accounts_domain_idx` ON `sandbox_hosting_accounts` (`domain`);--> statement-breakpoint
CREATE TABLE `sandbox_ssl_certificates` (
	`certificate_id` text PRIMARY KEY NOT NULL,
	`reference` text NOT NULL,
	`sku` text NOT NULL,
	`validation_type` text NOT NULL,
	`common_name` text NOT NULL,
	`sans` text DEFAULT '[]' NOT NULL,
	`approver_emails` text DEFAULT '{}' NOT NULL,
	`length_months` integer NOT NULL,
	`csr` text,
	`status` text NOT NULL,
	`refund` text,
	`ready_at` integer,
	`issued_at` integer,
	`expires_at` integer,
	`pem` text,
	`serial` integer DEFAULT 1 NOT NULL,
	`last_renew_reference` text,
	`cancel_reason` text,
	`cancelled_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sandbox_ssl_certificates_reference_unique` ON `sandbox_ssl_certificates` (`reference`);--> statement-breakpoint
CREATE TABLE `sandbox_switches` (
	`system` text PRIMARY KEY NOT NULL,
	`maintenance` integer DEFAULT false NOT NULL,
	`failing` integer DEFAULT false NOT NULL,
	`latency_ms` integer DEFAULT 0 NOT NULL
);
