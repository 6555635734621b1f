// Issue #3 (b): a component edit on a 40-section page, the server's time to the answer that carries
// the re-rendered preview (aim: p95 under 30 ms). One connection, so a figure is one edit's own
// time and not a queue behind the site's other writes; every request changes the text, so every
// one is a real write (a history entry and a saved document) followed by a render of the page.
import { SDK_VERSION } from '@pagewright/sdk';
import { sectionLibrary } from '../../server/src/templates/sections.js';
import { createSite, makeSiteDoc } from '../support/siteDoc.js';
import { startTestServer } from '../support/server.js';
import { measure, type Benchmark, type Row } from './harness.js';

const SECTIONS = 40;

const benchmark: Benchmark = {
  name: 'component edit on a 40-section page',
  async run(): Promise<Row[]> {
    const t = await startTestServer();
    try {
      const { api, session } = await t.signup('Bench Editor');
      const siteId = await createSite(t.pw.deps.db, api, makeSiteDoc({ name: 'Bench' }));
      const path = { siteId };
      // The home page becomes 40 sections of the real library, in its order, as a user would build it.
      await api.DELETE('/sites/{siteId}/components/{componentId}', { params: { path: { siteId, componentId: 'hero' } } });
      await api.DELETE('/sites/{siteId}/components/{componentId}', { params: { path: { siteId, componentId: 'features' } } });
      let target = '';
      for (let i = 0; i < SECTIONS; i++) {
        const design = sectionLibrary[i % sectionLibrary.length]!;
        const { data, error } = await api.POST('/sites/{siteId}/sections', {
          params: { path },
          body: { pageId: 'home', sectionId: design.id },
        });
        if (error) throw new Error(`adding ${design.id} failed: ${JSON.stringify(error)}`);
        // The edited heading sits mid-page: the first heading from the 20th section on.
        if (!target && i >= SECTIONS / 2) target = Object.values(data.nodes).find((n) => n.type === 'heading')?.id ?? '';
      }
      await api.POST('/sites/{siteId}/versions/commit', { params: { path }, body: { message: 'Bench page' } });
      const page = (await api.GET('/sites/{siteId}', { params: { path, query: { expand: 'pages' } } })).data!;
      const nodes = page
        .pages!.find((p) => p.id === 'home')!
        .sections.reduce((n, s) => n + Object.keys(page.nodes!).filter((id) => id === s || id.startsWith(`${s}.`)).length, 0);

      const headers = {
        Authorization: `Basic ${Buffer.from(`${session.token}:`).toString('base64')}`,
        'X-Client-Version': `sdk/${SDK_VERSION}`,
        'Content-Type': 'application/json',
      };
      const url = `${t.url}/api/sites/${siteId}/components/${target}`;
      const body = JSON.stringify({ data: { value: 'Edited [<id>]' } });
      const check = await fetch(`${url}?preview=home,light`, { method: 'PATCH', headers, body: body.replace('[<id>]', 'check') });
      const answer = (await check.json()) as { preview?: { html: string } };
      if (!check.ok || !answer.preview?.html.includes('Edited check'))
        throw new Error(`the edit did not answer its preview: ${check.status}`);

      const edit = { method: 'PATCH', headers, body, idReplacement: true, connections: 1 };
      const withPreview = await measure(`PATCH component + preview (${SECTIONS} sections, ${nodes} nodes; aim p95 < 30 ms)`, {
        ...edit,
        url: `${url}?preview=home,light`,
      });
      const alone = await measure('PATCH component, no preview (info)', { ...edit, url });
      return [withPreview, alone];
    } finally {
      await t.close();
    }
  },
};

export default benchmark;
