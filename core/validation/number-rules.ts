// The number rules of spec §5 [NUMERIC, VALUES.MIN, VALUES.MAX]: plain or formatted numbers, metric or imperial.
import { type Check, toCheck } from './rule-kit';
import { message, type ValidationMessage } from './messages';

// ---------------------------------------------------------------------------------------------------
// Numbers [NUMERIC, VALUES.MIN, VALUES.MAX]
// ---------------------------------------------------------------------------------------------------

export type Notation = 'metric' | 'imperial';

// A grouped integer part starts with 1–3 digits and no leading zero: '0.234' is never 234.
const IMPERIAL = /^(?:\d+|[1-9]\d{0,2}(?:,\d{3})+)(?:\.\d+)?$/;
const METRIC = /^(?:\d+|[1-9]\d{0,2}(?:\.\d{3})+)(?:,\d+)?$/;

/**
 * A plain or formatted number, imperial (1,234.56) or metric (1.234,56); null when it is neither.
 * '1.234' and '1,234' read both ways (a thousands group or three decimals); `prefer` decides, metric by
 * default because the shop writes numbers the Greek way (spec §9: '.' thousands, ',' decimals).
 */
export function parseLocaleNumber(text: string, prefer: Notation = 'metric'): number | null {
  const trimmed = text.trim();
  const sign = trimmed.startsWith('-') ? -1 : 1;
  const body = /^[+-]/.test(trimmed) ? trimmed.slice(1) : trimmed;
  const imperial = IMPERIAL.test(body) ? Number(body.replace(/,/g, '')) : null;
  const metric = METRIC.test(body) ? Number(body.replace(/\./g, '').replace(',', '.')) : null;
  const value = imperial !== null && metric !== null ? (prefer === 'metric' ? metric : imperial) : (imperial ?? metric);
  return value === null || !Number.isFinite(value) ? null : sign * value + 0; // + 0 turns -0 into 0
}

export function numericError(value: string, prefer: Notation = 'metric'): ValidationMessage | null {
  if (value.trim() === '') return null;
  return parseLocaleNumber(value, prefer) === null ? message('NUMERIC') : null;
}

export function valueError(value: string, bounds: { min?: number; max?: number }, prefer: Notation = 'metric'): ValidationMessage | null {
  if (value.trim() === '') return null;
  const n = parseLocaleNumber(value, prefer);
  // Not a number cannot satisfy a bound: refusing it keeps the bound from being bypassed.
  if (n === null) return message('NUMERIC');
  if (bounds.min !== undefined && n < bounds.min) return message('VALUES.MIN', { min: bounds.min });
  if (bounds.max !== undefined && n > bounds.max) return message('VALUES.MAX', { max: bounds.max });
  return null;
}

export const numeric = (prefer: Notation = 'metric'): Check => toCheck((v) => numericError(v, prefer));
export const valueMin = (min: number, prefer: Notation = 'metric'): Check => toCheck((v) => valueError(v, { min }, prefer));
export const valueMax = (max: number, prefer: Notation = 'metric'): Check => toCheck((v) => valueError(v, { max }, prefer));
