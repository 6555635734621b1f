#!/usr/bin/env node
// Prints this week's activity of the Pagewright instance as JSON: for each event, how many happened in
// the last 7 days, in the 7 days before, the change in percent, and how many distinct users did it.
// Uses `pagewright admin activity --json` (an admin's login, or PAGEWRIGHT_TOKEN of an admin).
// Run from the repository root: node examples/admin-report/weekly-activity.mjs > activity.json
import { execFileSync } from 'node:child_process';

/** The CLI's JSON for one counter type; its messages (and a failure's) go to this script's stderr. */
function activity(type) {
  try {
    // --no-install: the pagewright of this checkout, never a package fetched on the fly.
    const out = execFileSync('npx', ['--no-install', 'pagewright', 'admin', 'activity', '--type', type, '--json'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    return JSON.parse(out);
  } catch (error) {
    process.exit(typeof error.status === 'number' ? error.status : 1);
  }
}

const all = activity('all');
const unique = activity('unique');
const now = new Date();
const from = new Date(now.getTime() - 7 * 24 * 60 * 60 * 1000);
const events = {};
for (const [event, counter] of Object.entries(all.counters)) {
  const change = counter.prev7 === 0 ? null : Math.round(((counter.last7 - counter.prev7) / counter.prev7) * 1000) / 10;
  events[event] = { count: counter.last7, previous: counter.prev7, changePercent: change, users: unique.counters[event]?.last7 ?? 0 };
}
const busiest = Object.entries(events).sort((a, b) => b[1].count - a[1].count)[0];
console.log(
  JSON.stringify(
    { from: from.toISOString(), to: now.toISOString(), events, busiest: busiest && busiest[1].count > 0 ? busiest[0] : null },
    null,
    2,
  ),
);
