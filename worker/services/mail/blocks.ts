// The pieces a mail template is made of (issue #33 §2). A template returns blocks, never markup: the
// renderer (render.ts) draws each block once as e-mail-safe HTML and once as plain text, so the two
// parts of a message always say the same thing.
export type MailBlock =
  | { kind: 'heading'; text: string }
  /** A paragraph of plain text; line breaks are kept. */
  | { kind: 'paragraph'; text: string }
  /** The one action the message asks for: a button in HTML, "label: url" in text. */
  | { kind: 'button'; label: string; href: string }
  /** A quiet link on a line of its own. */
  | { kind: 'link'; label: string; href: string }
  /** Label–value pairs (an order's number, a panel's address and user name …). */
  | { kind: 'facts'; rows: { label: string; value: string }[] }
  /** A table of lines with totals under it (an order's lines as the checkout showed them). */
  | { kind: 'table'; columns: { label: string; align?: 'left' | 'right' }[]; rows: string[][]; totals?: { label: string; value: string; strong?: boolean }[] }
  /** A value to copy exactly: a payment reference, an IBAN, a one-time code. */
  | { kind: 'code'; label: string; value: string }
  /** A boxed remark: what happens next, a warning. */
  | { kind: 'note'; text: string; tone?: 'info' | 'warning' };
