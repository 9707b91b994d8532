// The GDPR consents form (spec §3 GDPR consents, §5 GDPR; issue #24 §3): processing approval, data
// validity and 'accept all' are required, each with its own message; the communication agreement and
// the newsletter are optional. The newsletter forms take an e-mail address.
import { z } from 'zod';
import { emailField } from './account-forms';
import { checkbox, requiredCheckbox } from './required-rules';

export const consentsSchema = z.object({
  gdpr_processing: requiredCheckbox('GDPR_PROCESSING'),
  gdpr_validity: requiredCheckbox('GDPR_VALIDITY'),
  gdpr_communication: checkbox(),
  newsletter: checkbox(),
  accept_all: requiredCheckbox('GDPR_ACCEPT_ALL'),
});
export type ConsentsInput = z.infer<typeof consentsSchema>;

export const newsletterEmailSchema = z.object({ email: emailField() });
