// Server half of the form kit: parse a posted form with the same zod schema the browser used, and
// answer in conform's result shape so errors land under their fields after a JS or a plain POST.
import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import type { z } from 'zod';
import { encodeMessage, message, type MessageKey } from '../../core/validation/messages';

export function parseForm<S extends z.ZodType>(form: FormData, schema: S) {
  return parseWithZod(form, { schema });
}

/** A field error in the wire form conform carries (a JSON-encoded message key, see messages.ts). */
export function fieldMessage(key: MessageKey, params?: Record<string, string | number>): string[] {
  return [encodeMessage(message(key, params))];
}

/** Secrets are never echoed back into the page. */
export const SECRET_FIELDS = ['password', 'password_confirmation', 'current_password', 'code', 'security_answer', 'captcha_response'];

export type FormResult = SubmissionResult<string[]>;
