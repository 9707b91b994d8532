// The sandbox hosting panel against real D1 inside workerd: idempotent creation, usernames and
// addresses, the build time of servers, the lifecycle rules and the test switches.
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../core/errors';
import { hostingPasswordError } from '../../core/validation/password-rules';
import { createDb } from '../../db/client';
import { sandboxHostingAccounts, sandboxSwitches } from '../../db/schema/fulfilment-sandboxes';
import { ProvisionerError, type CreateAccountInput } from '../../worker/adapters/provisioner/port';
import { createSandboxProvisioner, PROVISIONER_SYSTEM, PROVISIONING_DELAY_MS } from '../../worker/adapters/provisioner/sandbox';

const db = createDb(env.DB);
const T0 = Date.parse('2025-03-01T10:00:00Z');
const DAY = 24 * 60 * 60_000;
/** The panel as seen at T0 + ms. */
const panelAt = (ms = 0, sleep?: (ms: number) => Promise<void>) => createSandboxProvisioner(db, { now: () => new Date(T0 + ms), sleep });
const uid = () => crypto.randomUUID().replace(/-/g, '').slice(0, 6);

function input(overrides: Partial<CreateAccountInput> = {}): CreateAccountInput {
  return {
    reference: `oi_${uid()}`,
    sku: 'sha_lin_plus',
    productType: 'hosting-shared-linux',
    domain: `k${uid()}.gr`,
    lengthMonths: 12,
    options: {},
    contactEmail: 'nikos@example.gr',
    ...overrides,
  };
}

async function refusal(p: Promise<unknown>): Promise<ProvisionerError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ProvisionerError);
  return err as ProvisionerError;
}

async function setSwitch(values: { maintenance?: boolean; failing?: boolean; latencyMs?: number }) {
  await db
    .insert(sandboxSwitches)
    .values({ system: PROVISIONER_SYSTEM, ...values })
    .onConflictDoUpdate({ target: sandboxSwitches.system, set: values });
}

afterEach(async () => {
  await db.delete(sandboxSwitches).where(eq(sandboxSwitches.system, PROVISIONER_SYSTEM));
});

describe('creating accounts', () => {
  it('makes shared hosting active at once, on a web server, for the ordered length', async () => {
    const req = input({ domain: 'Kalimera-Shop.gr' });
    const account = await panelAt().createAccount(req);
    expect(account).toMatchObject({ reference: req.reference, sku: 'sha_lin_plus', domain: 'kalimera-shop.gr', status: 'active' });
    expect(account.server).toMatch(/^web\d{2}\.gr\.example\.net$/);
    expect(account.panelUrl).toBe(`https://${account.server}:2083/`);
    expect(account.username).toMatch(/^kalimera|^kalimer\d|^kalime\d\d|^kalim\d{3}$/);
    expect(account.createdAt.getTime()).toBe(T0);
    expect(account.expiresAt.toISOString()).toBe('2026-03-01T10:00:00.000Z');
  });

  it('puts WordPress, Windows and semi-dedicated on their own servers', async () => {
    const wp = await panelAt().createAccount(input({ sku: 'sha_wp_business_s', productType: 'hosting-wp-business' }));
    const win = await panelAt().createAccount(input({ sku: 'sha_win_pro', productType: 'hosting-shared-windows' }));
    const semi = await panelAt().createAccount(input({ sku: 'semi_fr_1', productType: 'hosting-semi' }));
    expect(wp.server).toMatch(/^wp\d{2}\.gr\.example\.net$/);
    expect(win.server).toMatch(/^win\d{2}\.gr\.example\.net$/);
    expect(semi.server).toMatch(/^semi\d{2}\.fr\.example\.net$/);
    expect([wp.status, win.status, semi.status]).toEqual(['active', 'active', 'active']);
  });

  it('answers a retry with the account it already made, never a second one', async () => {
    const req = input();
    const first = await panelAt().createAccount(req);
    const again = await panelAt(5_000).createAccount(req);
    expect(again).toEqual(first);
    const rows = await db.select().from(sandboxHostingAccounts).where(eq(sandboxHostingAccounts.reference, req.reference));
    expect(rows).toHaveLength(1);
  });

  it('makes one account of two racing creates with the same reference', async () => {
    const req = input({ sku: 'vps_lin_s', productType: 'hosting-vps-linux', domain: null });
    const [a, b] = await Promise.all([panelAt().createAccount(req), panelAt().createAccount(req)]);
    expect(a.accountId).toBe(b.accountId);
    const rows = await db.select().from(sandboxHostingAccounts).where(eq(sandboxHostingAccounts.reference, req.reference));
    expect(rows).toHaveLength(1);
  });

  it('refuses a reference reused for another plan', async () => {
    const req = input();
    await panelAt().createAccount(req);
    const err = await refusal(panelAt().createAccount({ ...req, sku: 'sha_lin_pro' }));
    expect(err.code).toBe(ErrorCode.VALIDATION_ERROR);
    expect(err.detail.reason).toBe('reference_reused');
  });

  it('derives unique usernames from the domain, with a suffix on collision', async () => {
    const label = `t${uid()}x`; // exactly 8 characters
    const a = await panelAt().createAccount(input({ domain: `${label}.gr` }));
    const b = await panelAt().createAccount(input({ domain: `${label}.com.gr` }));
    const c = await panelAt().createAccount(input({ domain: `www.${label}.eu` }));
    expect(a.username).toBe(label);
    expect(b.username).toBe(`${label.slice(0, 7)}1`);
    expect(c.username).toBe(`${label.slice(0, 7)}2`);
  });

  it('transliterates a Greek domain and uses the reference when there is no domain', async () => {
    const greek = await panelAt().createAccount(input({ domain: 'ψωμί.gr' }));
    expect(greek.username).toMatch(/^psomi\d{0,3}$/);
    const ref = `r${uid()}`;
    const bare = await panelAt().createAccount(input({ reference: ref, domain: null }));
    expect(bare.username).toBe(`h${ref}`.slice(0, 8));
  });

  it('refuses what the panel does not host, and bad input', async () => {
    expect((await refusal(panelAt().createAccount(input({ productType: 'ssl' })))).code).toBe(ErrorCode.SERVER_PROVIDER_PRODUCT_NOT_FOUND);
    expect((await refusal(panelAt().createAccount(input({ lengthMonths: 0 })))).code).toBe(ErrorCode.VALIDATION_ERROR);
    expect((await refusal(panelAt().createAccount(input({ contactEmail: 'nobody' })))).code).toBe(ErrorCode.VALIDATION_ERROR);
    expect((await refusal(panelAt().createAccount(input({ reference: ' ' })))).code).toBe(ErrorCode.VALIDATION_ERROR);
  });

  it('gives free hosting only to a domain, once', async () => {
    const noDomain = await refusal(panelAt().createAccount(input({ sku: 'free_hosting', productType: 'hosting-free', domain: null })));
    expect(noDomain.code).toBe(ErrorCode.FREE_HOSTING_CANT_BE_ACTIVATED);
    const domain = `f${uid()}.gr`;
    const first = await panelAt().createAccount(input({ sku: 'free_hosting', productType: 'hosting-free', domain }));
    expect(first.status).toBe('active');
    const second = await refusal(panelAt().createAccount(input({ sku: 'free_hosting', productType: 'hosting-free', domain })));
    expect(second.code).toBe(ErrorCode.FREE_HOSTING_CANT_BE_ACTIVATED);
    // Once the first is gone, the domain may have free hosting again.
    await panelAt().terminate(first.accountId);
    expect((await panelAt().createAccount(input({ sku: 'free_hosting', productType: 'hosting-free', domain }))).status).toBe('active');
  });
});

describe('servers', () => {
  it('builds a VPS for two minutes, then reports it active', async () => {
    const vps = await panelAt().createAccount(input({ sku: 'vps_lin_s', productType: 'hosting-vps-linux', domain: null }));
    expect(vps.status).toBe('provisioning');
    expect(vps.server).toMatch(/^192\.0\.2\.\d{1,3}$/);
    expect(vps.panelUrl).toBe(`https://console.example.net/servers/${vps.accountId}`);
    expect((await panelAt(PROVISIONING_DELAY_MS - 1).getAccount(vps.accountId)).status).toBe('provisioning');
    expect((await panelAt(PROVISIONING_DELAY_MS).getAccount(vps.accountId)).status).toBe('active');
    // Once ready it stays ready, whatever clock asks next.
    expect((await panelAt(0).getAccount(vps.accountId)).status).toBe('active');
  });

  it('gives every machine its own address, dedicated servers from their own block', async () => {
    const a = await panelAt().createAccount(input({ sku: 'vps_lin_m', productType: 'hosting-vps-linux', domain: null }));
    const b = await panelAt().createAccount(input({ sku: 'vps_win_m', productType: 'hosting-vps-windows', domain: null }));
    const d = await panelAt().createAccount(input({ sku: 'dedi_gr_e3', productType: 'hosting-dedi-greece', domain: null }));
    expect(a.server).not.toBe(b.server);
    expect(d.server).toMatch(/^198\.51\.100\.\d{1,3}$/);
    expect(d.status).toBe('provisioning');
  });

  it('returns a terminated machine\'s address to the pool', async () => {
    const vps = await panelAt().createAccount(input({ sku: 'vps_lin_s', productType: 'hosting-vps-linux', domain: null }));
    await panelAt().terminate(vps.accountId);
    const [row] = await db.select().from(sandboxHostingAccounts).where(eq(sandboxHostingAccounts.accountId, vps.accountId));
    expect(row?.ip).toBeNull();
    expect(row?.server).toBe(vps.server);
  });

  it('has no panel user to change the password of while building', async () => {
    const vps = await panelAt().createAccount(input({ sku: 'vps_lin_s', productType: 'hosting-vps-linux', domain: null }));
    expect((await refusal(panelAt().changePassword(vps.accountId))).code).toBe(ErrorCode.ACTION_NOT_ALLOWED);
    expect(hostingPasswordError(await panelAt(PROVISIONING_DELAY_MS).changePassword(vps.accountId))).toBeNull();
  });
});

describe('lifecycle', () => {
  it('suspends and unsuspends, refusing the moves that make no sense', async () => {
    const { accountId } = await panelAt().createAccount(input());
    expect((await refusal(panelAt().unsuspend(accountId))).code).toBe(ErrorCode.ACTION_NOT_ALLOWED);
    expect((await panelAt().suspend(accountId, 'unpaid')).status).toBe('suspended');
    expect((await refusal(panelAt().suspend(accountId, 'again'))).code).toBe(ErrorCode.ACTION_NOT_ALLOWED);
    expect((await panelAt().unsuspend(accountId)).status).toBe('active');
  });

  it('does nothing more to a terminated account, but still describes it', async () => {
    const { accountId } = await panelAt().createAccount(input());
    await panelAt().suspend(accountId, 'abuse');
    expect((await panelAt().terminate(accountId)).status).toBe('terminated');
    const p = panelAt();
    // Called one at a time, so no refusal is left unhandled while another is awaited.
    const attempts = [() => p.suspend(accountId, 'x'), () => p.unsuspend(accountId), () => p.terminate(accountId), () => p.changePassword(accountId), () => p.renew(accountId, 12)];
    for (const attempt of attempts) {
      const err = await refusal(attempt());
      expect(err.code).toBe(ErrorCode.ACTION_NOT_ALLOWED);
      expect(err.detail.status).toBe('terminated');
    }
    expect((await p.getAccount(accountId)).status).toBe('terminated');
  });

  it('answers an unknown account with 40501', async () => {
    expect((await refusal(panelAt().getAccount('ha_missing'))).code).toBe(ErrorCode.SERVER_PROVIDER_PRODUCT_NOT_FOUND);
    expect((await refusal(panelAt().suspend('ha_missing', 'x'))).code).toBe(ErrorCode.SERVER_PROVIDER_PRODUCT_NOT_FOUND);
  });

  it('renews by extending the expiry, once per reference', async () => {
    const { accountId, expiresAt } = await panelAt().createAccount(input({ lengthMonths: 1 }));
    expect(expiresAt.toISOString()).toBe('2025-04-01T10:00:00.000Z');
    const renewed = await panelAt(20 * DAY).renew(accountId, 12, 'oi_renew_1');
    expect(renewed.expiresAt.toISOString()).toBe('2026-04-01T10:00:00.000Z');
    // The retry of the same renewal: already applied.
    expect((await panelAt(20 * DAY).renew(accountId, 12, 'oi_renew_1')).expiresAt.toISOString()).toBe('2026-04-01T10:00:00.000Z');
    // A suspended account can be renewed (that is how it comes back from non-payment).
    await panelAt().suspend(accountId, 'unpaid');
    expect((await panelAt().renew(accountId, 1, 'oi_renew_2')).expiresAt.toISOString()).toBe('2026-05-01T10:00:00.000Z');
  });

  it('generates passwords that meet the panel password rules', async () => {
    const { accountId } = await panelAt().createAccount(input());
    const one = await panelAt().changePassword(accountId);
    const two = await panelAt().changePassword(accountId);
    expect(hostingPasswordError(one)).toBeNull();
    expect(two).not.toBe(one);
  });
});

describe('test switches', () => {
  it('answers 49997 in maintenance, with the reason', async () => {
    const { accountId } = await panelAt().createAccount(input());
    await setSwitch({ maintenance: true });
    const err = await refusal(panelAt().getAccount(accountId));
    expect(err.code).toBe(ErrorCode.NETWORK_CONNECTION_ERROR);
    expect(err.detail.reason).toBe('maintenance');
  });

  it('fails every call while failing, creating nothing, and works again after', async () => {
    const req = input();
    await setSwitch({ failing: true });
    const err = await refusal(panelAt().createAccount(req));
    expect(err.code).toBe(ErrorCode.NETWORK_CONNECTION_ERROR);
    expect(err.detail.reason).toBe('failing');
    expect(await db.select().from(sandboxHostingAccounts).where(eq(sandboxHostingAccounts.reference, req.reference))).toHaveLength(0);
    await setSwitch({ failing: false });
    expect((await panelAt().createAccount(req)).status).toBe('active');
  });

  it('waits the configured latency before answering', async () => {
    await setSwitch({ latencyMs: 1500 });
    const waits: number[] = [];
    await panelAt(0, async (ms) => {
      waits.push(ms);
    }).createAccount(input());
    expect(waits).toEqual([1500]);
  });
});
