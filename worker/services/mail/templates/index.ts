// Every template the app sends (issue #33): one registry, one file of templates per subject. A new
// subject adds its file and one line here.
import { accountTemplates } from './account';
import { accountCodeTemplates } from './account-codes';
import { documentTemplates } from './documents';
import { domainTemplates } from './domains';
import { newsletterTemplates } from './newsletter';
import { orderTemplates } from './orders';
import { privacyTemplates } from './privacy';
import { reminderTemplates } from './reminders';
import { serviceTemplates } from './services';
import { staffTemplates } from './staff';

export const mailTemplates = {
  ...accountTemplates,
  ...accountCodeTemplates,
  ...privacyTemplates,
  ...staffTemplates,
  ...newsletterTemplates,
  ...domainTemplates,
  ...reminderTemplates,
  ...orderTemplates,
  ...documentTemplates,
  ...serviceTemplates,
};

export type MailTemplateKey = keyof typeof mailTemplates;
