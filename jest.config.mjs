// One jest run, five projects. Each project names what it proves; slow ones (workflows, e2e) run in band.
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];
const base = {
  transform: { '^.+\\.(t|j)sx?$': swc, '^.+\\.mjs$': swc },
  // ESM-only packages that jest must transpile for the commonjs test runtime (nivo and d3 for the chart,
  // dompurify, and msw's rettime, @open-draft/* and until-async).
  transformIgnorePatterns: [
    '/node_modules/(?!(@nivo|d3-.*|internmap|delaunator|robust-predicates|dompurify|rettime|@open-draft|until-async)/)',
  ],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
};
// Projects on a real database: without DATABASE_URL, one embedded PostgreSQL cluster for the whole run (jest
// runs a global setup once however many projects name it).
const database = {
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
};

export default {
  // Suites build real apps on real databases while others run beside them on two cores.
  testTimeout: 30_000,
  projects: [
    {
      ...base,
      displayName: 'unit',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/unit/**/*.test.ts'],
    },
    {
      ...base,
      ...database,
      displayName: 'api',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/api/**/*.test.ts'],
    },
    {
      ...base,
      ...database,
      displayName: 'workflows',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/workflows/**/*.test.ts'],
    },
    {
      ...base,
      displayName: 'console',
      testEnvironment: 'jest-fixed-jsdom',
      testMatch: ['<rootDir>/test/console/**/*.test.tsx'],
      setupFilesAfterEnv: ['<rootDir>/test/console/setup.ts'],
      moduleNameMapper: { '\\.(css|svg|png)$': '<rootDir>/test/console/file-stub.ts' },
    },
    {
      ...base,
      ...database,
      displayName: 'e2e',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/e2e/**/*.test.ts'],
    },
  ],
};
