-- Issue #20 §2 (decision 046): an item's claim has a time limit. claimed_at is when fulfilment took
-- the item ('processing'); past the limit, cron asks the registry and finishes the item or retries it.
ALTER TABLE `order_items` ADD `claimed_at` integer;
-- The sandbox processor answers some refunds 'pending' and settles them later with a signed webhook.
ALTER TABLE `sandbox_payment_refunds` ADD `status` text DEFAULT 'succeeded' NOT NULL;
