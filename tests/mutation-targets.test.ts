// Issue #32 §6 (decision 094): the mutation score's target is every module of core/ that is not named
// as neither money nor security, with its reason. A new rule joins by default; the list names no file
// that is gone (a renamed money rule would otherwise slip out of the target under its new name), and
// the money and security rules that the audit found missing are in.
import { describe, expect, it } from 'vitest';
import { coreModules, mutationTargets, NOT_MONEY_OR_SECURITY, TARGET } from '../scripts/mutation-targets.mjs';
import { mergeMutation } from '../scripts/mutation-scores.mjs';

const excluded = NOT_MONEY_OR_SECURITY as Record<string, string>;
const modules = (coreModules as () => string[])();
const targets = (mutationTargets as (m?: string[]) => string[])();

describe('the mutation target list', () => {
  it('sees the modules of core/ (not the tests)', () => {
    expect(modules.length).toBeGreaterThan(100);
    expect(modules).toContain('core/money.ts');
    expect(modules).toContain('core/hosting/service-lines.ts');
    expect(modules.filter((f) => f.endsWith('.test.ts'))).toEqual([]);
  });

  it('names only modules that exist, each with its reason', () => {
    const gone = Object.keys(excluded).filter((f) => !modules.includes(f));
    expect(gone, `no such module in core/ (renamed? then its new name is a target until named again): ${gone.join(', ')}`).toEqual([]);
    const unexplained = Object.entries(excluded).filter(([, why]) => typeof why !== 'string' || why.trim().length < 20).map(([f]) => f);
    expect(unexplained).toEqual([]);
  });

  it('puts every module of core/ either on the target or on the list with a reason, never both', () => {
    const unclassified = modules.filter((f) => !targets.includes(f) && !Object.hasOwn(excluded, f));
    expect(unclassified).toEqual([]);
    expect(targets.filter((f) => Object.hasOwn(excluded, f))).toEqual([]);
    expect(targets.length + Object.keys(excluded).length).toBe(modules.length);
  });

  it('names every code table of the error catalogue (data checked by the catalogue test, not a rule)', () => {
    expect(modules.filter((f) => /^core\/errors\/codes-[a-z-]+\.ts$/.test(f) && targets.includes(f))).toEqual([]);
  });

  it('takes a new module as a target by default', () => {
    expect((mutationTargets as (m?: string[]) => string[])(['core/money.ts', 'core/new-rule.ts', 'core/date-format.ts'])).toEqual(['core/money.ts', 'core/new-rule.ts']);
  });

  it('holds the money and security rules of decision 058 and those the audit of issue #32 found left out', () => {
    const required = [
      'core/money.ts',
      'core/vat.ts',
      'core/cart/pricing.ts',
      'core/cart/updates.ts',
      'core/cart/ssl.ts',
      'core/cart/ssl-names.ts',
      'core/documents/lines.ts',
      'core/orders/coupons.ts',
      'core/otp.ts',
      'core/totp.ts',
      'core/login-throttle.ts',
      'core/hosting/service-lines.ts',
      'core/hosting/proration.ts',
      'core/documents/refunds.ts',
      'core/amounts.ts',
      'core/renewals/auto-renew.ts',
      'core/hosting/lifecycle.ts',
    ];
    expect(required.filter((f) => !targets.includes(f))).toEqual([]);
    expect(TARGET).toBe(90);
  });

  it('reports a target module below 90 % and one never measured', () => {
    const report = { files: { 'core/amounts.ts': { mutants: [{ status: 'Killed' }, { status: 'Survived' }] } } };
    const m = (mergeMutation as (p: unknown, r: unknown, at: string) => { target: { files: string[]; below: string[]; missing: string[] } })(undefined, report, '2026-12-02T00:00:00Z');
    expect(m.target.files).toEqual(targets);
    expect(m.target.below).toEqual(['core/amounts.ts']);
    expect(m.target.missing).toContain('core/hosting/proration.ts');
    expect(m.target.missing).not.toContain('core/amounts.ts');
  });
});
