-- Issue #25 §1: cards saved with the processor as tokens (decision 079), and the sandbox processor's side.
ALTER TABLE `payment_sessions` ADD `save_card_customer_ref` text;--> statement-breakpoint
ALTER TABLE `payment_sessions` ADD `saved_card_token` text;--> statement-breakpoint
CREATE TABLE `sandbox_saved_cards` (
	`token` text PRIMARY KEY NOT NULL,
	`customer_ref` text NOT NULL,
	`brand` text NOT NULL,
	`last4` text NOT NULL,
	`exp_month` integer NOT NULL,
	`exp_year` integer NOT NULL,
	`created_at` integer NOT NULL,
	`deleted_at` integer
);
--> statement-breakpoint
CREATE INDEX `sandbox_saved_cards_customer_idx` ON `sandbox_saved_cards` (`customer_ref`);--> statement-breakpoint
CREATE TABLE `sandbox_card_charges` (
	`id` text PRIMARY KEY NOT NULL,
	`token` text NOT NULL,
	`reference` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`description` text NOT NULL,
	`idempotency_key` text NOT NULL,
	`status` text NOT NULL,
	`decline_code` text,
	`created_at` integer NOT NULL,
	CONSTRAINT "sandbox_card_charges_amount_positive" CHECK("sandbox_card_charges"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sandbox_card_charges_idempotency_key_unique` ON `sandbox_card_charges` (`idempotency_key`);--> statement-breakpoint
CREATE TABLE `saved_payment_methods` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`processor_token` text NOT NULL,
	`brand` text NOT NULL,
	`last4` text NOT NULL,
	`exp_month` integer NOT NULL,
	`exp_year` integer NOT NULL,
	`is_default` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `saved_payment_methods_token_unique` ON `saved_payment_methods` (`processor_token`);--> statement-breakpoint
CREATE INDEX `saved_payment_methods_user_idx` ON `saved_payment_methods` (`user_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `saved_payment_methods_one_default` ON `saved_payment_methods` (`user_id`) WHERE "saved_payment_methods"."is_default" = 1;
