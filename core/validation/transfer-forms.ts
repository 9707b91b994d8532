// The forms of the ownership page and the transfers list (issue #12 §5): one schema per form, used by
// conform in the browser and by the route's action on the server.
import { z } from 'zod';
import { issueMessage } from './messages';
import { requiredCheckbox, requiredSelect } from './required-rules';
import { maxLength } from './text-rules';
import { email } from './email-rules';

/** The holder offers the name to an e-mail address. */
export const handoverOfferSchema = z.object({
  email: z
    .string({ error: issueMessage('REQUIRED') })
    .trim()
    .check(z.refine<string>((v) => v !== '', { error: issueMessage('REQUIRED'), abort: true }), email(), maxLength(254)),
});

/** An offer named by its id (cancel, accept, decline). */
export const handoverIdSchema = z.object({ id: z.coerce.number().int().positive() });

/** A trade: the new registrant (one of the customer's contacts) and the registry's terms. */
export const tradeSchema = z.object({ registrant: requiredSelect(), agree: requiredCheckbox('TERMS') });
