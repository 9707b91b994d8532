// The back office's staff forms (issue #22 §1): inviting a member of staff, changing a member's group,
// and the invitee's acceptance (a new account's name and password by the house rules, or the current
// password of an account the address already has).
import { z } from 'zod';
import { STAFF_GROUPS } from '../staff/permissions';
import { confirmed } from './matching-rules';
import { requiredSelect, requiredText } from './required-rules';
import { registerStep1Schema } from './account-forms';
import { maxLength } from './text-rules';

const step1 = registerStep1Schema.shape;

export const staffInviteSchema = z.object({
  email: step1.email,
  group: requiredSelect(STAFF_GROUPS),
});

export const staffGroupSchema = z.object({
  id: requiredText(maxLength(12)),
  group: requiredSelect(STAFF_GROUPS),
});

export const staffMemberSchema = z.object({ id: requiredText(maxLength(12)) });

/** A new account: the invitee's name and a password by the registration's rules (spec §5). */
export const invitationNewAccountSchema = confirmed(
  z.object({ t: requiredText(maxLength(200)), first_name: step1.first_name, last_name: step1.last_name, password: step1.password, password_confirmation: step1.password_confirmation }),
  { field: 'password', confirm: 'password_confirmation' },
);

/** An address that already has an account: its owner proves it with the account's password. */
export const invitationExistingAccountSchema = z.object({ t: requiredText(maxLength(200)), current_password: requiredText(maxLength(128)) });
