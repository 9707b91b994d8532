CREATE TABLE `coupons` (
	`code` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`value` integer NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`audience` text DEFAULT 'all' NOT NULL,
	`never_ordered` integer DEFAULT false NOT NULL,
	`valid_from` integer,
	`valid_to` integer,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `orders` ADD `coupon_code` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `discount_cents` integer DEFAULT 0 NOT NULL;