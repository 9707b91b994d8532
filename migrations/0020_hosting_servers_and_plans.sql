-- Issue #23 §1: a server's power state, image and plan changes in the sandbox panel, and a downgrade
-- scheduled for the end of a service's period (decision 070).
ALTER TABLE `sandbox_hosting_accounts` ADD `power_state` text;
--> statement-breakpoint
ALTER TABLE `sandbox_hosting_accounts` ADD `power_until` integer;
--> statement-breakpoint
ALTER TABLE `sandbox_hosting_accounts` ADD `os` text;
--> statement-breakpoint
ALTER TABLE `sandbox_hosting_accounts` ADD `last_plan_reference` text;
--> statement-breakpoint
ALTER TABLE `hosting_services` ADD `scheduled_sku` text;
