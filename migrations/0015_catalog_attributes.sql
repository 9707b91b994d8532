-- Issue #22 §2, the back office's catalogue: a named attribute set (disk, bandwidth, mailboxes …) whose
-- names are unique, and each product's value per attribute. An attribute attached to a product cannot
-- be deleted (10013): the foreign key has no cascade, and the service deletes only unattached ones.
CREATE TABLE `catalog_attributes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`label_el` text NOT NULL,
	`label_en` text NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX `catalog_attributes_name_unique` ON `catalog_attributes` (`name`);--> statement-breakpoint
CREATE TABLE `product_attributes` (
	`product_id` integer NOT NULL,
	`attribute_id` integer NOT NULL,
	`value` text NOT NULL,
	PRIMARY KEY(`product_id`, `attribute_id`),
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`attribute_id`) REFERENCES `catalog_attributes`(`id`) ON UPDATE no action ON DELETE no action
);--> statement-breakpoint
CREATE INDEX `product_attributes_attribute_idx` ON `product_attributes` (`attribute_id`);
