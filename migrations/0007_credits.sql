CREATE TABLE `credit_movements` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`amount_cents` integer NOT NULL,
	`reason` text NOT NULL,
	`order_id` integer,
	`order_item_id` integer,
	`document_id` integer,
	`note` text,
	`dedupe_key` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE UNIQUE INDEX `credit_movements_dedupe` ON `credit_movements` (`dedupe_key`);--> statement-breakpoint
CREATE INDEX `credit_movements_user_idx` ON `credit_movements` (`user_id`);--> statement-breakpoint
ALTER TABLE `orders` ADD `credit_cents` integer DEFAULT 0 NOT NULL;