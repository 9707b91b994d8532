import { describe, expect, it } from 'vitest';
import { countingFailures, crossesAlert, delayAfter, delaySteps, deviceSkipsDelay, KNOWN_DEVICE_MAX_FAILURES, KNOWN_DEVICE_TTL_MS, nextFailures, PASSWORD_THROTTLE, SECOND_FACTOR_ALERT_AFTER, SECOND_FACTOR_THROTTLE, waitSeconds, type ThrottleRule } from './login-throttle';

const rule: ThrottleRule = { freeFailures: 5, baseSeconds: 2, capSeconds: 900, memoryMs: 86_400_000 };
const T0 = 1_800_000_000_000;

describe('login throttle', () => {
  it('lets the first failures through, then doubles the wait up to the cap', () => {
    expect([0, 4].map((f) => delayAfter(f, rule))).toEqual([0, 0]);
    expect([5, 6, 7, 8, 12, 13, 14, 100, 5000].map((f) => delayAfter(f, rule))).toEqual([2, 4, 8, 16, 256, 512, 900, 900, 900]);
  });

  it('measures the wait from the last failure', () => {
    const state = { failures: 7, lastFailureAt: T0 };
    expect(waitSeconds(state, T0, rule)).toBe(8);
    expect(waitSeconds(state, T0 + 7_500, rule)).toBe(1);
    expect(waitSeconds(state, T0 + 8_000, rule)).toBe(0);
    expect(waitSeconds({ failures: 4, lastFailureAt: T0 }, T0, rule)).toBe(0);
    expect(waitSeconds(null, T0, rule)).toBe(0);
  });

  it('never keeps anyone out longer than the cap, however many failures', () => {
    expect(waitSeconds({ failures: 1_000_000, lastFailureAt: T0 }, T0, rule)).toBe(900);
    expect(waitSeconds({ failures: 1_000_000, lastFailureAt: T0 }, T0 + 900_000, rule)).toBe(0);
  });

  it('forgets a streak after a quiet day', () => {
    const state = { failures: 40, lastFailureAt: T0 };
    expect(countingFailures(state, T0 + 86_399_999, rule)).toBe(40);
    expect(countingFailures(state, T0 + 86_400_000, rule)).toBe(0);
    expect(nextFailures(state, T0 + 86_400_000, rule)).toBe(1);
    expect(nextFailures(state, T0 + 1000, rule)).toBe(41);
    expect(nextFailures(null, T0, rule)).toBe(1);
  });

  it('alerts once per streak, when the count reaches the threshold', () => {
    expect([4, 5, 6, 10].map((f) => crossesAlert(f, 5))).toEqual([false, true, false, false]);
  });

  it('keeps the owner out for at most 15 minutes, after five free attempts', () => {
    for (const r of [PASSWORD_THROTTLE, SECOND_FACTOR_THROTTLE]) {
      expect(r.freeFailures).toBe(5);
      expect(r.capSeconds).toBeLessThanOrEqual(15 * 60);
    }
  });

  it('lets a known browser skip the delay of its own account only, until its own failures add up', () => {
    expect(deviceSkipsDelay({ userId: 7, failures: 0 }, 7)).toBe(true);
    expect(deviceSkipsDelay({ userId: 7, failures: KNOWN_DEVICE_MAX_FAILURES - 1 }, 7)).toBe(true);
    expect(deviceSkipsDelay({ userId: 7, failures: KNOWN_DEVICE_MAX_FAILURES }, 7)).toBe(false);
    expect(deviceSkipsDelay({ userId: 7, failures: 0 }, 8)).toBe(false);
    expect(deviceSkipsDelay({ userId: 7, failures: 0 }, undefined)).toBe(false);
    expect(deviceSkipsDelay(null, 7)).toBe(false);
  });

  // Issue #19 §5: the policies decision 022 promises, pinned by behaviour with literal numbers, so a
  // changed constant (the free failures, the base delay, the cap, the memory) fails here.
  for (const [name, policy] of [
    ['password step', PASSWORD_THROTTLE],
    ['second factor', SECOND_FACTOR_THROTTLE],
  ] as const) {
    describe(`the ${name}'s policy`, () => {
      it('five failures are free; the sixth attempt waits 2 s after the fifth failure, exactly', () => {
        expect(waitSeconds({ failures: 4, lastFailureAt: T0 }, T0, policy)).toBe(0);
        expect(waitSeconds({ failures: 5, lastFailureAt: T0 }, T0, policy)).toBe(2);
        expect(waitSeconds({ failures: 5, lastFailureAt: T0 }, T0 + 1_001, policy)).toBe(1);
        expect(waitSeconds({ failures: 5, lastFailureAt: T0 }, T0 + 2_000, policy)).toBe(0);
      });

      it('doubles the wait with every further failure up to 15 minutes, never more', () => {
        const waits = [5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 40].map((failures) => waitSeconds({ failures, lastFailureAt: T0 }, T0, policy));
        expect(waits).toEqual([2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900, 900]);
        expect(waitSeconds({ failures: 40, lastFailureAt: T0 }, T0 + 899_999, policy)).toBe(1);
        expect(waitSeconds({ failures: 40, lastFailureAt: T0 }, T0 + 900_000, policy)).toBe(0);
        expect(delaySteps(policy)).toEqual([
          [5, 2],
          [6, 4],
          [7, 8],
          [8, 16],
          [9, 32],
          [10, 64],
          [11, 128],
          [12, 256],
          [13, 512],
          [14, 900],
        ]);
      });

      it('remembers a streak for one day after its last failure, not a millisecond longer', () => {
        const state = { failures: 40, lastFailureAt: T0 };
        expect(nextFailures(state, T0 + 86_399_999, policy)).toBe(41);
        expect(nextFailures(state, T0 + 86_400_000, policy)).toBe(1);
        expect(countingFailures(state, T0 + 86_400_000, policy)).toBe(0);
      });
    });
  }

  it('alerts the owner at the fifth wrong code; a known device has five guesses of its own and lasts 180 days', () => {
    expect([4, 5, 6].map((f) => crossesAlert(f))).toEqual([false, true, false]);
    expect(SECOND_FACTOR_ALERT_AFTER).toBe(5);
    expect(deviceSkipsDelay({ userId: 7, failures: 4 }, 7)).toBe(true);
    expect(deviceSkipsDelay({ userId: 7, failures: 5 }, 7)).toBe(false);
    expect(KNOWN_DEVICE_TTL_MS).toBe(180 * 86_400_000);
  });
});
