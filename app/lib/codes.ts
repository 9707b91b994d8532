// How a catalogue code reads on a page: its translated message (with parameters such as the seconds
// to wait) and the alert type of spec §8.
import type { TFunction } from 'i18next';
import { resolveCode } from '../../core/errors';

export type CodeParams = Record<string, string | number | undefined>;

export function codeMessage(t: TFunction, code: number, params: CodeParams = {}): string {
  if (code === 429) return t('errors:http.429');
  const entry = resolveCode(code);
  const base = t(`errors:${entry.key}`, params);
  const extra: string[] = [];
  if (typeof params.attemptsLeft === 'number') extra.push(t('auth:attempts_left', { count: params.attemptsLeft }));
  if (typeof params.seconds === 'number' && params.seconds > 0) extra.push(t('auth:wait_seconds', { count: params.seconds }));
  return [base, ...extra].join(' ');
}

export function codeAlertType(code: number): 'alert' | 'warning' | 'success' {
  if (code === 429) return 'alert';
  const { handling, httpStatus } = resolveCode(code);
  if (handling === 'warning') return 'warning';
  if (handling === 'success' || (httpStatus >= 200 && httpStatus < 300)) return 'success';
  return 'alert';
}
