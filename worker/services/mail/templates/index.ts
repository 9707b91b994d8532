// Every template the app sends (issue #33): one registry, one file of templates per subject. A new
// subject adds its file and one line here.
import { accountTemplates } from './account';

export const mailTemplates = {
  ...accountTemplates,
};

export type MailTemplateKey = keyof typeof mailTemplates;
