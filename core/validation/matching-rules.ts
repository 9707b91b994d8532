// The rules between fields of spec §5: confirmation [NOTCONFIRMED] and unique [UNIQUE].
import { always, type FieldOf, isBlank, type ObjectSchema } from './rule-kit';
import { z } from 'zod';
import { issueMessage, message, type ValidationMessage } from './messages';

// ---------------------------------------------------------------------------------------------------
// Confirmation [NOTCONFIRMED] and unique [UNIQUE]
// ---------------------------------------------------------------------------------------------------

/** The confirm field must equal the original, when the original is not empty. */
export function confirmationError(original: unknown, confirm: unknown): ValidationMessage | null {
  if (isBlank(original)) return null;
  return confirm === original ? null : message('NOTCONFIRMED');
}

/** Password confirm / e-mail confirm: the error goes on the confirm field. */
export function confirmed<S extends ObjectSchema>(schema: S, pair: { field: FieldOf<S>; confirm: FieldOf<S> }): S {
  return schema.superRefine((data, ctx) => {
    const record = data as Record<string, unknown>;
    const m = confirmationError(record[pair.field], record[pair.confirm]);
    if (m) ctx.addIssue({ code: 'custom', message: issueMessage('NOTCONFIRMED'), path: [pair.confirm], input: record[pair.confirm] });
  }, always) as S;
}

export type UniqueOptions = { normalize?: (value: string) => string };

// Names and hosts are compared trimmed and case-insensitively by default: 'NS1.example.gr' is 'ns1.example.gr'.
const defaultNormalize = (value: string): string => value.trim().normalize('NFC').toLowerCase();

/** Indexes of the values that repeat an earlier one; blank values are not compared. */
export function duplicateIndexes(values: readonly unknown[], options: UniqueOptions = {}): number[] {
  const normalize = options.normalize ?? defaultNormalize;
  const seen = new Set<string>();
  const dups: number[] = [];
  values.forEach((value, i) => {
    if (typeof value !== 'string' || isBlank(value)) return;
    const key = normalize(value);
    if (seen.has(key)) dups.push(i);
    else seen.add(key);
  });
  return dups;
}

/** A group of text fields of one object that must all differ; each repeat is marked UNIQUE. */
export function uniqueFields<S extends ObjectSchema>(schema: S, fields: readonly FieldOf<S>[], options: UniqueOptions = {}): S {
  return schema.superRefine((data, ctx) => {
    const record = data as Record<string, unknown>;
    for (const i of duplicateIndexes(fields.map((f) => record[f]), options)) {
      const field = fields[i] as string;
      ctx.addIssue({ code: 'custom', message: issueMessage('UNIQUE'), path: [field], input: record[field] });
    }
  }, always) as S;
}

/** The same for an array field (nameservers ns[0], ns[1] …): the error goes on each repeat. */
export function uniqueItems(options: UniqueOptions = {}): z.core.$ZodCheck<(string | undefined)[]> {
  return z.superRefine<(string | undefined)[]>((values, ctx) => {
    for (const i of duplicateIndexes(values, options)) {
      ctx.addIssue({ code: 'custom', message: issueMessage('UNIQUE'), path: [i], input: values[i] });
    }
  });
}
