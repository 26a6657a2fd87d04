import { defineConfig } from 'vitest/config';

/** The tiers, named by file suffix (ARCHITECTURE.md §6). */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/**/src/**/*.test.ts', 'packages/**/test/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['packages/server/**/*.integration-test.ts'],
          globalSetup: ['packages/server/test/support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Real time on two shared cores: a test that fails once under load gets one more try;
          // `npm test` names every test that needed it (scripts/test.mjs), to be looked at.
          retry: 1,
          pool: 'forks',
          maxWorkers: 3,
        },
      },
      {
        test: {
          // Two product processes behind a real nginx (deploy/nginx/balcao.conf) on one PostgreSQL.
          name: 'multi',
          include: ['packages/server/test/multi/**/*.multi-test.ts'],
          globalSetup: ['packages/server/test/support/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // The tests run in order on one cluster (a killed process, a stopped one): no retry.
          retry: 0,
          pool: 'forks',
          maxWorkers: 1,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          globalSetup: ['e2e/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          retry: 1,
          pool: 'forks',
          maxWorkers: 1,
          fileParallelism: false,
        },
      },
    ],
  },
});
