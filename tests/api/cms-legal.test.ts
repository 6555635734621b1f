import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cmsOf } from '../support/cms.js';
import { ownSite, teamSite } from '../support/editor.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { fixtureLibrary, makeSiteDoc } from '../support/siteDoc.js';
import { readZip } from '../support/zip.js';

/** Spec 002 "Legal collections: thirdparty and subprocessors … Only available if the plan has the legal feature." */

const LEGAL_PLAN = 'Legal collections need a pricing plan with the legal feature. A pricing plan upgrade is needed by the site owner.';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({}, { sectionLibrary: fixtureLibrary });
});
afterAll(() => t.close());

const setPlan = (userId: number, planId: number) => t.pw.deps.db('subscriptions').where({ user_id: userId }).update({ plan_id: planId });

/** A site whose about page lists the third parties (a repeat over `_thirdparty`). */
function legalDoc() {
  const doc = makeSiteDoc();
  doc.nodes['partners'] = {
    id: 'partners',
    type: 'layout-v',
    data: { '_options.name': 'Partners', '_options.tag': 'section', _repeat: '_thirdparty' },
    style: {},
    children: ['partners.name'],
  };
  doc.nodes['partners.name'] = {
    id: 'partners.name',
    type: 'paragraph',
    data: { '_options.name': 'Name', value: 'Service: {item.name} by {item.company}' },
    style: {},
    children: [],
  };
  doc.pages.find((p) => p.id === 'about')!.sections.push('partners');
  return doc;
}

async function site(planId: number, doc = makeSiteDoc()) {
  const s = await ownSite(t, doc);
  await setPlan(s.userId, planId);
  return { ...s, cms: cmsOf(s.api, s.siteId) };
}

const refused = (r: { response: Response; error?: unknown }) => {
  expect(r.response.status).toBe(402);
  expect(r.error).toMatchObject({ code: 'PLAN_LIMIT', error: LEGAL_PLAN, info: { title: 'Upgrade needed', feature: 'legal' } });
};

describe('legal collections', () => {
  it('a plan with legal creates _thirdparty and _subprocessors with their fixed fields, listed as internal', async () => {
    const s = await site(2);
    const third = await s.cms.create({ id: '_thirdparty' });
    expect(third.response.status).toBe(201);
    expect(third.data).toMatchObject({ id: '_thirdparty', name: 'Third parties', icon: 'Legal', internal: true, count: 0 });
    expect(third.data!.fields.map((f) => [f.id, f.type])).toEqual([
      ['name', 'text'],
      ['purpose', 'text'],
      ['company', 'text'],
      ['country', 'text'],
      ['policy', 'text'],
      ['published', 'published'],
    ]);
    const sub = await s.cms.create({ id: '_subprocessors' });
    expect(sub.response.status).toBe(201);
    expect(sub.data).toMatchObject({ id: '_subprocessors', name: 'Subprocessors', icon: 'Legal', internal: true });
    expect(sub.data!.fields.map((f) => f.id)).toEqual(['name', 'purpose', 'data', 'location', 'contact', 'published']);

    const added = await s.cms.addItem('_thirdparty', {
      name: 'Plausible',
      purpose: 'Visitor statistics',
      company: 'Plausible Insights OÜ',
      country: 'Estonia',
      policy: 'https://plausible.io/privacy',
    });
    expect(added.response.status).toBe(201);
    expect(added.data!.item).toEqual({
      _id: 1,
      name: 'Plausible',
      purpose: 'Visitor statistics',
      company: 'Plausible Insights OÜ',
      country: 'Estonia',
      policy: 'https://plausible.io/privacy',
      published: true,
    });
    expect((await s.cms.addItem('_subprocessors', { name: 'Hetzner', purpose: 'Hosting', location: 'Germany' })).response.status).toBe(201);
    expect((await s.cms.import('_subprocessors', { items: [{ name: 'Postmark', purpose: 'E-mail' }] })).data).toMatchObject({ created: 1 });

    const all = (await s.cms.list('true')).data!;
    expect(all.filter((c) => c.internal).map((c) => [c.id, c.count])).toEqual([
      ['_thirdparty', 1],
      ['_subprocessors', 2],
    ]);
    // Pickers leave them out, as every id that starts with an underscore.
    expect((await s.cms.list('false')).data!.map((c) => c.id)).toEqual(['posts']);
  });

  it('without the legal feature creating either answers 402 with the message and writes nothing', async () => {
    const s = await site(1);
    for (const id of ['_thirdparty', '_subprocessors']) refused(await s.cms.create({ id }));
    expect((await s.cms.list()).data!.map((c) => c.id)).toEqual(['posts']);
    // The other internal collections and the user's own are not gated.
    expect((await s.cms.create({ id: '_social' })).response.status).toBe(201);
    expect((await s.cms.create({ id: 'partners', name: 'Partners' })).response.status).toBe(201);
  });

  it('after a downgrade every write to a legal collection answers 402 and writes nothing; reads and other collections still work', async () => {
    const s = await site(2);
    await s.cms.create({ id: '_thirdparty' });
    await s.cms.addItem('_thirdparty', { name: 'Plausible', country: 'Estonia' });
    await s.cms.addItem('_thirdparty', { name: 'Stripe', country: 'USA' });
    await setPlan(s.userId, 1);
    const before = { collection: (await s.cms.get('_thirdparty')).data, items: await s.cms.all('_thirdparty') };

    const writes: [string, () => Promise<{ response: Response; error?: unknown }>][] = [
      ['rename', () => s.cms.update('_thirdparty', { name: 'Partners' })],
      ['new id', () => s.cms.update('_thirdparty', { id: 'partners' })],
      ['delete', () => s.cms.remove('_thirdparty')],
      ['add field', () => s.cms.addField('_thirdparty', { name: 'notes', type: 'text' })],
      ['edit field', () => s.cms.editField('_thirdparty', 'country', { _title: 'Land' })],
      ['delete field', () => s.cms.deleteField('_thirdparty', 'country')],
      ['sort fields', () => s.cms.sortFields('_thirdparty', 0, 1)],
      ['add item', () => s.cms.addItem('_thirdparty', { name: 'Mailgun' })],
      ['edit item', () => s.cms.editItem('_thirdparty', 1, { name: 'Plausible Analytics' })],
      ['delete item', () => s.cms.deleteItem('_thirdparty', 2)],
      ['duplicate', () => s.cms.duplicate('_thirdparty', 1)],
      ['sort items', () => s.cms.sortItems('_thirdparty', 0, 1)],
      ['sort by', () => s.cms.sortItemsBy('_thirdparty', 'name', 'desc')],
      ['import', () => s.cms.import('_thirdparty', { items: [{ name: 'Mailgun' }] })],
      ['dry-run import', () => s.cms.import('_thirdparty', { items: [{ name: 'Mailgun' }], dryRun: true })],
    ];
    for (const [what, write] of writes) {
      const r = await write();
      expect([what, r.response.status]).toEqual([what, 402]);
      refused(r);
    }
    // A legal collection that does not exist yet is refused the same way.
    refused(await s.cms.create({ id: '_subprocessors' }));

    expect({ collection: (await s.cms.get('_thirdparty')).data, items: await s.cms.all('_thirdparty') }).toEqual(before);
    expect((await s.cms.item('_thirdparty', 1)).data).toMatchObject({ name: 'Plausible' });
    expect((await s.cms.list()).data!.map((c) => c.id)).toEqual(['posts', '_thirdparty']);
    expect((await s.cms.addItem('posts', { title: 'Still fine' })).response.status).toBe(201);

    // Upgrading again gives the kept data back to edit.
    await setPlan(s.userId, 2);
    expect((await s.cms.editItem('_thirdparty', 1, { name: 'Plausible Analytics' })).data).toMatchObject({ name: 'Plausible Analytics' });
  });

  it("the site owner's plan decides for a collaborator", async () => {
    const { owner, guest, siteId } = await teamSite(t);
    const cms = cmsOf(guest.api, siteId);
    expect((await cms.create({ id: '_subprocessors' })).response.status).toBe(201);
    expect((await cms.addItem('_subprocessors', { name: 'Hetzner', location: 'Germany' })).response.status).toBe(201);
    expect((await cms.editItem('_subprocessors', 1, { contact: 'privacy@hetzner.example' })).data).toMatchObject({
      name: 'Hetzner',
      contact: 'privacy@hetzner.example',
    });
    expect((await cms.addField('_subprocessors', { name: 'safeguards', type: 'text' })).response.status).toBe(201);

    await setPlan(owner.session.id, 1);
    refused(await cms.addItem('_subprocessors', { name: 'Postmark' }));
    expect((await cms.all('_subprocessors')).map((i) => i.name)).toEqual(['Hetzner']);
  });

  it('a collection is never renamed into a legal id, which would skip its fixed fields', async () => {
    const s = await site(2);
    const { response, error } = await s.cms.update('posts', { id: '_thirdparty' });
    expect(response.status).toBe(400);
    expect(error).toMatchObject({ info: { field: 'id' } });
    expect((await s.cms.list()).data!.map((c) => c.id)).toEqual(['posts']);
  });
});

describe('legal content on the site', () => {
  it('the preview and the published site show legal items only while the owner has the legal feature', async () => {
    const s = await site(2, legalDoc());
    await s.cms.create({ id: '_thirdparty' });
    await s.cms.addItem('_thirdparty', { name: 'Plausible', company: 'Plausible Insights' });
    await s.cms.addItem('_thirdparty', { name: 'Stripe', company: 'Stripe Inc' });

    const preview = async () =>
      (await s.api.GET('/sites/{siteId}/preview', { params: { path: { siteId: s.siteId }, query: { preview: 'about,light' } } })).data!
        .preview.html;
    const published = async () => {
      const { data } = await s.api.GET('/sites/{siteId}/publish', { params: { path: { siteId: s.siteId }, query: { type: 'download' } } });
      const zip = await fetch(data!.download.url.replace(t.pw.deps.config.publicUrl, t.url));
      return (await readZip(Buffer.from(await zip.arrayBuffer()))).get('about/index.html')!.toString('utf8');
    };

    expect(await preview()).toContain('Service: Plausible by Plausible Insights');
    const live = await published();
    expect(live).toContain('Service: Plausible by Plausible Insights');
    expect(live).toContain('Service: Stripe by Stripe Inc');

    await setPlan(s.userId, 1);
    const hiddenPreview = await preview();
    expect(hiddenPreview).toContain('About us');
    expect(hiddenPreview).not.toContain('Service:');
    // An edit's own preview is gated the same way.
    const edit = await s.api.PATCH('/sites/{siteId}/pages/{pageId}', {
      params: { path: { siteId: s.siteId, pageId: 'about' }, query: { preview: 'about,light' } },
      body: { title: 'About the company' },
    });
    expect(edit.response.status).toBe(200);
    expect(edit.data!.preview!.html).not.toContain('Service:');
    const downgraded = await published();
    expect(downgraded).toContain('About us');
    expect(downgraded).not.toContain('Plausible');
    // The data is kept: the CMS still reads it, and an upgrade shows it again.
    expect((await s.cms.all('_thirdparty')).map((i) => i.name)).toEqual(['Plausible', 'Stripe']);
    await setPlan(s.userId, 3);
    expect(await preview()).toContain('Service: Stripe by Stripe Inc');
  });
});
