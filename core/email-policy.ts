// Which addresses may open an account (80033 UnacceptableEmailForAuthRegister): not a throw-away
// mailbox, and not a name reserved by RFC 2606/6761 that can never receive mail. The list is short on
// purpose: the best-known disposable providers, which account for most sign-up abuse.
const DISPOSABLE_DOMAINS = new Set([
  'mailinator.com', 'guerrillamail.com', 'guerrillamail.net', 'sharklasers.com', '10minutemail.com', 'temp-mail.org', 'tempmail.com',
  'yopmail.com', 'yopmail.fr', 'trashmail.com', 'getnada.com', 'dispostable.com', 'maildrop.cc', 'throwawaymail.com', 'fakeinbox.com',
  'mintemail.com', 'mohmal.com', 'emailondeck.com', 'tempinbox.com', 'spamgourmet.com', 'mailnesia.com', 'discard.email', 'tempr.email',
]);
const RESERVED_TLDS = new Set(['test', 'example', 'invalid', 'localhost', 'local']);
const RESERVED_DOMAINS = new Set(['example.com', 'example.net', 'example.org']);

export function emailDomain(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1).trim().toLowerCase().replace(/\.$/, '');
}

export function isAcceptableRegistrationEmail(email: string): boolean {
  const domain = emailDomain(email);
  const tld = domain.slice(domain.lastIndexOf('.') + 1);
  if (RESERVED_TLDS.has(tld) || RESERVED_DOMAINS.has(domain)) return false;
  // Sub-domains of a disposable provider are the same provider.
  for (const d of DISPOSABLE_DOMAINS) if (domain === d || domain.endsWith(`.${d}`)) return false;
  return true;
}
