// Growing delays after failed logins and failed second factors (issue #10 §3, decision 022). They
// replace the old permanent auto-suspension (2010), which let any stranger lock any owner out with five
// wrong passwords. A delay never locks anyone out for long: the first failures are free, then each
// further attempt must wait 2^k seconds after the last failure, up to a cap, and a quiet day forgets
// everything. Pure rules; worker/services/accounts/login-throttle.ts keeps the counters in D1.

export type ThrottleRule = {
  /** Failures in a row that cost nothing (typos). */
  freeFailures: number;
  /** The wait after the first failure past the free ones; it doubles with every further failure. */
  baseSeconds: number;
  /** The longest wait: the owner is never kept out longer than this after the last failure. */
  capSeconds: number;
  /** After this long without a failure the count starts again from zero. */
  memoryMs: number;
};

const DAY = 24 * 60 * 60_000;

/**
 * Password step, counted per e-mail address whether or not an account has it, so that an unknown
 * address is delayed exactly like a known one (no enumeration through the delay).
 */
export const PASSWORD_THROTTLE = { freeFailures: 5, baseSeconds: 2, capSeconds: 15 * 60, memoryMs: DAY } as const satisfies ThrottleRule;

/**
 * Second factor, counted per account across logins: a right password does not reset it (it would
 * hand an attacker who has the password fresh guesses at every login); only a right code does.
 */
export const SECOND_FACTOR_THROTTLE = { freeFailures: 5, baseSeconds: 2, capSeconds: 15 * 60, memoryMs: DAY } as const satisfies ThrottleRule;

/** Failed codes after which the owner is told by e-mail that someone who has the password is guessing. */
export const SECOND_FACTOR_ALERT_AFTER = 5;

export type ThrottleState = { failures: number; lastFailureAt: number };

/** The failures that still count at `nowMs` (0 once the memory has passed). */
export function countingFailures(state: ThrottleState | null, nowMs: number, rule: ThrottleRule): number {
  if (!state || nowMs - state.lastFailureAt >= rule.memoryMs) return 0;
  return state.failures;
}

/** The wait that `failures` in a row earn, in seconds, measured from the last of them. */
export function delayAfter(failures: number, rule: ThrottleRule): number {
  const over = failures - rule.freeFailures;
  if (over < 0) return 0;
  // 2^over without overflow: the cap is reached long before 2^31.
  return Math.min(rule.capSeconds, rule.baseSeconds * 2 ** Math.min(over, 30));
}

/**
 * The delays below the cap as [failures, seconds] pairs, from the first failure that costs a wait up to
 * the first that reaches the cap (every higher count waits the cap). The service turns them into one
 * SQL CASE, so that "may this attempt go on?" and "count it" are one conditional statement (issue #19).
 */
export function delaySteps(rule: ThrottleRule): Array<[failures: number, seconds: number]> {
  const steps: Array<[number, number]> = [];
  for (let f = rule.freeFailures; ; f++) {
    const seconds = delayAfter(f, rule);
    steps.push([f, seconds]);
    if (seconds >= rule.capSeconds) return steps;
  }
}

/** Seconds the next attempt must still wait (0: it may go on). */
export function waitSeconds(state: ThrottleState | null, nowMs: number, rule: ThrottleRule): number {
  const failures = countingFailures(state, nowMs, rule);
  if (failures === 0) return 0;
  const until = state!.lastFailureAt + delayAfter(failures, rule) * 1000;
  return Math.max(0, Math.ceil((until - nowMs) / 1000));
}

/** The count after one more failure at `nowMs` (a forgotten streak starts again at one). */
export function nextFailures(state: ThrottleState | null, nowMs: number, rule: ThrottleRule): number {
  return countingFailures(state, nowMs, rule) + 1;
}

/** Whether the failure that brought the count to `failures` should alert the owner (once per streak). */
export function crossesAlert(failures: number, threshold: number = SECOND_FACTOR_ALERT_AFTER): boolean {
  return failures === threshold;
}

/**
 * A browser that completed a login to an account before ("known device", OWASP's device cookies) skips
 * that account's delays, so a stranger running the address into its delay does not keep the owner
 * out. Its own wrong guesses count: after this many in a row it waits like any other browser.
 */
export const KNOWN_DEVICE_MAX_FAILURES = 5;
/** How long a browser stays known without a new login. */
export const KNOWN_DEVICE_TTL_MS = 180 * DAY;

/** Whether a known-device record lets this attempt skip the account's delay. */
export function deviceSkipsDelay(device: { userId: number; failures: number } | null, userId: number | undefined): boolean {
  return device !== null && userId !== undefined && device.userId === userId && device.failures < KNOWN_DEVICE_MAX_FAILURES;
}
