// Where a hosted page's answer spends its time, and what holds the event loop during a publish: a
// Pagewright server in this process with a site of PAGES pages published and served by Host, autocannon
// in a child process (harness.ts) reading the home page, then a publish of the whole site while the
// inspector's CPU profiler runs. Each time the event loop was held over 15 ms during the publish is
// listed with the functions most on the stacks sampled meanwhile.
//
//   npx tsx tests/bench/profile-hosting.ts   (BENCH_SECONDS, BENCH_PROFILE_PAGES, BENCH_PROFILE_LONG_MS to change)
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { startDns } from '../support/dns.js';
import { HOSTING_CNAME, publish, siteWithPosts, verifyDomain } from '../support/hosting.js';
import { dialect, startTestServer } from '../support/server.js';
import { shareTable, summarize, type CpuProfile } from './cpu-profile.js';
import { measure, SECONDS } from './harness.js';

const PAGES = Number(process.env.BENCH_PROFILE_PAGES) || 1000;
const HOME = process.env.BENCH_PROFILE_HOME !== '0';
const LONG_MS = Number(process.env.BENCH_PROFILE_LONG_MS) || 15;
const out = path.resolve('tests/.tmp/profiles');

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

/**
 * What ran while the event loop was held: each gap over LONG_MS between two ticks of a 2 ms timer,
 * with the frames (the repository's and the packages') most on the stacks the profiler sampled in it.
 * The profile's timestamps and process.hrtime are the same monotonic clock, in microseconds here.
 */
function heldBy(profile: CpuProfile & { nodes: Node[]; startTime: number }, gaps: [number, number][]): string[] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const times: number[] = [];
  let at = profile.startTime;
  for (const delta of profile.timeDeltas) times.push((at += delta));
  return gaps.map(([from, to]) => {
    const counts = new Map<string, number>();
    let samples = 0;
    profile.samples.forEach((id, i) => {
      if (times[i]! < from || times[i]! > to) return;
      samples++;
      const seen = new Set<string>();
      for (let node: number | undefined = id; node !== undefined; node = parent.get(node)) {
        const f = byId.get(node)!.callFrame;
        if (f.functionName === '(root)') break;
        const where = f.url
          .replace(/^file:\/\//, '')
          .replace(`${process.cwd()}/`, '')
          .replace(/.*node_modules\//, '');
        seen.add(`${f.functionName || '(anonymous)'} ${where}${where ? `:${f.lineNumber + 1}` : ''}`);
      }
      for (const name of seen) counts.set(name, (counts.get(name) ?? 0) + 1);
    });
    const top = [...counts]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 8)
      .map(([name, n]) => `${name} ${((100 * n) / Math.max(1, samples)).toFixed(0)}%`);
    return `${((to - from) / 1000).toFixed(0)} ms: ${top.join(' | ')}`;
  });
}

const dns = await startDns();
const t = await startTestServer({ DNS_SERVER: dns.server, HOSTING_CNAME, LOG_LEVEL: 'silent' });
try {
  const { api, session } = await t.signup('Profiler');
  const token = session.token;
  const siteId = 'hosting-profile.example.com';
  const host = `www.${siteId}`;
  await siteWithPosts(api, siteId, PAGES);
  await publish(api, siteId);
  await verifyDomain(api, dns, siteId, host);

  const inspector = new Session();
  inspector.connect();
  await inspector.post('Profiler.enable');
  await inspector.post('Profiler.setSamplingInterval', { interval: 200 });
  fs.mkdirSync(out, { recursive: true });
  const save = async (name: string) => {
    const { profile } = (await inspector.post('Profiler.stop')) as { profile: CpuProfile & { nodes: Node[] } };
    const file = path.join(out, `${name}.cpuprofile`);
    fs.writeFileSync(file, JSON.stringify(profile));
    return { profile, file };
  };

  if (HOME) await profileHome();
  async function profileHome() {
    await inspector.post('Profiler.start');
    const row = await measure('home', { url: `${t.url}/`, headers: { host }, connections: 50, seconds: SECONDS });
    const served = await save('hosting-home');
    const summary = summarize(served.profile);
    console.log(
      `\n### home page by Host: ${row.reqPerSec?.toFixed(0)} req/s, p50 ${(row.p50Ms ?? NaN).toFixed(2)} ms, ${row.errors} errors`,
    );
    console.log(
      `(${dialect}, ${os.cpus().length} cores, node ${process.version}; load ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')})`,
    );
    console.log(`busy ${(summary.busyMs / 1000).toFixed(1)} s, idle ${summary.idlePct.toFixed(0)} %; ${served.file}\n`);
    console.log(shareTable('package or folder', summary.groups.slice(0, 12)));
    console.log();
    console.log(shareTable('function', summary.frames.slice(0, 20)));
  }

  await api.PATCH('/sites/{siteId}', { params: { path: { siteId } }, body: { themeColor: '#204060' } });
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  const gaps: [number, number][] = [];
  let last = Number(process.hrtime.bigint() / 1000n);
  const ticker = setInterval(() => {
    const now = Number(process.hrtime.bigint() / 1000n);
    if (now - last > (LONG_MS + 2) * 1000) gaps.push([last, now]);
    last = now;
  }, 2);
  await inspector.post('Profiler.start');
  const started = performance.now();
  // A plain fetch, as the bench asks it: the suites' client checks the answer against openapi.yaml (ajv)
  // on this thread, the server's too.
  const published = await fetch(`${t.url}/api/sites/${siteId}/publish?type=download`, {
    headers: { authorization: `Basic ${Buffer.from(`${token}:`).toString('base64')}` },
  });
  if (!published.ok) throw new Error(`publish failed: ${published.status}`);
  await published.arrayBuffer();
  const ms = performance.now() - started;
  clearInterval(ticker);
  delay.disable();
  const during = await save('hosting-publish');
  console.log(
    `\n### a publish of ${PAGES} posts: ${(ms / 1000).toFixed(1)} s; event loop delay p99 ${(delay.percentile(99) / 1e6).toFixed(1)} ms, max ${(delay.max / 1e6).toFixed(1)} ms`,
  );
  console.log(
    `load ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.log(shareTable('package or folder', summarize(during.profile).groups.slice(0, 12)));
  console.log(`\nthe event loop held over ${LONG_MS} ms, ${gaps.length} times:`);
  for (const line of heldBy(during.profile as CpuProfile & { nodes: Node[]; startTime: number }, gaps)) console.log(`- ${line}`);
  inspector.disconnect();
} finally {
  await t.close();
  await dns.close();
}
