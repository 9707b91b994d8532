// The registrant a registry records (issue #20 §1): its postal address with its real city, never a
// placeholder. The sandbox registry keeps what it was sent, so the test reads it there.
import { env } from 'cloudflare:workers';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../db/client';
import { registryObjects } from '../../db/schema';
import { readyCart, servicesAt } from './customers';

const db = createDb(env.DB);

describe('the registrant sent to the registry', () => {
  it('carries the contact\'s address, city and postcode', async () => {
    const c = await readyCart('regcity');
    const placed = await servicesAt().orders.placeOrder(c.owner, { profileId: c.profileId, method: 'bank_transfer', idempotencyKey: crypto.randomUUID(), lang: 'el', uniqueId: null });
    if (!placed.ok) throw new Error(`place ${placed.code}`);
    await servicesAt().orders.confirmBankTransfer(placed.orderId);
    const [row] = await db.select().from(registryObjects).where(and(eq(registryObjects.registry, 'gr'), eq(registryObjects.name, c.name)));
    expect(row!.registrant).toMatchObject({ address: 'Οδός 1', city: 'Αθήνα', postcode: '10431', country: 'GR' });
  });
});
