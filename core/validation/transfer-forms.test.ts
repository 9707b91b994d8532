import { parseWithZod } from '@conform-to/zod/v4';
import { describe, expect, it } from 'vitest';
import { decodeMessage } from './messages';
import { handoverIdSchema, handoverOfferSchema, tradeSchema } from './transfer-forms';

function parse(schema: Parameters<typeof parseWithZod>[1]['schema'], entries: Record<string, string>) {
  const data = new FormData();
  for (const [k, v] of Object.entries(entries)) data.append(k, v);
  const submission = parseWithZod(data, { schema });
  if (submission.status === 'success') return { ok: true as const, value: submission.value as Record<string, unknown> };
  return { ok: false as const, errors: Object.fromEntries(Object.entries(submission.error ?? {}).map(([k, v]) => [k, (v ?? []).map((m) => decodeMessage(m).key)])) };
}

describe('transfer forms', () => {
  it('the offer needs an e-mail address, trimmed', () => {
    expect(parse(handoverOfferSchema, { email: '  eleni@example.gr ' })).toEqual({ ok: true, value: { email: 'eleni@example.gr' } });
    expect(parse(handoverOfferSchema, {})).toMatchObject({ ok: false, errors: { email: ['validation:required'] } });
    expect(parse(handoverOfferSchema, { email: 'eleni@' })).toMatchObject({ ok: false, errors: { email: ['validation:email'] } });
  });

  it('an offer is named by a positive id', () => {
    expect(parse(handoverIdSchema, { id: '12' })).toEqual({ ok: true, value: { id: 12 } });
    expect(parse(handoverIdSchema, { id: 'x' }).ok).toBe(false);
    expect(parse(handoverIdSchema, { id: '0' }).ok).toBe(false);
  });

  it('a trade needs the new registrant and the registry terms', () => {
    expect(parse(tradeSchema, { registrant: '4', agree: 'on' })).toEqual({ ok: true, value: { registrant: '4', agree: true } });
    expect(parse(tradeSchema, { registrant: '4' })).toMatchObject({ ok: false, errors: { agree: ['validation:terms'] } });
    expect(parse(tradeSchema, { agree: 'on' })).toMatchObject({ ok: false, errors: { registrant: ['validation:required'] } });
  });
});
