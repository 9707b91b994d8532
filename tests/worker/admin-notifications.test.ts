// Staff's global notifications (issue #24 §1, decision 073): an admin sends one from the admin host
// (title, text, tone, on screen, start and end), written with its audit row in one batch and once per
// form; it is listed there and every customer sees it while it runs; support has no right to it.
import { env } from 'cloudflare:workers';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../db/client';
import { auditLog, notifications } from '../../db/schema';
import { newCustomer, servicesAt } from './customers';
import { Browser, form } from './helpers';
import { ADMIN, staffBrowser } from './staff';

const db = createDb(env.DB);

async function post(b: Browser, fields: Record<string, string>) {
  const { token, html } = await b.open(`${ADMIN}/admin/notifications`);
  const key = /name="key" value="([^"]+)"/.exec(html)?.[1] ?? '';
  return { key, res: await b.fetch(`${ADMIN}/admin/notifications`, form({ _token: token || b.csrf, intent: 'send', key, ...fields })) };
}

describe('global notifications in the back office', () => {
  it('an admin sends one with its audit row, once per form, and customers see it while it runs', async () => {
    const { b, staff } = await staffBrowser('admin');
    const fields = { title: 'Συντήρηση απόψε στις 23:00', body: 'Διάρκεια 30 λεπτά.', tone: 'warning', on_screen: '1', starts_at: '', ends_at: '2099-01-01T00:00' };
    const { key, res } = await post(b, fields);
    expect(res.status).toBe(303);
    expect(res.headers.get('Location')).toBe('/admin/notifications?done=sent');
    // The same form again (a double submit) adds nothing.
    const { token } = await b.open(`${ADMIN}/admin/notifications`);
    expect((await b.fetch(`${ADMIN}/admin/notifications`, form({ _token: token || b.csrf, intent: 'send', key, ...fields }))).status).toBe(303);
    const rows = await db.select().from(notifications).where(eq(notifications.dedupeKey, `staff:${key}`));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: null, type: 3, tone: 'warning', title: fields.title, body: fields.body, displayOnScreen: true, createdBy: staff.id, startsAt: null });
    expect(rows[0]!.endsAt!.toISOString()).toBe('2099-01-01T00:00:00.000Z');
    const audit = await db.select().from(auditLog).where(and(eq(auditLog.action, 'notification.global_sent'), eq(auditLog.targetId, `staff:${key}`)));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actorUserId).toBe(staff.id);
    const page = await b.open(`${ADMIN}/admin/notifications`);
    expect(page.html).toContain(fields.title);
    const c = await newCustomer('admin-note');
    expect((await servicesAt().notifications.list(c.id, 'el')).items.map((i) => i.text)).toContain(fields.title);
    expect((await servicesAt(Date.UTC(2099, 0, 2)).notifications.list(c.id, 'el')).items.map((i) => i.text)).not.toContain(fields.title);
  });

  it('refuses a form without a title or with the end before the start, and support altogether', async () => {
    const { b } = await staffBrowser('admin');
    expect((await post(b, { title: '', tone: 'info' })).res.status).toBe(400);
    expect((await post(b, { title: 'Χ', starts_at: '2099-01-02T00:00', ends_at: '2099-01-01T00:00' })).res.status).toBe(400);
    const support = await staffBrowser('support');
    const res = await support.b.fetch(`${ADMIN}/admin/notifications`);
    expect(res.status).toBe(403);
  });
});
