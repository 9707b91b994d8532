-- Issue #32 §1 (decision 088): an unpaid order lapses (7 days for a bank transfer, 48 hours otherwise);
-- the time cron cancelled it for that, so the order page, staff and a late payment can say it lapsed.
ALTER TABLE `orders` ADD `lapsed_at` integer;
