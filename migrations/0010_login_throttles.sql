CREATE TABLE `login_throttles` (
	`key` text PRIMARY KEY NOT NULL,
	`failures` integer NOT NULL,
	`last_failure_at` integer NOT NULL
);
--> statement-breakpoint
-- Decision 022: no more auto-suspension. Accounts it suspended (strangers could cause it) are active again.
UPDATE `users` SET `status` = 'active', `suspension` = NULL, `failed_logins` = 0 WHERE `status` = 'suspended' AND `suspension` = 'auto';
