// The mail port (DESIGN.md "Outside systems"): services send through this interface; the sandbox
// writes to the outbox table, the real client calls a mail provider's HTTP API.
export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  /** Why the message was sent (otp, verify_email, reset …): kept with it for the dev mailbox and audits. */
  tag: string;
  meta?: Record<string, unknown>;
  /** Extra message headers, e.g. RFC 8058's List-Unsubscribe and List-Unsubscribe-Post (issue #24 §2). */
  headers?: Record<string, string>;
};

export type MailPort = {
  send(message: MailMessage): Promise<{ id: string }>;
};
