import { defineConfig } from 'vitest/config';

/** Files that replace modules (vi.mock) or the environment: each gets fresh modules of its own. */
const OWN_MODULES = ['tests/api/payments/payment-password.test.ts', 'tests/api/identity/address.test.ts'];

export default defineConfig({
  test: {
    environment: 'node',
    // One migrated database of each kind that every test database is copied from.
    globalSetup: ['tests/setup/database-templates.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // PGlite instances are memory-hungry WASM; two workers fit the 2-core machine.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'shared-modules',
          include: [
            'tests/unit/**/*.test.{ts,tsx}',
            'tests/model/**/*.test.{ts,tsx}',
            'tests/api/**/*.test.ts',
            // Real server processes behind nginx on PostgreSQL (skipped without them outside CI).
            'tests/scale/**/*.test.ts',
          ],
          exclude: OWN_MODULES,
          // Test files of a worker share its loaded modules: importing the server and PGlite again for
          // each file cost more than half of the suite's time. Every test builds its own app and database,
          // so nothing a test asserts lives in a module.
          isolate: false,
        },
      },
      { extends: true, test: { name: 'own-modules', include: OWN_MODULES, isolate: true } },
    ],
  },
});
