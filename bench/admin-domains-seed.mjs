// The all-domains bench's data (issue #22 §3), bench-only: 5,000 customer accounts and 100,000 names
// written by two INSERT … SELECT statements over a recursive counter, straight into the bench run's
// local D1 (seconds, where the app's own seed would take many minutes). A sixth of the names are
// Greek (.gr with a Greek label); their ASCII form is a stand-in 'xn--bench…' (unique, not real
// punycode: SQL cannot encode it, and the bench only needs the columns filled the way the app does).
export const ACCOUNTS = 5000;
export const NAMES = 100_000;
const DAY = 24 * 60 * 60_000;

export function seedSql(now = Date.now()) {
  return `
INSERT INTO users (email, password_hash, first_name, last_name, created_at, updated_at)
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${ACCOUNTS})
SELECT 'bench-holder-' || i || '@example.gr', 'x', 'Κάτοχος', 'Αρ. ' || i, ${now - 400 * DAY}, ${now - 400 * DAY} FROM n;
INSERT INTO domains (user_id, fqdn, ascii_fqdn, registry_key, tld, registry, status, expires_at, auto_renew, locked, created_at, updated_at)
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${NAMES}),
holders(first_id) AS (SELECT MIN(id) FROM users WHERE email LIKE 'bench-holder-%'),
names AS (
  SELECT i, (SELECT first_id FROM holders) + (i % ${ACCOUNTS}) AS user_id,
    CASE i % 6 WHEN 0 THEN 'gr' WHEN 1 THEN 'com' WHEN 2 THEN 'eu' WHEN 3 THEN 'net' WHEN 4 THEN 'com.gr' ELSE 'gr' END AS tld,
    CASE i % 6 WHEN 5 THEN 'ταβέρνα' || i WHEN 0 THEN 'kafe-' || i ELSE 'bench-' || substr('agorastudiohotelmarketnisiergo', 1 + (i % 25), 5) || '-' || i END AS label,
    ((i * 7919) % 1100) - 60 AS days
  FROM n
)
SELECT user_id,
  label || '.' || tld,
  CASE WHEN i % 6 = 5 THEN 'xn--bench' || i || '.' || tld ELSE label || '.' || tld END,
  CASE WHEN i % 6 = 5 THEN 'ταβερνα' || i || '.' || tld ELSE label || '.' || tld END,
  tld,
  CASE tld WHEN 'eu' THEN 'eurid' WHEN 'gr' THEN 'gr' WHEN 'com.gr' THEN 'gr' ELSE 'generic' END,
  CASE WHEN days >= 0 THEN 'active' WHEN days >= -30 THEN 'expired' ELSE 'redemption' END,
  ${now} + days * ${DAY},
  i % 4 <> 0,
  i % 5 = 0,
  ${now} - (i % 700) * ${DAY},
  ${now} - (i % 700) * ${DAY}
FROM names;
`;
}

if (import.meta.url === `file://${process.argv[1]}`) process.stdout.write(seedSql());
