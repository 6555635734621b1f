import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'tests/**/*.test.ts',
      'tests/**/*.test.tsx',
      'sdk/src/**/*.test.ts',
      'server/src/**/*.test.ts',
      'cli/src/**/*.test.ts',
      'web/src/**/*.test.ts',
      'web/src/**/*.test.tsx',
    ],
    exclude: ['**/node_modules/**'],
    // ink lives in cli/node_modules; ink-testing-library (hoisted to the root) imports it, so it is
    // inlined and its `ink` resolved to the CLI's copy: one ink, one React tree.
    server: { deps: { inline: ['ink-testing-library'] } },
    alias: { ink: fileURLToPath(new URL('./cli/node_modules/ink/build/index.js', import.meta.url)) },
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // On CI (shared 2-core machines, two suites each driving a browser and a server) a test that fails
    // is run once more, as Playwright's own CI setup does; the report names each test that needed it.
    // Locally a failure is a failure at once.
    retry: process.env.CI ? 1 : 0,
    // Two cores: suites run two at a time, each on its own database.
    maxWorkers: 2,
    minWorkers: 1,
  },
});
