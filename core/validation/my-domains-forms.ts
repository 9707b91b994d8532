// The my-domains forms (issue #12 §2): the list's bulk form and the domain page's switches.
import { z } from 'zod';
import { BULK_ACTIONS, BULK_MAX } from '../domains/portal';

/** The bulk form: one action and the ticked names (`domain`, repeated). */
export const bulkSchema = z.object({
  action: z.enum(BULK_ACTIONS),
  domain: z.array(z.string().trim().min(1).max(253)).min(1).max(BULK_MAX),
});

/** An on/off switch of the domain page (auto-renew, lock, ID protect). */
export const switchSchema = z.object({ value: z.enum(['on', 'off']) });
