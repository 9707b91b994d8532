CREATE TABLE `coupon_redemptions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`coupon_code` text NOT NULL,
	`user_id` integer NOT NULL,
	`order_id` integer NOT NULL,
	`discount_cents` integer NOT NULL,
	`created_at` integer NOT NULL,
	`released_at` integer,
	FOREIGN KEY (`coupon_code`) REFERENCES `coupons`(`code`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `coupon_redemptions_order_unique` ON `coupon_redemptions` (`order_id`);--> statement-breakpoint
CREATE INDEX `coupon_redemptions_coupon_user_idx` ON `coupon_redemptions` (`coupon_code`,`user_id`);--> statement-breakpoint
ALTER TABLE `coupons` ADD `max_redemptions` integer;--> statement-breakpoint
ALTER TABLE `coupons` ADD `max_per_customer` integer;--> statement-breakpoint
ALTER TABLE `coupons` ADD `min_order_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `coupons` ADD `allow_zero_total` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `attempt_id` text;--> statement-breakpoint
INSERT INTO `coupon_redemptions` (`coupon_code`, `user_id`, `order_id`, `discount_cents`, `created_at`, `released_at`) SELECT `coupon_code`, `user_id`, `id`, `discount_cents`, `created_at`, CASE WHEN `status` = 'cancelled' THEN `created_at` ELSE NULL END FROM `orders` WHERE `coupon_code` IN (SELECT `code` FROM `coupons`);
--> statement-breakpoint
UPDATE `coupons` SET `max_per_customer` = 1 WHERE `code` = 'KALOSORISMA10';
