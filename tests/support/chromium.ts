import type { LaunchOptions } from 'playwright-core';

/**
 * Debian's Chromium as the browser suites drive it (test tools may not download their own browser).
 * PW_CHROMIUM names another binary for a local experiment; Debian's chromium-headless-shell was tried
 * and left out: it places the caret differently on a double-click and is no faster on the editor's
 * 2,000-component page (docs/decisions/0074-ci-time-workers.md).
 */
export const chromiumOptions: LaunchOptions = {
  executablePath: process.env.PW_CHROMIUM ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
};
