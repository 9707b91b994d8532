CREATE TABLE `domain_contacts` (
	`domain_id` integer NOT NULL,
	`role` text NOT NULL,
	`contact_id` integer NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`domain_id`, `role`),
	FOREIGN KEY (`domain_id`) REFERENCES `domains`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`contact_id`) REFERENCES `contacts`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE INDEX `domain_contacts_contact_idx` ON `domain_contacts` (`contact_id`);--> statement-breakpoint
CREATE TABLE `domain_handovers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`domain_id` integer NOT NULL,
	`fqdn` text NOT NULL,
	`from_user_id` integer NOT NULL,
	`to_email` text NOT NULL,
	`to_user_id` integer,
	`status` text DEFAULT 'offered' NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`decided_at` integer,
	FOREIGN KEY (`domain_id`) REFERENCES `domains`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`from_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`to_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `domain_handovers_domain_idx` ON `domain_handovers` (`domain_id`);--> statement-breakpoint
CREATE INDEX `domain_handovers_to_idx` ON `domain_handovers` (`to_email`);--> statement-breakpoint
CREATE INDEX `domain_handovers_from_idx` ON `domain_handovers` (`from_user_id`);--> statement-breakpoint
CREATE TABLE `domain_reminders` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`domain_id` integer NOT NULL,
	`days_before` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	`emailed_at` integer,
	`read_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`domain_id`) REFERENCES `domains`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `domain_reminders_step_unique` ON `domain_reminders` (`domain_id`,`expires_at`,`days_before`);--> statement-breakpoint
CREATE INDEX `domain_reminders_user_idx` ON `domain_reminders` (`user_id`);--> statement-breakpoint
CREATE TABLE `hosts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`domain_id` integer NOT NULL,
	`name` text NOT NULL,
	`ips` text DEFAULT '[]' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`domain_id`) REFERENCES `domains`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `hosts_name_unique` ON `hosts` (`name`);--> statement-breakpoint
CREATE INDEX `hosts_domain_idx` ON `hosts` (`domain_id`);--> statement-breakpoint
ALTER TABLE `domains` ADD `id_protect_until` integer;--> statement-breakpoint
ALTER TABLE `domains` ADD `locked` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `domains` ADD `ns_mode` text DEFAULT 'default' NOT NULL;--> statement-breakpoint
ALTER TABLE `domains` ADD `ns_group_id` integer REFERENCES nameserver_groups(id) ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE `domains` ADD `nameservers` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `domains` ADD `transferred_at` integer;--> statement-breakpoint
CREATE INDEX `domains_user_fqdn_idx` ON `domains` (`user_id`,`fqdn`);--> statement-breakpoint
CREATE INDEX `domains_user_expiry_idx` ON `domains` (`user_id`,`expires_at`);--> statement-breakpoint
ALTER TABLE `contacts` ADD `vat_number` text;--> statement-breakpoint
ALTER TABLE `contacts` ADD `incomplete` integer DEFAULT false NOT NULL;
