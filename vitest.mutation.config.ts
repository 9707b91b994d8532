import { mergeConfig } from 'vitest/config';
import unit from './vitest.unit.config';

// Stryker's run of the unit layer (decision 058): the same tests, with more time per test, because
// instrumented code on a shared 2-core machine made the legal-PDF layout test miss vitest's 5 s default.
// A mutant that loops is still stopped by Stryker's own timeout.
export default mergeConfig(unit, { test: { testTimeout: 30_000 } });
