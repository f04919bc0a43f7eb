// Mutation testing of the money code (issue 29): `npm run test:mutation`. See infra/mutation/README.md.

/** The files whose every mutant must be killed (at least 95% of covered ones, none uncovered). */
export const moneyFiles = [
  'packages/ledger/src/**/*.ts',
  'services/api/src/evaluations/quality-metrics.ts',
  // The evaluation loop's pure rules (claim, vote, skip, expiry, book limits).
  'services/api/src/evaluations/loop/decide-*.ts',
  // A new pure decide module is one more line here, and its unit test one more line in
  // infra/mutation/vitest.config.ts.
];

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  mutate: [...moneyFiles, '!packages/ledger/src/index.ts'],
  testRunner: 'vitest',
  vitest: { configFile: 'infra/mutation/vitest.config.ts', related: false },
  checkers: ['typescript'],
  tsconfigFile: 'infra/mutation/tsconfig.json',
  typescriptChecker: { prioritizePerformanceOverAccuracy: true },
  coverageAnalysis: 'perTest',
  // Two cores shared with other work.
  concurrency: 2,
  timeoutMS: 5_000,
  incremental: true,
  incrementalFile: 'infra/mutation/stryker-incremental.json',
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  clearTextReporter: { allowColor: false, allowEmojis: false, reportScoreTable: true },
  thresholds: { high: 95, low: 95, break: null },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  ignorePatterns: ['consoles', 'loadtests', '**/dist', 'reports', '.turbo'],
};
