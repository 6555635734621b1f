// Where a one-item read (and a one-item update) of the CMS spends its time: a Pagewright server in this
// process with a 50,000-item collection in a site made from a template, autocannon in a child process
// (harness.ts) reading one item by id, and the inspector's CPU profiler on this process meanwhile.
// Prints the busiest functions and packages (self and total %) as markdown for tests/bench/RESULTS.md
// and writes the .cpuprofile files (open them in Chrome's DevTools or speedscope for the flame graph).
//
//   npx tsx tests/bench/profile-cms-read.ts            (BENCH_SECONDS, BENCH_PROFILE_ITEMS to change)
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { SDK_VERSION } from '@pagewright/sdk';
import { cmsOf } from '../support/cms.js';
import { dialect, startTestServer } from '../support/server.js';
import { domain } from '../support/team.js';
import { shareTable, summarize, type CpuProfile } from './cpu-profile.js';
import { measure, SECONDS } from './harness.js';

const ITEMS = Number(process.env.BENCH_PROFILE_ITEMS) || 50_000;
const out = path.resolve('tests/.tmp/profiles');

const t = await startTestServer(process.env.LOG_LEVEL ? { LOG_LEVEL: process.env.LOG_LEVEL } : {});
try {
  const { api, session } = await t.signup('Profiler');
  const siteId = domain();
  await api.POST('/sites', { body: { name: 'Profile', siteId, templateId: 'launch' } });
  const cms = cmsOf(api, siteId);
  await cms.create({ id: 'posts', name: 'Posts' });
  await cms.addField('posts', { name: 'title', type: 'text' });
  await cms.addField('posts', { name: 'body', type: 'richtext' });
  await cms.addField('posts', { name: 'price', type: 'number' });
  for (let from = 1; from <= ITEMS; from += 10_000) {
    const items = Array.from({ length: Math.min(10_000, ITEMS - from + 1) }, (_, k) => ({
      title: `Item ${from + k}`,
      body: `<p>Lorem ipsum dolor sit amet ${from + k}</p>`,
      price: (from + k) % 997,
    }));
    const { error } = await cms.import('posts', { items });
    if (error) throw new Error(JSON.stringify(error));
  }
  const headers = {
    Authorization: `Basic ${Buffer.from(`${session.token}:`).toString('base64')}`,
    'X-Client-Version': `sdk/${SDK_VERSION}`,
    'Content-Type': 'application/json',
  };
  const itemUrl = `${t.url}/api/sites/${siteId}/content/posts/items/${Math.floor(ITEMS / 2)}`;

  const inspector = new Session();
  inspector.connect();
  await inspector.post('Profiler.enable');
  await inspector.post('Profiler.setSamplingInterval', { interval: 200 });
  fs.mkdirSync(out, { recursive: true });
  const profile = async (name: string, run: () => Promise<{ reqPerSec?: number; errors: number }>) => {
    await inspector.post('Profiler.start');
    const row = await run();
    const { profile } = (await inspector.post('Profiler.stop')) as { profile: CpuProfile };
    const file = path.join(out, `${name}.cpuprofile`);
    fs.writeFileSync(file, JSON.stringify(profile));
    const summary = summarize(profile);
    console.log(
      `\n### ${name}: ${row.reqPerSec?.toFixed(0)} req/s, ${row.errors} errors (${dialect}, ${os.cpus().length} cores, node ${process.version})`,
    );
    console.log(`busy ${(summary.busyMs / 1000).toFixed(1)} s of the profile, idle ${summary.idlePct.toFixed(0)} %; ${file}\n`);
    console.log(shareTable('package or folder', summary.groups.slice(0, 15)));
    console.log();
    console.log(shareTable('function', summary.frames));
  };
  await profile('cms-read-one-item', () => measure('read', { url: itemUrl, headers }));
  await profile('cms-update-one-item', () =>
    measure('update', { url: itemUrl, method: 'PATCH', headers, body: JSON.stringify({ title: 'Title [<id>]' }), idReplacement: true }),
  );
  inspector.disconnect();
  console.log(`\n${SECONDS} s per target`);
} finally {
  await t.close();
}
