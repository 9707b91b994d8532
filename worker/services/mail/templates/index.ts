// Every template the app sends (issue #33): one registry, one file of templates per subject. A new
// subject adds its file and one line here.
import { accountTemplates } from './account';
import { documentTemplates } from './documents';
import { orderTemplates } from './orders';
import { serviceTemplates } from './services';

export const mailTemplates = {
  ...accountTemplates,
  ...orderTemplates,
  ...documentTemplates,
  ...serviceTemplates,
};

export type MailTemplateKey = keyof typeof mailTemplates;
