#!/usr/bin/env node
// `pagewright`: a clone works with no build step (see launch.js for how the sources are run).
import { loadMain } from './launch.js';

const main = await loadMain();
process.exitCode = await main();
