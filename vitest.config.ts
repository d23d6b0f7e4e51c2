import { defineConfig } from 'vitest/config';

/** Tests of what only a PostgreSQL server has (dropped connections, row locks across sessions). */
const POSTGRES_ONLY = 'apps/server/src/**/*.postgres.test.ts';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/web/src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/server/src/**/*.test.ts'],
          exclude: process.env.TEST_DATABASE_URL ? [] : [POSTGRES_ONLY],
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          setupFiles: ['apps/server/src/test/file-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          isolate: false,
        },
      },
    ],
  },
});
