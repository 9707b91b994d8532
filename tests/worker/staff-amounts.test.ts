// Staff amounts that read differently in Greek and English notation (issue #20 §2) are refused on the
// documents screen too — a debit line and a card refund — saying why, and nothing is added.
import { env } from 'cloudflare:workers';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../db/client';
import { saleDocuments } from '../../db/schema';
import { readyCart } from './customers';
import { form } from './helpers';
import { staffBrowser } from './staff';

const db = createDb(env.DB);
const ADMIN = 'http://admin.localhost';

describe('staff amounts on the documents screen', () => {
  it('a debit of 1.234 and a refund of 1,234 are refused with the reason; no debit is added', async () => {
    const c = await readyCart('amb');
    const { b } = await staffBrowser();
    const url = `${ADMIN}/admin/documents?email=${encodeURIComponent(c.email)}`;
    const page = await b.open(url);
    const due = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    const debit = await b.fetch(url, form({ _token: page.token, intent: 'add_debit', email: c.email, user_id: String(c.id), key: crypto.randomUUID(), reason: 'manual', due_date: due, description_1: 'Τέλος', amount_1: '1.234' }));
    expect(debit.status).toBe(400);
    const html = await debit.text();
    expect(html).toContain('data-code="100"');
    expect(html).toContain('Το ποσό διαβάζεται με δύο τρόπους');
    expect(await db.select().from(saleDocuments).where(and(eq(saleDocuments.userId, c.id), eq(saleDocuments.kind, 'debit')))).toHaveLength(0);
    const refund = await b.fetch(url, form({ _token: page.token, intent: 'refund', email: c.email, payment_id: '1', amount: '1,234', key: crypto.randomUUID() }));
    expect(refund.status).toBe(400);
    expect(await refund.text()).toContain('Το ποσό διαβάζεται με δύο τρόπους');
  });
});
