// The sandbox VAT check with its evidence in D1: every answer (valid or not) is kept with its
// consultation number; an unavailable member state is an error and leaves no evidence.
import { env } from 'cloudflare:workers';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../core/errors';
import { createDb } from '../../db/client';
import { vatChecks } from '../../db/schema/payments';
import { VatCheckError, type VatCheckPort } from '../../worker/adapters/vat-check/port';
import { createSandboxVatCheck, withVatCheckEvidence } from '../../worker/adapters/vat-check/sandbox';

const db = createDb(env.DB);
// A distinct clock per test: evidence rows are found by number and time, whatever else is in the table.
let tick = 0;
const clock = () => new Date(Date.UTC(2026, 4, 12, 9, 0, 0) + Date.now() % 1_000_000 * 1000 + tick++ * 60_000);

async function evidenceOf(countryCode: string, vatNumber: string, checkedAt: string) {
  return db
    .select()
    .from(vatChecks)
    .where(and(eq(vatChecks.countryCode, countryCode), eq(vatChecks.vatNumber, vatNumber), eq(vatChecks.checkedAt, new Date(checkedAt))));
}

describe('sandbox VAT check evidence', () => {
  it('keeps a valid answer with its name, address and consultation number', async () => {
    const now = clock();
    const result = await createSandboxVatCheck(db, { now: () => now }).check('CY', 'CY 10123456X');
    expect(result).toMatchObject({ valid: true, countryCode: 'CY', vatNumber: '10123456X', name: 'PARADIGMA TRADING LTD', source: 'sandbox', checkedAt: now.toISOString() });
    expect(result.requestIdentifier).toMatch(/^WAPIAAAA[0-9A-Z]{8}$/);
    const rows = await evidenceOf('CY', '10123456X', result.checkedAt);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      valid: true,
      name: 'PARADIGMA TRADING LTD',
      address: result.address,
      requestIdentifier: result.requestIdentifier,
      source: 'sandbox',
      checkedAt: now,
    });
  });

  it('keeps "no" answers too: a Greek number with a wrong check digit, and a malformed one', async () => {
    const now = clock();
    const vat = createSandboxVatCheck(db, { now: () => now });
    const wrongDigit = await vat.check('GR', 'EL 800 187 404');
    expect(wrongDigit).toMatchObject({ valid: false, countryCode: 'EL', vatNumber: '800187404' });
    const [row] = await evidenceOf('EL', '800187404', wrongDigit.checkedAt);
    expect(row).toMatchObject({ valid: false, requestIdentifier: wrongDigit.requestIdentifier });
    expect(row?.requestIdentifier).not.toBeNull();

    const malformed = await vat.check('DE', '12-34');
    expect(malformed).toMatchObject({ valid: false, vatNumber: '1234', requestIdentifier: null });
    expect(await evidenceOf('DE', '1234', malformed.checkedAt)).toMatchObject([{ valid: false, name: null, requestIdentifier: null }]);
  });

  it('keeps each consultation separately', async () => {
    const now = clock();
    const vat = createSandboxVatCheck(db, { now: () => now });
    const first = await vat.check('IT', '01234567890');
    const second = await vat.check('IT', 'IT01234567890');
    expect(first.requestIdentifier).not.toBe(second.requestIdentifier);
    expect(await evidenceOf('IT', '01234567890', now.toISOString())).toHaveLength(2);
  });

  it('throws when the member state is unavailable and keeps nothing', async () => {
    const now = clock();
    const error = await createSandboxVatCheck(db, { now: () => now })
      .check('DE', '999999999')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VatCheckError);
    expect((error as VatCheckError).code).toBe(ErrorCode.NETWORK_CONNECTION_ERROR);
    expect(await evidenceOf('DE', '999999999', now.toISOString())).toHaveLength(0);
  });

  it('records the real client’s answers the same way', async () => {
    const now = clock();
    const fakeVies: VatCheckPort = {
      async check() {
        return { valid: true, countryCode: 'AT', vatNumber: 'U12345678', name: '---', address: '---', requestIdentifier: 'WAPIAAAAVIES0001', checkedAt: now.toISOString(), source: 'vies' };
      },
    };
    await withVatCheckEvidence(db, fakeVies).check('AT', 'ATU12345678');
    expect(await evidenceOf('AT', 'U12345678', now.toISOString())).toMatchObject([{ source: 'vies', requestIdentifier: 'WAPIAAAAVIES0001', valid: true }]);
  });
});
