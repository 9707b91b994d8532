// Every template the app sends (issue #33): one registry, one file of templates per subject. A new
// subject adds its file and one line here.
import { accountTemplates } from './account';
import { accountCodeTemplates } from './account-codes';
import { domainTemplates } from './domains';
import { newsletterTemplates } from './newsletter';
import { privacyTemplates } from './privacy';
import { reminderTemplates } from './reminders';
import { staffTemplates } from './staff';

export const mailTemplates = {
  ...accountTemplates,
  ...accountCodeTemplates,
  ...privacyTemplates,
  ...staffTemplates,
  ...newsletterTemplates,
  ...domainTemplates,
  ...reminderTemplates,
};

export type MailTemplateKey = keyof typeof mailTemplates;
