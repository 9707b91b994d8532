CREATE TABLE `banners` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`slug` text NOT NULL,
	`text_el` text NOT NULL,
	`text_en` text NOT NULL,
	`href` text NOT NULL,
	`tone` text DEFAULT 'info' NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`active` integer DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `banners_slug_unique` ON `banners` (`slug`);--> statement-breakpoint
CREATE TABLE `countries` (
	`iso2` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`vat_code` text NOT NULL,
	`vat_rate_bp` integer NOT NULL,
	`eu` integer NOT NULL,
	`phone_prefix` text NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `product_options` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`product_id` integer NOT NULL,
	`category` text NOT NULL,
	`name` text NOT NULL,
	`value` text NOT NULL,
	`label_el` text NOT NULL,
	`label_en` text NOT NULL,
	`storage_type` text,
	`monthly_cents` integer DEFAULT 0 NOT NULL,
	`is_default` integer DEFAULT false NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `product_options_unique` ON `product_options` (`product_id`,`name`,`value`);--> statement-breakpoint
CREATE TABLE `product_prices` (
	`product_id` integer NOT NULL,
	`length_months` integer NOT NULL,
	`price_cents` integer NOT NULL,
	`promo_cents` integer,
	`promotion_id` integer,
	PRIMARY KEY(`product_id`, `length_months`),
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`promotion_id`) REFERENCES `promotions`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `products` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`sku` text NOT NULL,
	`family` text NOT NULL,
	`type` text NOT NULL,
	`config_set` text,
	`name_el` text NOT NULL,
	`name_en` text NOT NULL,
	`summary_el` text DEFAULT '' NOT NULL,
	`summary_en` text DEFAULT '' NOT NULL,
	`monthly_fee_cents` integer DEFAULT 0 NOT NULL,
	`setup_fee_cents` integer DEFAULT 0 NOT NULL,
	`features` text DEFAULT '[]' NOT NULL,
	`settings` text DEFAULT '{}' NOT NULL,
	`highlighted` integer DEFAULT false NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`active` integer DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `products_sku_unique` ON `products` (`sku`);--> statement-breakpoint
CREATE INDEX `products_family_idx` ON `products` (`family`,`sort_order`);--> statement-breakpoint
CREATE TABLE `promotions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`title_el` text NOT NULL,
	`title_en` text NOT NULL,
	`skus` text DEFAULT '[]' NOT NULL,
	`starts_at` integer NOT NULL,
	`soft_end_at` integer NOT NULL,
	`hard_end_at` integer,
	`renew_days` integer DEFAULT 0 NOT NULL,
	`status` text DEFAULT 'scheduled' NOT NULL
);
--> statement-breakpoint
CREATE TABLE `settings` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `tld_prices` (
	`tld_id` integer NOT NULL,
	`action` text NOT NULL,
	`length_months` integer NOT NULL,
	`price_cents` integer NOT NULL,
	`promo_cents` integer,
	`promotion_id` integer,
	`setup_fee_cents` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`tld_id`, `action`, `length_months`),
	FOREIGN KEY (`tld_id`) REFERENCES `tlds`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`promotion_id`) REFERENCES `promotions`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `tlds` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tld` text NOT NULL,
	`ascii_tld` text NOT NULL,
	`registry` text NOT NULL,
	`category` text NOT NULL,
	`country_iso2` text,
	`featured` integer DEFAULT false NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`active` integer DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tlds_tld_unique` ON `tlds` (`tld`);--> statement-breakpoint
CREATE UNIQUE INDEX `tlds_ascii_unique` ON `tlds` (`ascii_tld`);