// The mail port (DESIGN.md "Outside systems"): the mail queue (worker/services/mail) delivers through
// this interface; the sandbox keeps each message in the outbox table (and its attachments in R2), the
// real client calls a mail provider's HTTP API.
export type MailAttachment = { filename: string; contentType: string; content: Uint8Array };

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  /** The HTML part (issue #33): rendered from the same content as `text`. */
  html?: string;
  /** Why the message was sent (otp, verify_email, reset …): kept with it for the dev mailbox and audits. */
  tag: string;
  meta?: Record<string, unknown>;
  /** Extra message headers, e.g. RFC 8058's List-Unsubscribe and List-Unsubscribe-Post (issue #24 §2). */
  headers?: Record<string, string>;
  attachments?: MailAttachment[];
};

export type MailPort = {
  send(message: MailMessage): Promise<{ id: string }>;
};
