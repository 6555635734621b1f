import type { TestServer } from '../support/server.js';

/** How many components the editor benches put in one section of the page (2,146 with the section's own). */
export const COMPONENTS = 2000;

/**
 * The editor benches' page (issue 29): a site of the Launch template, owned by a new user on the paid
 * plan, whose home page's feature section holds 2,000+ components: 10 blocks of 10 paragraphs, copied.
 * In the template's plain feature section: a hero's picture and the sticky header cover parts of others.
 */
export async function bigPageSite(t: TestServer, owner: string, siteId: string) {
  const { api, session } = await t.signup(owner);
  await t.pw.deps.db('subscriptions').where({ user_id: session.id }).update({ plan_id: 2 });
  await api.POST('/sites', { body: { name: 'Bench', siteId, templateId: 'launch' } });
  const path = { siteId };
  const add = async (body: { toContainer: string; type?: 'layout-v' | 'paragraph'; componentId?: string }) => {
    const { data, error } = await api.POST('/sites/{siteId}/components', { params: { path }, body });
    if (!data) throw new Error(JSON.stringify(error));
    return data.id;
  };
  const pages = (await api.GET('/sites/{siteId}', { params: { path, query: { expand: 'pages' } } })).data!.pages!;
  const homeSections = pages.find((pg) => pg.id === 'home')!.sections;
  const section = homeSections.includes('features') ? 'features' : homeSections[1]!;
  const group = await add({ toContainer: section, type: 'layout-v' });
  const block = await add({ toContainer: group, type: 'layout-v' });
  for (let i = 0; i < 10; i++) await add({ toContainer: block, type: 'paragraph' });
  for (let i = 0; i < 9; i++) await add({ toContainer: group, componentId: block });
  for (let i = 0; i < Math.ceil(COMPONENTS / 111) - 1; i++) await add({ toContainer: section, componentId: group });
  const doc = (await api.GET('/sites/{siteId}', { params: { path, query: { expand: 'pages' } } })).data!;
  const inSection = (id: string) => id === section || id.startsWith(`${section}.`);
  return {
    api,
    session,
    section,
    /** The components of the section, itself included. */
    total: Object.keys(doc.nodes!).filter(inSection).length,
    paragraphs: Object.values(doc.nodes!)
      .filter((n) => n.type === 'paragraph' && n.id.startsWith(`${section}.`))
      .map((n) => n.id),
  };
}
