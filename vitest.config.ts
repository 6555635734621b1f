import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const UNIT = [
  'tests/**/*.test.ts',
  'tests/**/*.test.tsx',
  'sdk/src/**/*.test.ts',
  'server/src/**/*.test.ts',
  'cli/src/**/*.test.ts',
  'web/src/**/*.test.ts',
  'web/src/**/*.test.tsx',
];
const SLOW = ['tests/e2e/**', 'tests/cli/**', 'tests/packaging/**'];

export default defineConfig({
  test: {
    // One Chromium for the run, which the browser suites connect to (tests/e2e/browser.ts `launch`).
    globalSetup: ['tests/support/browser-server.ts'],
    // ink lives in cli/node_modules; ink-testing-library (hoisted to the root) imports it, so it is
    // inlined and its `ink` resolved to the CLI's copy: one ink, one React tree.
    server: { deps: { inline: ['ink-testing-library'] } },
    alias: { ink: fileURLToPath(new URL('./cli/node_modules/ink/build/index.js', import.meta.url)) },
    testTimeout: 20_000,
    // `expect.poll` waits up to 10 s for what a person would wait for (a list that follows, a deploy that
    // goes live), not vitest's default 1 s: on a shared two-core CI machine under the whole suite, a
    // realtime event or a publish can take longer than a second. It only bounds a wait; a test that
    // passes is not slower, and a speed aim is measured by the benchmarks, never here.
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 60_000,
    // No retries, on CI or off: a test that fails once fails the run, so a flaky test is seen and fixed.
    retry: 0,
    // A worker keeps the modules it loaded from one test file to the next instead of loading the
    // server, the contract and Playwright again for each (a third of the run's time went to that).
    // Suites share no state through modules: each starts its own server on its own database, and
    // restores the timers it fakes.
    isolate: false,
    // Two cores: suites run two at a time, each on its own database.
    maxWorkers: 2,
    minWorkers: 1,
    // Time limits by kind of suite, here and not in the files: `vi.setConfig` in a file does not reach
    // the runner of a worker that ran another file before it (isolate: false keeps the worker), so a
    // limit set there held only for a worker's first file.
    projects: [
      { extends: true, test: { name: 'unit', include: UNIT, exclude: [...SLOW, '**/node_modules/**'] } },
      // A browser suite drives Chromium through a whole journey; a template or journey suite publishes.
      { extends: true, test: { name: 'browser', include: ['tests/e2e/**/*.test.ts'], testTimeout: 300_000, hookTimeout: 120_000 } },
      // The CLI suites run the built command as a process, many times a test.
      {
        extends: true,
        test: { name: 'cli', include: ['tests/cli/**/*.test.ts', 'tests/cli/**/*.test.tsx'], testTimeout: 240_000, hookTimeout: 120_000 },
      },
      // Packing the workspaces and type-checking against them.
      { extends: true, test: { name: 'packaging', include: ['tests/packaging/**/*.test.ts'], testTimeout: 120_000, hookTimeout: 300_000 } },
    ],
  },
});
