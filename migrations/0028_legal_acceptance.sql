-- Issue #25 §3: an order keeps which versions of the legal documents its customer accepted at the
-- checkout (JSON, e.g. {"terms":1,"refunds":1}; NULL for orders placed without that box).
ALTER TABLE `orders` ADD `accepted_legal` text;
