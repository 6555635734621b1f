// vitest globalSetup: one Chromium for the whole run. The browser suites connect to it (tests/e2e/browser.ts
// `launch`) instead of each starting and stopping a browser of its own; each suite still works in
// contexts of its own, which it closes (disconnecting closes whatever it left open). The browser's
// server runs in a process of its own, so relaying the suites' traffic takes no time from vitest's.
// Without Chromium on the machine nothing is started, and a browser suite that asks for one fails as before.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import readline from 'node:readline';
import type { TestProject } from 'vitest/node';
import { chromiumOptions } from './chromium.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared Chromium's address for `chromium.connect`, when there is one. */
    chromiumEndpoint: string | null;
  }
}

// Prints the address, then serves until its stdin closes (vitest ended, however it ended).
const SERVER = `
const { chromium } = require('playwright-core');
chromium.launchServer(JSON.parse(process.argv[1])).then(
  (server) => {
    process.stdout.write(server.wsEndpoint() + '\\n');
    process.stdin.on('end', () => server.close().then(() => process.exit(0)));
    process.stdin.resume();
  },
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
`;

export default async function setup(project: TestProject) {
  project.provide('chromiumEndpoint', null);
  if (process.env.PW_OWN_BROWSER === '1' || !fs.existsSync(chromiumOptions.executablePath!)) return;
  const child = spawn(process.execPath, ['-e', SERVER, JSON.stringify(chromiumOptions)], { stdio: ['pipe', 'pipe', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const endpoint = await new Promise<string | null>((resolve) => {
    readline.createInterface({ input: child.stdout }).once('line', (line) => resolve(line.trim()));
    child.once('exit', () => resolve(null));
  });
  if (endpoint) project.provide('chromiumEndpoint', endpoint);
  return async () => {
    child.stdin.end();
    await exited;
  };
}
