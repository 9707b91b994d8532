// Mutation testing of the pure rules in core/ (decision 058). Run with `npm run test:mutation`;
// one module: `npx stryker run --mutate core/otp.ts`. Not part of `npm test`: a full run takes long.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  // The unit layer (vitest.unit.config.ts, with a longer per-test timeout): core's rules are also
  // exercised by tests/ and app/ unit tests that import them; `related` runs only those that do.
  vitest: { configFile: 'vitest.mutation.config.ts', related: true },
  mutate: ['core/**/*.ts', '!core/**/*.test.ts'],
  // Only the tests that cover a mutant run against it (the vitest runner always measures per test).
  coverageAnalysis: 'perTest',
  // The machine's two cores are shared with other work.
  concurrency: 2,
  // Re-runs test only mutants whose code or covering tests changed since the last run.
  incremental: true,
  incrementalFile: 'reports/stryker-incremental.json',
  reporters: ['clear-text', 'progress', 'json', 'html'],
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  clearTextReporter: { allowColor: false, logTests: false, maxTestsToLog: 0 },
  // The sandbox needs the code and its tests, not build output or browser artefacts.
  ignorePatterns: ['build', '.wrangler', 'test-results', 'playwright-report', 'bench/.tmp', 'reports', 'docs', 'public', 'migrations'],
  timeoutMS: 10000,
  thresholds: { high: 90, low: 80, break: null },
};
