// Demo documents (issue #13 §2): the demo customer has what a real customer would have — a paid order
// (a .gr renewal and a year of hosting) with its order document, its receipt with lines and buyer, its
// card payment and the payment document that pays the order; and an open manual debit of staff, due in
// 14 days, that the pay-with tab can pay. Once only: the order's idempotency key is UNIQUE, and every
// statement is in one batch, so a second run (or two at once) changes nothing. Runs after
// seedDemoCredit, so the demo credit note stays document 1; on a fresh database these are documents
// 2 (ORD), 3 (REC), 4 (PAY) and 5 (DEB) (tests/page-list.ts opens them).
import { eq } from 'drizzle-orm';
import { documentLines, lineDescription } from '../../core/documents/lines';
import { linesWithVat } from '../../core/vat';
// The statements module itself, not the orders area's index: the seed runs in Node (scripts/seed.ts),
// and the index brings in the adapters, whose `cloudflare:` imports Node cannot load.
import { legalDocumentLines, mydataQueued, numberedDocument, paymentAllocation, type OrderRef } from '../../worker/services/orders/order-statements';
import type { Db } from '../client';
import { rawBatch, type Raw } from '../raw-batch';
import { orders, users } from '../schema';

const DAY = 86_400_000;

export const DEMO_DOCUMENTS = {
  email: 'demo@example.gr',
  orderKey: 'seed:demo-documents',
  sessionId: 'cs_sbx_seed_demo_order',
  vatRateBp: 2400,
  items: [
    { kind: 'domain', sku: 'gr', action: 'renew', name: 'kafeneio.gr', registry: 'gr', lengthMonths: 12, priceCents: 1200 },
    { kind: 'hosting', sku: 'sha_lin_start', action: null, name: 'kafeneio.gr', registry: null, lengthMonths: 12, priceCents: 4800 },
  ],
  debit: { description: 'Μεταφορά δεδομένων φιλοξενίας από άλλο πάροχο', sku: 'manual', netCents: 1500, vatCents: 360 },
} as const;

export async function seedDemoDocuments(db: Db, now: Date = new Date()): Promise<number> {
  const [user] = await db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.email, DEMO_DOCUMENTS.email));
  if (!user) return 0;
  const [existing] = await db.select({ id: orders.id }).from(orders).where(eq(orders.idempotencyKey, DEMO_DOCUMENTS.orderKey));
  if (existing) return 0;
  const d = DEMO_DOCUMENTS;
  const placedAt = new Date(now.getTime() - 30 * DAY);
  const paidAt = new Date(placedAt.getTime() + 5 * 60_000);
  const debitAt = new Date(now.getTime() - 2 * DAY);
  const subTotal = d.items.reduce((a, i) => a + i.priceCents, 0);
  const vat = linesWithVat(d.items.map((i) => i.priceCents), d.vatRateBp).vatCents;
  const total = subTotal + vat;
  const billing = { type: 'REC', name: `${user.firstName} ${user.lastName}`, vatNumber: null, taxOffice: null, address: 'Ερμού 10', city: 'Αθήνα', postcode: '10563', country: 'GR', vatWaived: false };
  const order: OrderRef = { sql: '(SELECT id FROM orders WHERE idempotency_key = ?)', params: [d.orderKey] };
  const lines = documentLines(
    d.items.map((i) => ({ description: lineDescription(i), sku: i.sku, netCents: i.priceCents })),
    { discountCents: 0, vatCents: vat, vatRateBp: d.vatRateBp },
  );
  const debitDoc = "(SELECT id FROM sale_documents WHERE series = 'DEB' AND number = (SELECT last_number FROM document_counters WHERE series = 'DEB'))";
  const statements: Raw[] = [
    // The buyer's profile, when the customer has none yet (the order was placed with it).
    {
      sql: `INSERT INTO billing_profiles (user_id, type, name, address, city, postcode, country_iso2, vat_waived, is_default, created_at)
        SELECT ?, 'REC', ?, ?, ?, ?, 'GR', 0, 1, ? WHERE NOT EXISTS (SELECT 1 FROM billing_profiles WHERE user_id = ?)`,
      params: [user.id, billing.name, billing.address, billing.city, billing.postcode, placedAt.getTime(), user.id],
    },
    // No ON CONFLICT: a second run fails here and the whole batch with it (nothing twice).
    {
      sql: `INSERT INTO orders (user_id, idempotency_key, status, payment_method, billing_profile_id, billing, sub_total_cents, vat_cents, grand_total_cents, vat_rate_bp, vat_waived, discount_cents, credit_cents, created_at, paid_at)
        VALUES (?, ?, 'completed', 'card', (SELECT id FROM billing_profiles WHERE user_id = ? ORDER BY is_default DESC, id LIMIT 1), ?, ?, ?, ?, ?, 0, 0, 0, ?, ?)`,
      params: [user.id, d.orderKey, user.id, JSON.stringify(billing), subTotal, vat, total, d.vatRateBp, placedAt.getTime(), paidAt.getTime()],
    },
    ...d.items.map((i, n) => ({
      sql: `INSERT INTO order_items (order_id, position, kind, sku, action, name, ascii_name, registry, length_months, config, price_cents, status, attempts, result, completed_at)
        VALUES (${order.sql}, ?, ?, ?, ?, ?, ?, ?, ?, '{}', ?, 'completed', 1, '{}', ?)`,
      params: [...order.params, n + 1, i.kind, i.sku, i.action, i.name, i.name, i.registry, i.lengthMonths, i.priceCents, paidAt.getTime()],
    })),
    ...numberedDocument({ order, kind: 'order', userId: user.id, status: 'PAID', totalCents: total, vatCents: vat, at: placedAt }),
    ...numberedDocument({ order, kind: 'receipt', userId: user.id, status: 'PAID', totalCents: total, vatCents: vat, at: paidAt, legal: { billing, netCents: subTotal } }),
    ...legalDocumentLines(order, 'receipt', lines),
    mydataQueued(order, 'receipt', paidAt),
    ...numberedDocument({ order, kind: 'payment', userId: user.id, status: 'COMPLETED', totalCents: total, vatCents: 0, at: paidAt }),
    paymentAllocation(order, user.id, paidAt),
    // The card payment, and the sandbox processor's own session for it (so a refund can find it).
    {
      sql: `INSERT INTO payments (order_id, method, amount_cents, status, provider_session_id, created_at, decided_at) VALUES (${order.sql}, 'card', ?, 'approved', ?, ?, ?)`,
      params: [...order.params, total, d.sessionId, placedAt.getTime(), paidAt.getTime()],
    },
    {
      sql: `INSERT INTO payment_sessions (id, reference, amount_cents, currency, description, return_url, cancel_url, idempotency_key, status, created_at, decided_at, expires_at)
        SELECT ?, CAST(p.id AS TEXT), ?, 'EUR', ?, '/', '/', ?, 'approved', ?, ?, ? FROM payments p WHERE p.provider_session_id = ?`,
      params: [d.sessionId, total, `Order ${d.orderKey}`, d.sessionId, placedAt.getTime(), paidAt.getTime(), placedAt.getTime() + 30 * 60_000, d.sessionId],
    },
    // A manual debit of staff, open, due in 14 days, with its line.
    { sql: "INSERT INTO document_counters (series, last_number) VALUES ('DEB', 0) ON CONFLICT(series) DO NOTHING", params: [] },
    { sql: "UPDATE document_counters SET last_number = last_number + 1 WHERE series = 'DEB'", params: [] },
    {
      sql: `INSERT INTO sale_documents (user_id, order_id, kind, series, number, status, total_cents, vat_cents, net_cents, reason, due_at, created_at)
        SELECT ?, NULL, 'debit', 'DEB', last_number, 'OPEN', ?, ?, ?, 'manual', ?, ? FROM document_counters WHERE series = 'DEB'`,
      params: [user.id, d.debit.netCents + d.debit.vatCents, d.debit.vatCents, d.debit.netCents, now.getTime() + 14 * DAY, debitAt.getTime()],
    },
    {
      sql: `INSERT INTO sale_document_lines (document_id, position, description, sku, quantity, net_cents, vat_rate_bp, vat_cents, total_cents) VALUES (${debitDoc}, 1, ?, ?, 1, ?, ?, ?, ?)`,
      params: [d.debit.description, d.debit.sku, d.debit.netCents, d.vatRateBp, d.debit.vatCents, d.debit.netCents + d.debit.vatCents],
    },
  ];
  try {
    await rawBatch(db, statements);
  } catch (e) {
    // Another run seeded them between the read and the batch: theirs stand.
    if (/UNIQUE constraint failed: orders\.idempotency_key/.test(String((e as Error).message))) return 0;
    throw e;
  }
  return 1;
}
