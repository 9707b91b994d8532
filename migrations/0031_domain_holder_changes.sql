-- Issue #32 §2 (decision 089): the holding history of names, one row per change of holder between our
-- accounts (an accepted handover, a staff move, a lapsed name registered again by someone else).
CREATE TABLE `domain_holder_changes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`domain_id` integer NOT NULL,
	`from_user_id` integer NOT NULL,
	`to_user_id` integer NOT NULL,
	`kind` text NOT NULL,
	`handover_id` integer,
	`at` integer NOT NULL,
	FOREIGN KEY (`domain_id`) REFERENCES `domains`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`from_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`to_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`handover_id`) REFERENCES `domain_handovers`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `domain_holder_changes_domain_idx` ON `domain_holder_changes` (`domain_id`,`at`);--> statement-breakpoint
CREATE INDEX `domain_holder_changes_from_idx` ON `domain_holder_changes` (`from_user_id`);--> statement-breakpoint
CREATE INDEX `domain_holder_changes_to_idx` ON `domain_holder_changes` (`to_user_id`);--> statement-breakpoint
-- The history so far: every completed handover (a .ελ that moved with its .gr has its own row) …
INSERT INTO `domain_holder_changes` (`domain_id`, `from_user_id`, `to_user_id`, `kind`, `handover_id`, `at`)
SELECT h.`domain_id`, h.`from_user_id`, h.`to_user_id`, 'handover', h.`id`, h.`decided_at` FROM `domain_handovers` h
WHERE h.`status` = 'completed' AND h.`to_user_id` IS NOT NULL AND h.`decided_at` IS NOT NULL AND EXISTS (SELECT 1 FROM `domains` d WHERE d.`id` = h.`domain_id`);--> statement-breakpoint
-- … and every staff move, from its audit row (which names both accounts).
INSERT INTO `domain_holder_changes` (`domain_id`, `from_user_id`, `to_user_id`, `kind`, `handover_id`, `at`)
SELECT CAST(a.`target_id` AS INTEGER), json_extract(a.`detail`, '$.before.userId'), json_extract(a.`detail`, '$.after.userId'), 'staff', NULL, a.`created_at` FROM `audit_log` a
WHERE a.`action` = 'domain.move' AND a.`target_type` = 'domain'
  AND EXISTS (SELECT 1 FROM `domains` d WHERE d.`id` = CAST(a.`target_id` AS INTEGER))
  AND EXISTS (SELECT 1 FROM `users` u WHERE u.`id` = json_extract(a.`detail`, '$.before.userId'))
  AND EXISTS (SELECT 1 FROM `users` u WHERE u.`id` = json_extract(a.`detail`, '$.after.userId'));
