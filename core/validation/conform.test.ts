// The rules as a form sees them: conform turns FormData into values (empty → undefined, 'on' → true)
// before zod runs, in the browser and in the action alike.
import { parseWithZod } from '@conform-to/zod/v4';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { decodeMessage, MESSAGES } from './messages';
import { checkbox, optionalText, requiredSelect, requiredText, requiredWhen, termsAccepted } from './required-rules';
import { lengthRange } from './text-rules';
import { email } from './email-rules';
import { passwordStrengthAtLeast } from './password-rules';
import { confirmed, uniqueItems } from './matching-rules';
import { nameServer } from './nameserver-rules';

const registration = confirmed(
  requiredWhen(
    z.object({
      email: requiredText(email()),
      password: requiredText(lengthRange(8, 64), passwordStrengthAtLeast(2)),
      password_confirm: optionalText(),
      country: requiredSelect(['GR', 'CY', 'DE']),
      state: optionalText(),
      newsletter: checkbox(),
      terms: termsAccepted(),
    }),
    [{ field: 'state', when: { field: 'country', in: ['GR'] } }],
  ),
  { field: 'password', confirm: 'password_confirm' },
);

function form(entries: Record<string, string>): FormData {
  const data = new FormData();
  for (const [k, v] of Object.entries(entries)) data.append(k, v);
  return data;
}

function fieldErrors(data: FormData, schema: z.ZodType = registration): Record<string, string[]> {
  const submission = parseWithZod(data, { schema });
  if (submission.status === 'success') return {};
  const out: Record<string, string[]> = {};
  for (const [name, messages] of Object.entries(submission.error ?? {})) out[name] = (messages ?? []).map((m) => decodeMessage(m).key);
  return out;
}

describe('rules through conform', () => {
  it('reports every empty required field with the REQUIRED message', () => {
    expect(fieldErrors(form({ email: '', password: '', country: '' }))).toEqual({
      email: [MESSAGES.REQUIRED],
      password: [MESSAGES.REQUIRED],
      country: [MESSAGES.REQUIRED],
      terms: [MESSAGES.TERMS],
    });
  });

  it('applies the conditional, confirmation and format rules together', () => {
    const errors = fieldErrors(form({ email: 'x@y', password: 'Abcdef123', password_confirm: 'Abcdef12', country: 'GR', terms: 'on' }));
    expect(errors).toEqual({ email: [MESSAGES.EMAIL], state: [MESSAGES.REQUIRED], password_confirm: [MESSAGES.NOTCONFIRMED] });
  });

  it('accepts a complete form and types its values', () => {
    const submission = parseWithZod(
      form({ email: 'a@b.gr', password: 'Abcdef123', password_confirm: 'Abcdef123', country: 'GR', state: 'Αττική', newsletter: 'on', terms: 'on' }),
      { schema: registration },
    );
    expect(submission.status).toBe('success');
    if (submission.status === 'success') expect(submission.value).toMatchObject({ newsletter: true, terms: true, state: 'Αττική' });
  });

  it('puts array errors on the item index', () => {
    const schema = z.object({ ns: z.array(optionalText(nameServer({ scope: 'name_server', idn: true }))).check(uniqueItems()) });
    const errors = fieldErrors(form({ 'ns[0]': 'ns1.example.gr', 'ns[1]': 'NS1.example.gr', 'ns[2]': 'ns_3.example.gr' }), schema);
    expect(errors).toEqual({ 'ns[1]': [MESSAGES.UNIQUE], 'ns[2]': [MESSAGES['NAME_SERVERS.INVALID_CHARS']] });
  });
});
