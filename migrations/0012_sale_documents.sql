-- Issue #13: sale documents with their relations, lines, files, card refunds and myDATA.
-- payments.order_id becomes nullable (a debit's payment has no order): SQLite rebuilds the table. No
-- table refers to payments yet (payment_refunds is created after), so no foreign key is in the way.
CREATE TABLE `__new_payments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` integer,
	`document_id` integer,
	`method` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`refunded_cents` integer DEFAULT 0 NOT NULL,
	`card_country` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`provider_session_id` text,
	`created_at` integer NOT NULL,
	`decided_at` integer,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
INSERT INTO `__new_payments`("id", "order_id", "method", "amount_cents", "status", "provider_session_id", "created_at", "decided_at") SELECT "id", "order_id", "method", "amount_cents", "status", "provider_session_id", "created_at", "decided_at" FROM `payments`;--> statement-breakpoint
DROP TABLE `payments`;--> statement-breakpoint
ALTER TABLE `__new_payments` RENAME TO `payments`;--> statement-breakpoint
CREATE INDEX `payments_order_idx` ON `payments` (`order_id`);--> statement-breakpoint
CREATE INDEX `payments_document_idx` ON `payments` (`document_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `payments_session_unique` ON `payments` (`provider_session_id`);--> statement-breakpoint
CREATE TABLE `document_allocations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`due_document_id` integer NOT NULL,
	`paying_document_id` integer,
	`credit_movement_id` integer,
	`amount_cents` integer NOT NULL,
	`dedupe_key` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`due_document_id`) REFERENCES `sale_documents`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`paying_document_id`) REFERENCES `sale_documents`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "document_allocations_amount_positive" CHECK("document_allocations"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `document_allocations_dedupe` ON `document_allocations` (`dedupe_key`);--> statement-breakpoint
CREATE INDEX `document_allocations_due_idx` ON `document_allocations` (`due_document_id`);--> statement-breakpoint
CREATE INDEX `document_allocations_paying_idx` ON `document_allocations` (`paying_document_id`);--> statement-breakpoint
CREATE TABLE `legal_document_files` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`document_id` integer NOT NULL,
	`object_key` text NOT NULL,
	`sha256` text NOT NULL,
	`size_bytes` integer NOT NULL,
	`content_type` text NOT NULL,
	`filename` text NOT NULL,
	`source` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`document_id`) REFERENCES `sale_documents`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `legal_document_files_object_key` ON `legal_document_files` (`object_key`);--> statement-breakpoint
CREATE UNIQUE INDEX `legal_document_files_same_bytes` ON `legal_document_files` (`document_id`,`sha256`);--> statement-breakpoint
CREATE TABLE `mydata_transmissions` (
	`document_id` integer PRIMARY KEY NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`invoice_type` text,
	`mark` text,
	`uid` text,
	`qr_url` text,
	`cancellation_mark` text,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer,
	`last_error` text,
	`sent_at` integer,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`document_id`) REFERENCES `sale_documents`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `mydata_transmissions_due_idx` ON `mydata_transmissions` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE TABLE `payment_refunds` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`payment_id` integer NOT NULL,
	`amount_cents` integer NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`provider_refund_id` text,
	`reason` text NOT NULL,
	`credit_document_id` integer,
	`idempotency_key` text NOT NULL,
	`actor_user_id` integer,
	`last_error` text,
	`created_at` integer NOT NULL,
	`decided_at` integer,
	FOREIGN KEY (`payment_id`) REFERENCES `payments`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "payment_refunds_amount_positive" CHECK("payment_refunds"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payment_refunds_idempotency` ON `payment_refunds` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `payment_refunds_payment_idx` ON `payment_refunds` (`payment_id`);--> statement-breakpoint
CREATE TABLE `sale_document_lines` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`document_id` integer NOT NULL,
	`position` integer NOT NULL,
	`description` text NOT NULL,
	`sku` text,
	`quantity` integer DEFAULT 1 NOT NULL,
	`net_cents` integer NOT NULL,
	`vat_rate_bp` integer NOT NULL,
	`vat_cents` integer NOT NULL,
	`total_cents` integer NOT NULL,
	FOREIGN KEY (`document_id`) REFERENCES `sale_documents`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sale_document_lines_position` ON `sale_document_lines` (`document_id`,`position`);--> statement-breakpoint
CREATE TABLE `sandbox_mydata_invoices` (
	`mark` text PRIMARY KEY NOT NULL,
	`uid` text NOT NULL,
	`issuer_vat` text NOT NULL,
	`counterpart_vat` text,
	`series` text NOT NULL,
	`aa` text NOT NULL,
	`invoice_type` text NOT NULL,
	`issue_date` text NOT NULL,
	`net_cents` integer NOT NULL,
	`vat_cents` integer NOT NULL,
	`total_cents` integer NOT NULL,
	`correlated_mark` text,
	`status` text DEFAULT 'active' NOT NULL,
	`cancellation_mark` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sandbox_mydata_invoices_uid` ON `sandbox_mydata_invoices` (`uid`);--> statement-breakpoint
CREATE TABLE `sandbox_payment_refunds` (
	`id` text PRIMARY KEY NOT NULL,
	`session_id` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`idempotency_key` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sandbox_payment_refunds_idempotency` ON `sandbox_payment_refunds` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `sandbox_payment_refunds_session_idx` ON `sandbox_payment_refunds` (`session_id`);--> statement-breakpoint
ALTER TABLE `orders` ADD `vat_evidence` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `vat_evidence_conflict` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `sale_documents` ADD `net_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `sale_documents` ADD `billing` text;--> statement-breakpoint
ALTER TABLE `sale_documents` ADD `related_document_id` integer;--> statement-breakpoint
ALTER TABLE `sale_documents` ADD `reason` text;--> statement-breakpoint
ALTER TABLE `sale_documents` ADD `due_at` integer;--> statement-breakpoint
ALTER TABLE `sale_documents` ADD `cancelled_at` integer;--> statement-breakpoint
CREATE INDEX `sale_documents_user_kind_idx` ON `sale_documents` (`user_id`,`kind`,`id`);--> statement-breakpoint
-- Back-fill "X pays Y" for documents issued before allocations existed: each order's payment
-- document pays its order document, and each order's use of credit does too.
INSERT INTO `document_allocations` (user_id, due_document_id, paying_document_id, credit_movement_id, amount_cents, dedupe_key, created_at)
  SELECT p.user_id, o.id, p.id, NULL, p.total_cents, 'pay:' || p.id, p.created_at
  FROM sale_documents p JOIN sale_documents o ON o.order_id = p.order_id AND o.kind = 'order'
  WHERE p.kind = 'payment' AND p.total_cents > 0;--> statement-breakpoint
INSERT INTO `document_allocations` (user_id, due_document_id, paying_document_id, credit_movement_id, amount_cents, dedupe_key, created_at)
  SELECT m.user_id, o.id, NULL, m.id, -m.amount_cents, 'credit:' || m.id, m.created_at
  FROM credit_movements m JOIN sale_documents o ON o.order_id = m.order_id AND o.kind = 'order'
  WHERE m.reason = 'order' AND m.amount_cents < 0;--> statement-breakpoint
UPDATE `sale_documents` SET net_cents = total_cents - vat_cents WHERE kind IN ('receipt', 'invoice', 'credit');
