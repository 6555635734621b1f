import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'sdk/src/**/*.test.ts', 'server/src/**/*.test.ts', 'cli/src/**/*.test.ts'],
    exclude: ['**/node_modules/**'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // Two cores: suites run two at a time, each on its own database.
    maxWorkers: 2,
    minWorkers: 1,
  },
});
