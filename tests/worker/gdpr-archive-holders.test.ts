// Issue #32 §2: an archive holds only what concerns its owner (decision 089). A name moves from A to B,
// by staff and by a customer handover, with staff actions before and after; both archives are read
// from the ZIP's JSON. A's has A's rows up to the move and none of B's identifiers; B's has nothing
// from before the move, no identifier of A's and no staff note about A.
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { unzipSync } from 'fflate/browser';
import { describe, expect, it, vi } from 'vitest';
import { createDb } from '../../db/client';
import { dataArchives } from '../../db/schema';
import { createAdapters } from '../../worker/adapters';
import { configOf } from '../../worker/config';
import { createArchiveService } from '../../worker/services/archive';
import { newCustomer, servicesAt } from './customers';
import { heldDomain, ownContact } from './handover-fixtures';
import { newStaff } from './staff';

vi.setConfig({ testTimeout: 60_000 });

const db = createDb(env.DB);

type Files = Record<string, unknown>;

/** Builds the customer's archive now and returns every JSON file of its ZIP, parsed, and their text. */
async function archiveOf(userId: number, at: number): Promise<{ json: Files; text: string }> {
  const s = createArchiveService({ db, env, now: new Date(at), adapters: createAdapters(configOf(env), db, 'http://localhost') }, { publish: async () => undefined });
  const { archive } = await s.request(userId);
  expect(await s.buildNow(archive.id)).toBe(true);
  const [row] = await db.select().from(dataArchives).where(eq(dataArchives.id, archive.id));
  const object = await env.FILES.get(row!.objectKey!);
  const files = unzipSync(new Uint8Array(await object!.arrayBuffer()));
  const json: Files = {};
  let text = '';
  for (const [name, bytes] of Object.entries(files)) {
    if (!name.endsWith('.json')) continue;
    const t = new TextDecoder().decode(bytes);
    json[name] = JSON.parse(t);
    text += t;
  }
  return { json, text };
}

/** Every `…userId`/`…UserId` value in the archive (any depth): whose accounts it names. */
function userIdsIn(value: unknown, out: number[] = []): number[] {
  if (Array.isArray(value)) for (const v of value) userIdsIn(v, out);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      if (/user_?id$/i.test(k) && typeof v === 'number') out.push(v);
      userIdsIn(v, out);
    }
  return out;
}

type AuditRow = { action: string; targetType: string; targetId: string; detail: Record<string, unknown> };
const domainActions = (files: Files, domainId: number) =>
  (files['audit.json'] as AuditRow[]).filter((r) => r.targetType === 'domain' && r.targetId === String(domainId)).map((r) => r.action);

async function staffActor() {
  const s = await newStaff({ totp: true });
  return { userId: s.id, ip: '198.51.100.9' };
}

describe('the archive of a name moved by staff', () => {
  it("A's archive keeps A's rows up to the move without B; B's starts at the move, without A or the notes about A", async () => {
    const a = await newCustomer('arcmva');
    const b = await newCustomer('arcmvb');
    const { domain, fqdn } = await heldDomain(a.id);
    const aContacts = [`m-${fqdn.split('.')[0]}@example.gr`, `t-${fqdn.split('.')[0]}@example.gr`];
    const actor = await staffActor();
    const t0 = Date.now();
    expect(await servicesAt(t0).staffDomainActions.renew(domain.id, { key: 'k-arc', reason: 'NOTE-ABOUT-A: ο πελάτης ζήτησε χάρη' }, actor)).toMatchObject({ ok: true });
    expect(await servicesAt(t0 + 1000).staffDomainActions.move(domain.id, { email: b.email, reason: `MOVE-NOTE: ${a.email} το ζήτησε` }, actor)).toMatchObject({ ok: true });
    expect(await servicesAt(t0 + 2000).staffDomainActions.setLock(domain.id, true, actor)).toMatchObject({ ok: true });

    const A = await archiveOf(a.id, t0 + 3000);
    const B = await archiveOf(b.id, t0 + 3000);

    // A: the staff actions while A held it, the move included (its note is about A), nothing after.
    expect(domainActions(A.json, domain.id)).toEqual(['domain.renew_goodwill', 'domain.move']);
    const move = (A.json['audit.json'] as AuditRow[]).find((r) => r.action === 'domain.move')!;
    expect(move.detail).toMatchObject({ before: { userId: a.id, email: a.email } });
    expect(move.detail).not.toHaveProperty('after');
    expect(A.json['domain-holdings.json']).toEqual([expect.objectContaining({ domainId: domain.id, fqdn, from: null, until: new Date(t0 + 1000).toISOString(), left: 'staff' })]);
    expect(A.text).not.toContain(b.email);
    expect(userIdsIn(A.json)).not.toContain(b.id);
    expect((A.json['domains.json'] as { id: number }[]).map((d) => d.id)).not.toContain(domain.id);

    // B: the name as held now, and only what happened after the move.
    expect(domainActions(B.json, domain.id)).toEqual(['domain.lock']);
    expect((B.json['domains.json'] as { id: number; heldSince: string | null }[]).find((d) => d.id === domain.id)).toMatchObject({ heldSince: new Date(t0 + 1000).toISOString() });
    expect(B.json['domain-holdings.json']).toEqual([expect.objectContaining({ domainId: domain.id, from: new Date(t0 + 1000).toISOString(), until: null, came: 'staff' })]);
    for (const s of [a.email, ...aContacts, 'NOTE-ABOUT-A', 'MOVE-NOTE']) expect(B.text, s).not.toContain(s);
    expect(userIdsIn(B.json)).not.toContain(a.id);
    // No staff member's account id in either (another person's identifier, like their IP).
    for (const files of [A.json, B.json]) expect(userIdsIn(files)).not.toContain(actor.userId);
  });
});

describe('the archive of a name handed over by its holder', () => {
  it("the offer is in both archives without the other side's identifiers; the staff rows split at the accept", async () => {
    const a = await newCustomer('archoa');
    const b = await newCustomer('archob');
    const { domain, fqdn } = await heldDomain(a.id, {}, { tld: 'com', registry: 'generic' });
    const actor = await staffActor();
    const t0 = Date.now();
    expect(await servicesAt(t0).staffDomainActions.setLock(domain.id, true, actor)).toMatchObject({ ok: true });
    expect(await servicesAt(t0 + 500).staffDomainActions.setLock(domain.id, false, actor)).toMatchObject({ ok: true });
    const offered = await servicesAt(t0 + 1000).handovers.offer(a.id, fqdn, { email: b.email, lang: 'el', origin: 'http://localhost' });
    if (!offered.ok) throw new Error(offered.reason);
    const mine = await ownContact(b.id);
    expect(await servicesAt(t0 + 2000).handovers.accept(b.id, offered.id, { roles: { registrant: mine.id } })).toMatchObject({ ok: true });
    expect(await servicesAt(t0 + 3000).staffDomainActions.setLock(domain.id, true, actor)).toMatchObject({ ok: true });

    const A = await archiveOf(a.id, t0 + 4000);
    const B = await archiveOf(b.id, t0 + 4000);

    expect(domainActions(A.json, domain.id)).toEqual(['domain.lock', 'domain.unlock']);
    expect(domainActions(B.json, domain.id)).toEqual(['domain.lock']);
    type Transfer = { id: number; direction: string; fqdn: string; status: string } & Record<string, unknown>;
    const sent = (A.json['domain-transfers.json'] as Transfer[]).find((r) => r.id === offered.id);
    const received = (B.json['domain-transfers.json'] as Transfer[]).find((r) => r.id === offered.id);
    expect(sent).toMatchObject({ direction: 'sent', fqdn, status: 'completed' });
    expect(received).toMatchObject({ direction: 'received', fqdn, status: 'completed' });
    expect(sent).not.toHaveProperty('toEmail');
    expect(sent).not.toHaveProperty('toUserId');
    expect(received).not.toHaveProperty('fromUserId');
    expect(A.text).not.toContain(b.email);
    expect(B.text).not.toContain(a.email);
    expect(userIdsIn(A.json)).not.toContain(b.id);
    expect(userIdsIn(B.json)).not.toContain(a.id);
    expect(B.json['domain-holdings.json']).toEqual([expect.objectContaining({ domainId: domain.id, from: new Date(t0 + 2000).toISOString(), came: 'handover' })]);
  });
});
