-- Issue #23 §1: hosting bought before the services table existed. Every completed hosting order item
-- whose result names a provisioner account becomes a service row (started when the item was
-- completed, paid until its length in months later), and its holder is marked as having a panel
-- account. Idempotent: rows already there (by order item or by account id) are left as they are.
INSERT INTO `hosting_services` (`user_id`, `order_item_id`, `account_id`, `sku`, `product_type`, `kind`, `domain`, `username`, `panel_url`, `server`, `datacenter`, `options`, `status`, `length_months`, `started_at`, `expires_at`, `synced_at`, `created_at`, `updated_at`)
SELECT
	o.`user_id`,
	oi.`id`,
	json_extract(oi.`result`, '$.accountId'),
	oi.`sku`,
	COALESCE(p.`type`, 'hosting-shared'),
	-- core/hosting/kinds.ts hostingKindOf, in the same order.
	CASE
		WHEN lower(COALESCE(p.`type`, '')) LIKE '%free%' THEN 'free'
		WHEN lower(COALESCE(p.`type`, '')) LIKE '%vps%' THEN 'vps'
		WHEN lower(COALESCE(p.`type`, '')) LIKE '%dedi%' THEN 'dedicated'
		WHEN lower(COALESCE(p.`type`, '')) LIKE '%semi%' THEN 'semi'
		WHEN lower(COALESCE(p.`type`, '')) LIKE '%wp%' OR lower(COALESCE(p.`type`, '')) LIKE '%wordpress%' THEN 'wordpress'
		ELSE 'shared'
	END,
	-- As fulfilment chose it: the item's own domain, else the order's first domain item.
	lower(COALESCE(json_extract(oi.`config`, '$.domain'), (SELECT d.`name` FROM `order_items` d WHERE d.`order_id` = oi.`order_id` AND d.`kind` = 'domain' ORDER BY d.`position` LIMIT 1))),
	COALESCE(json_extract(oi.`result`, '$.username'), ''),
	COALESCE(json_extract(oi.`result`, '$.panelUrl'), ''),
	COALESCE(json_extract(oi.`result`, '$.server'), ''),
	json_extract(oi.`config`, '$.options.datacenter'),
	COALESCE(json_extract(oi.`config`, '$.options'), '{}'),
	CASE WHEN json_extract(oi.`result`, '$.status') IN ('provisioning', 'active', 'suspended', 'terminated') THEN json_extract(oi.`result`, '$.status') ELSE 'active' END,
	oi.`length_months`,
	oi.`completed_at`,
	CAST(strftime('%s', oi.`completed_at` / 1000, 'unixepoch', '+' || oi.`length_months` || ' months') AS INTEGER) * 1000 + oi.`completed_at` % 1000,
	-- Never synced with the panel: the service's page corrects it from getAccount on its first view.
	oi.`completed_at`,
	CAST(strftime('%s', 'now') AS INTEGER) * 1000,
	CAST(strftime('%s', 'now') AS INTEGER) * 1000
FROM `order_items` oi
JOIN `orders` o ON o.`id` = oi.`order_id`
LEFT JOIN `products` p ON p.`sku` = oi.`sku`
WHERE oi.`kind` = 'hosting'
	AND oi.`status` = 'completed'
	AND oi.`completed_at` IS NOT NULL
	AND json_extract(oi.`result`, '$.accountId') IS NOT NULL
ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE `users` SET `has_pbas_account` = 1
WHERE `has_pbas_account` = 0
	AND EXISTS (SELECT 1 FROM `hosting_services` s WHERE s.`user_id` = `users`.`id` AND s.`status` <> 'terminated');
--> statement-breakpoint
-- The sandbox panel keeps the hash of the password its customer set (port setPassword), as a panel does.
ALTER TABLE `sandbox_hosting_accounts` ADD `password_hash` text;
