// Helpers for the rules' unit tests: what a parse reports, decoded. Not used by the app.
import type { z } from 'zod';
import { decodeMessage, type ValidationMessage } from './messages';

/** The decoded messages of a parse, with their paths ('' for the value itself). */
export function errors(schema: z.ZodType, value: unknown): { path: string; key: string; params?: ValidationMessage['params'] }[] {
  const result = schema.safeParse(value);
  if (result.success) return [];
  return result.error.issues.map((issue) => ({ path: issue.path.join('.'), ...decodeMessage(issue.message) }));
}
export const keys = (schema: z.ZodType, value: unknown) => errors(schema, value).map((e) => e.key);
export const key = (m: ValidationMessage | null) => m?.key ?? null;
