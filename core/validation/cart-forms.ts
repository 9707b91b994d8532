// The cart's forms (issue #5 §1): a domain's configuration, a new contact with the minimum fields, a
// nameserver group. Shared by the page (conform) and the action.
import { z } from 'zod';
import { COUNTRY_CODES } from './account-forms';
import { issueMessage } from './messages';
import { checkbox, optionalText, requiredSelect, requiredText } from './required-rules';
import { lengthRange, maxLength } from './text-rules';
import { email } from './email-rules';
import { nameServer, nameServerCount } from './nameserver-rules';

const contactId = z.coerce.number({ error: issueMessage('REQUIRED') }).int().positive().optional();

export const domainConfigSchema = z
  .object({
    id: requiredText(),
    registrant: contactId,
    admin: contactId,
    tech: contactId,
    billing: contactId,
    // 'default': our nameservers (issue #25 §4); 'none' is the older name of the same choice.
    ns_mode: z.enum(['default', 'group', 'custom', 'none']).optional(),
    ns_group: z.coerce.number().int().positive().optional(),
    ns: z.array(optionalText(nameServer({ scope: 'name_server', idn: true }))).optional(),
    agree: checkbox(),
    xxx_resolve: z.enum(['yes', 'no']).optional(),
    xxx_token: optionalText(maxLength(64)),
  })
  .superRefine((v, ctx) => {
    if (v.ns_mode === 'group' && !v.ns_group) ctx.addIssue({ code: 'custom', path: ['ns_group'], message: issueMessage('REQUIRED'), input: v.ns_group });
    if (v.xxx_resolve === 'yes' && !(v.xxx_token ?? '').trim()) ctx.addIssue({ code: 'custom', path: ['xxx_token'], message: issueMessage('REQUIRED'), input: v.xxx_token });
  });

const nameText = () => requiredText(lengthRange(1, 60));

export const contactSchema = z.object({
  first_name: nameText(),
  last_name: nameText(),
  first_name_int: optionalText(maxLength(60)),
  last_name_int: optionalText(maxLength(60)),
  organisation: optionalText(maxLength(120)),
  email: requiredText(email(), maxLength(100)),
  phone: requiredText(lengthRange(6, 20)),
  address: requiredText(lengthRange(3, 120)),
  city: requiredText(lengthRange(2, 60)),
  postcode: requiredText(lengthRange(3, 10)),
  country: requiredSelect(COUNTRY_CODES),
});

export const nameserverGroupSchema = z.object({
  name: requiredText(lengthRange(2, 60)),
  ns: z.array(optionalText(nameServer({ scope: 'name_server', idn: true }))).check(nameServerCount({ min: 2, max: 13 })),
});
