import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'tests/unit/**/*.test.{ts,tsx}',
      'tests/model/**/*.test.{ts,tsx}',
      'tests/api/**/*.test.ts',
      // Real server processes behind nginx on PostgreSQL (skipped without them outside CI).
      'tests/scale/**/*.test.ts',
    ],
    environment: 'node',
    // One migrated database of each kind that every test database is copied from.
    globalSetup: ['tests/setup/database-templates.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // PGlite instances are memory-hungry WASM; two workers fit the 2-core machine.
    maxWorkers: 2,
  },
});
