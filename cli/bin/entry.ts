// The entry of the packaged CLI (scripts/pack.mjs bundles it into dist/pagewright.js); a clone runs
// bin/pagewright.js, which reaches the same `main` through launch.js.
import { main } from '../src/main.js';

process.exitCode = await main();
