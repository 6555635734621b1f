#!/usr/bin/env node
// Runs the TypeScript sources through tsx, so a clone works with no build step.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/main.ts');
process.exitCode = await main();
