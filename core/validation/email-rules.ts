// The e-mail rule of spec §5 [EMAIL].
import { type Check, toCheck } from './rule-kit';
import { message, type ValidationMessage } from './messages';

// ---------------------------------------------------------------------------------------------------
// email [EMAIL]
// ---------------------------------------------------------------------------------------------------

const WHITESPACE_OR_CONTROL = /[\s\p{Cc}]/u;
// Any script is fine in the domain of an address: it is someone else's domain (müller.de), not one
// registered here, so the Latin/Greek limit of domain names does not apply.
const EMAIL_DOMAIN_LABEL = /^[\p{L}\p{M}\p{N}-]+$/u;

export function emailError(value: string): ValidationMessage | null {
  if (value === '') return null;
  const parts = value.split('@');
  if (parts.length !== 2) return message('EMAIL');
  const [local = '', rawDomain = ''] = parts;
  if (local === '' || WHITESPACE_OR_CONTROL.test(local)) return message('EMAIL');
  const domain = rawDomain.endsWith('.') ? rawDomain.slice(0, -1) : rawDomain;
  if (!domain.includes('.')) return message('EMAIL');
  // An empty label ('a@.gr', 'a@b..gr') is as invalid as a bad character.
  if (!domain.split('.').every((label) => EMAIL_DOMAIN_LABEL.test(label))) return message('EMAIL');
  return null;
}

export const isEmail = (value: string): boolean => value !== '' && emailError(value) === null;
export const email = (): Check => toCheck(emailError);
