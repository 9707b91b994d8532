// The API's answer envelope (spec §7) and the client-side HTTP and connection failures of spec §8.
import { isSuccessCode } from './catalogue';

export type Envelope<T = unknown> = { success: boolean; code: number; msg: string; data: T };

export function envelopeFor<T>(code: number, msg: string, data: T): Envelope<T> {
  return { success: isSuccessCode(code), code, msg, data };
}

export type HttpFailureKind =
  | 'http400'
  | 'http404'
  | 'http429'
  | 'http500'
  | 'http503'
  | 'http_other'
  | 'timeout'
  | 'unrecoverable_timeout'
  | 'connection';

export type HttpFailure = {
  kind: HttpFailureKind;
  key: string;
  params?: Record<string, string | number>;
  handling: 'alert' | 'modal';
};

const KNOWN_STATUSES: Readonly<Record<number, HttpFailureKind>> = {
  400: 'http400',
  404: 'http404',
  429: 'http429',
  500: 'http500',
  503: 'http503',
};

/** The client-side cases of spec §8 "HTTP and connection"; keys live in the errors namespace. */
export function describeHttpFailure(input: {
  status?: number;
  timedOut?: boolean;
  unrecoverable?: boolean;
  networkError?: boolean;
}): HttpFailure {
  // Only a timeout can be unrecoverable, so the flag wins even if timedOut was not also set.
  if (input.unrecoverable) return { kind: 'unrecoverable_timeout', key: 'http.connection_error', handling: 'modal' };
  if (input.timedOut) return { kind: 'timeout', key: 'http.timeout', handling: 'alert' };
  const status = input.status;
  // Status 0 is how browsers report a request that never got an answer.
  if (input.networkError || status === undefined || status === 0) return connectionFailure();
  const kind = KNOWN_STATUSES[status];
  if (kind) return { kind, key: `http.${status}`, handling: 'alert' };
  // A 2xx that still failed (say, a body that is not JSON) is not an HTTP error to the user.
  if (status >= 200 && status < 300) return connectionFailure();
  return { kind: 'http_other', key: 'http.other', params: { status }, handling: 'alert' };
}

function connectionFailure(): HttpFailure {
  return { kind: 'connection', key: 'http.generic', handling: 'alert' };
}
