-- The mail queue (issue #33, decision 096): each e-mail rendered once, sent once per event, retried
-- by the cron, and readable by staff. Attachments are R2 references.
CREATE TABLE `mail_messages` (
  `id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  `dedupe_key` text NOT NULL,
  `user_id` integer REFERENCES `users`(`id`) ON DELETE SET NULL,
  `to_address` text NOT NULL,
  `lang` text NOT NULL,
  `template` text NOT NULL,
  `subject` text NOT NULL,
  `html` text NOT NULL,
  `text` text NOT NULL,
  `headers` text DEFAULT '{}' NOT NULL,
  `attachments` text DEFAULT '[]' NOT NULL,
  `status` text DEFAULT 'queued' NOT NULL,
  `attempts` integer DEFAULT 0 NOT NULL,
  `next_attempt_at` integer NOT NULL,
  `last_error` text,
  `provider_id` text,
  `redacted` integer DEFAULT 0 NOT NULL,
  `resent_of` integer,
  `resent_by` integer,
  `created_at` integer NOT NULL,
  `sent_at` integer
);
CREATE UNIQUE INDEX `mail_messages_dedupe_key_unique` ON `mail_messages` (`dedupe_key`);
CREATE INDEX `mail_messages_due` ON `mail_messages` (`status`, `next_attempt_at`);
CREATE INDEX `mail_messages_user` ON `mail_messages` (`user_id`, `id`);
CREATE INDEX `mail_messages_to` ON `mail_messages` (`to_address`, `id`);
-- The sandbox provider keeps what it was given: the HTML part and its attachments (bytes in R2).
ALTER TABLE `outbox` ADD `html` text;
ALTER TABLE `outbox` ADD `attachments` text DEFAULT '[]' NOT NULL;
