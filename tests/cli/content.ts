import type { Schemas } from '@pagewright/sdk';
import { cmsOf } from '../support/cms.js';
import type { TestServer } from '../support/server.js';
import { domain } from '../support/team.js';
import { loggedIn } from './run.js';

/** A signed-in owner of a new site (no sample collections touched), with the CLI logged in as them. */
export async function contentSite(t: TestServer, name = 'Content') {
  const owner = await t.signup(name);
  const siteId = domain();
  await owner.api.POST('/sites', { body: { name, siteId, templateId: 'launch' } });
  const cms = cmsOf(owner.api, siteId);
  return {
    siteId,
    api: owner.api,
    cms,
    cli: loggedIn(t.url, owner.session.token),
    /** Creates a collection with fields through the API. */
    async collection(id: string, fields: Schemas['FieldInput'][]) {
      await cms.create({ id, name: id });
      for (const field of fields) {
        const { error } = await cms.addField(id, field);
        if (error) throw new Error(JSON.stringify(error));
      }
    },
    /** The collection's items in hand order, through the API. */
    items: (collection: string) => cms.all(collection),
  };
}

/** The fields of the product collection the import tests use. */
export const PRODUCT_FIELDS: Schemas['FieldInput'][] = [
  { name: 'title', type: 'text' },
  { name: 'sku', type: 'text' },
  { name: 'price', type: 'number' },
  { name: 'category', type: 'enum', options: ['Shoes', 'Shirts', 'Hats'] },
  { name: 'released', type: 'date' },
  { name: 'published', type: 'published' },
  { name: 'tags', type: 'list' },
];
