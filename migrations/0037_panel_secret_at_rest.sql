-- Issue #32 §3 (decision 091): the free-hosting panel password sealed at rest. AES-256-GCM in the
-- Worker (SQL has no cipher): the ciphertext and its IV in base64 and the version of the key that
-- sealed it, so a key can rotate. The old plain column stays until every deployment's cron pass has
-- sealed its rows and emptied it (panel-secrets.ts); the partial index finds the rows left to do.
ALTER TABLE `hosting_services` ADD `panel_secret` text;--> statement-breakpoint
ALTER TABLE `hosting_services` ADD `panel_secret_iv` text;--> statement-breakpoint
ALTER TABLE `hosting_services` ADD `panel_secret_key` integer;--> statement-breakpoint
CREATE INDEX `hosting_services_plain_panel_password_idx` ON `hosting_services` (`id`) WHERE panel_password IS NOT NULL;
