// Issue #32 §3: an account registered by SMS never proved its e-mail address, so it must not stand
// between that address and a staff invitation. The invitation treats it as no account: the invitee
// gets the new-account form, and accepting it takes the address over (as an e-mail registration
// does, decision 023): the unproved account keeps its data under a placeholder address, its sessions
// end, and its verified mobile is told by SMS.
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../db/client';
import { DEMO_USERS } from '../../db/seed';
import { users } from '../../db/schema';
import { servicesAt, uniqueName } from './customers';
import { Browser, form, login } from './helpers';
import { ADMIN, staffBrowser } from './staff';

const db = createDb(env.DB);
const PASSWORD = 'Kalimera-Thalassa-42!';

async function invitationLink(to: string): Promise<string> {
  const [m] = (await servicesAt().outbox.list({ to })).filter((x) => x.tag === 'staff_invitation');
  const link = /(http\S+\/admin\/invitation\?t=\S+)/.exec(m?.body ?? '')?.[1];
  if (!link) throw new Error(`no invitation mail to ${to}`);
  return link;
}

describe('a staff invitation to an address only an unproved account holds', () => {
  it('treats that account as none: the new-account form, and the address moves to the new member', async () => {
    const email = `${uniqueName('unproved')}@example.gr`;
    const mobile = `+3069${String(Date.now()).slice(-8)}`;
    const now = new Date();
    // Registered by SMS: the mobile is proven, the address is not.
    const [squatter] = await db
      .insert(users)
      .values({ email, passwordHash: DEMO_USERS[0].passwordHash, firstName: 'Κάποιος', lastName: 'Άλλος', mobile, mobileVerifiedAt: now, emailVerifiedAt: null, gdprProcessingAt: now, gdprValidityAt: now, createdAt: now, updatedAt: now })
      .returning();
    const session = new Browser();
    expect((await login(session, email, DEMO_USERS[0].password)).status).toBe(303);

    const { b: admin } = await staffBrowser();
    const { token } = await admin.open(`${ADMIN}/admin/staff`);
    const res = await admin.fetch(`${ADMIN}/admin/staff`, form({ _token: token, intent: 'invite', email, group: 'support' }));
    expect(res.status).toBe(303);
    expect(res.headers.get('Location')).toContain('done=invited');
    expect(res.headers.get('Location')).not.toContain('invited_existing');

    const link = await invitationLink(email);
    const invitee = new Browser();
    const page = await invitee.open(link);
    expect(page.html).toContain('name="password_confirmation"');
    expect(page.html).not.toContain('name="current_password"');
    const t = new URL(link).searchParams.get('t')!;
    const accepted = await invitee.fetch(link, form({ _token: page.token, t, first_name: 'Σοφία', last_name: 'Νέα', password: PASSWORD, password_confirmation: PASSWORD, gdpr_accept: 'on' }));
    expect(accepted.status).toBe(303);
    expect(accepted.headers.get('Location')).toBe('/admin/invitation?accepted=1');

    const [member] = await db.select().from(users).where(eq(users.email, email));
    expect(member).toMatchObject({ userGroup: 'support', firstName: 'Σοφία' });
    expect(member!.id).not.toBe(squatter!.id);
    expect(member!.emailVerifiedAt).not.toBeNull();
    // The unproved account keeps its data, not the address; its sessions end; its mobile is told.
    const [old] = await db.select().from(users).where(eq(users.id, squatter!.id));
    expect(old).toMatchObject({ userGroup: 'user', firstName: 'Κάποιος', mobile });
    expect(old!.email).toMatch(/@reclaimed\.invalid$/);
    expect((await session.fetch('/account')).status).toBe(303);
    expect((await servicesAt().outbox.list({ to: mobile })).filter((m) => m.tag === 'email_reclaimed')).toHaveLength(1);
  }, 30_000);
});
