// Where the server spends the editor's two opening reads (issue 29: open to interactive canvas): a
// Pagewright server in this process with the editor bench's page of 2,146 components (editor.bench.ts),
// then the document (`GET /sites/{id}?expand=…`) and the canvas's page (`GET /sites/{id}/preview`) asked
// one after the other, each timed; BENCH_PROFILE_CPU=1 adds the process's CPU profile by function.
//
//   npx tsx tests/bench/profile-editor-open.ts        (BENCH_PROFILE_READS, default 30)
import { Session } from 'node:inspector/promises';
import { startTestServer } from '../support/server.js';
import { shareTable, summarize, type CpuProfile } from './cpu-profile.js';

const READS = Number(process.env.BENCH_PROFILE_READS) || 30;
const COMPONENTS = 2_000;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

const t = await startTestServer();
try {
  const { api, session } = await t.signup('Profiler');
  await t.pw.deps.db('subscriptions').where({ user_id: session.id }).update({ plan_id: 2 });
  const siteId = `profile-${Date.now()}.example.com`;
  await api.POST('/sites', { body: { name: 'Profile', siteId, templateId: 'launch' } });
  const path = { siteId };
  const add = async (body: { toContainer: string; type?: 'layout-v' | 'paragraph'; componentId?: string }) => {
    const { data, error } = await api.POST('/sites/{siteId}/components', { params: { path }, body });
    if (!data) throw new Error(JSON.stringify(error));
    return data.id;
  };
  const sections = (await api.GET('/sites/{siteId}', { params: { path, query: { expand: 'pages' } } })).data!.pages!.find(
    (p) => p.id === 'home',
  )!.sections;
  const section = sections.includes('features') ? 'features' : sections[1]!;
  const group = await add({ toContainer: section, type: 'layout-v' });
  const block = await add({ toContainer: group, type: 'layout-v' });
  for (let i = 0; i < 10; i++) await add({ toContainer: block, type: 'paragraph' });
  for (let i = 0; i < 9; i++) await add({ toContainer: group, componentId: block });
  for (let i = 0; i < Math.ceil(COMPONENTS / 111) - 1; i++) await add({ toContainer: section, componentId: group });

  const reads = {
    document: () => api.GET('/sites/{siteId}', { params: { path, query: { expand: 'pages|style|globals|publish|samplePages|versions' } } }),
    preview: () => api.GET('/sites/{siteId}/preview', { params: { path, query: { preview: 'home,light,,patch' } } }),
  };
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
