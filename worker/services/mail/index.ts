// The mail area's public face (issue #33): the queue every message goes through and its templates.
export { createMailService, MAX_ATTEMPTS, type MailService, type ParamsOf, type Queued, type SendInput, type SendToUserInput } from './queue';
export { mailTemplates, type MailTemplateKey } from './templates';
export { MailParamsError } from './compose';
export type { MailBlock } from './blocks';
export type { MailCategory, MailContext } from './define';
export { createStaffMailLog, type BounceReport, type MailActor, type MailLogMessage, type MailLogRow, type ResendResult, type StaffMailLog } from './staff-log';
export { isSensitiveTemplate, mailTemplateKeys, previewTemplates, templateNames, type TemplatePreview } from './gallery';
