// Where the server spends the editor's two opening reads (issue 29: open to interactive canvas): a
// Pagewright server in this process with the editor bench's page of 2,146 components (editor.bench.ts),
// then the document (`GET /sites/{id}?expand=…`) and the canvas's page (`GET /sites/{id}/preview`) asked
// one after the other, each timed; BENCH_PROFILE_CPU=1 adds the process's CPU profile by function.
//
//   npx tsx tests/bench/profile-editor-open.ts        (BENCH_PROFILE_READS, default 30)
import { Session } from 'node:inspector/promises';
import { startTestServer } from '../support/server.js';
import { templatePagePreview } from '../../server/src/templates/page-preview.js';
import { bigPageSite } from './bigPage.js';
import { shareTable, summarize, type CpuProfile } from './cpu-profile.js';

const READS = Number(process.env.BENCH_PROFILE_READS) || 30;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

const t = await startTestServer();
try {
  const siteId = `profile-${Date.now()}.example.com`;
  const { api } = await bigPageSite(t, 'Profiler', siteId);
  const path = { siteId };

  const reads = {
    document: () => api.GET('/sites/{siteId}', { params: { path, query: { expand: 'pages|style|globals|publish|samplePages|versions' } } }),
    preview: () => api.GET('/sites/{siteId}/preview', { params: { path, query: { preview: 'home,light,,patch' } } }),
  };
  // BENCH_WARM=1: the renderer run once first (a template's page), as a server warmed at its start would be.
  if (process.env.BENCH_WARM) {
    const started = performance.now();
    await templatePagePreview('launch', 'home', 'light');
    console.log(`warm-up (a template's home page): ${(performance.now() - started).toFixed(1)} ms`);
  }
  let inspector: Session | null = null;
  if (process.env.BENCH_PROFILE_CPU) {
    inspector = new Session();
    inspector.connect();
    await inspector.post('Profiler.enable');
    await inspector.post('Profiler.setSamplingInterval', { interval: 100 });
    await inspector.post('Profiler.start');
  }
  for (const [name, read] of Object.entries(reads)) {
    const times: number[] = [];
    let bytes = 0;
    for (let i = 0; i < READS; i++) {
      const started = performance.now();
      const { response } = await read();
      times.push(performance.now() - started);
      bytes = Number(response.headers.get('content-length') ?? 0);
    }
    const first = times[0]!;
    times.sort((a, b) => a - b);
    console.log(
      `${name}: first ${first.toFixed(1)} ms, p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms, ${bytes} bytes`,
    );
  }
  if (inspector) {
    const { profile } = (await inspector.post('Profiler.stop')) as { profile: CpuProfile };
    inspector.disconnect();
    const summary = summarize(profile, 40);
    console.log(shareTable('package or folder', summary.groups.slice(0, 15)));
    console.log(shareTable('function', summary.frames.slice(0, 40)));
  }
} finally {
  await t.close();
}
