import { describe, expect, it } from 'vitest';
import { perform } from '../../site/actions/registry.ts';
import { editorForTest, node } from '../../site/store/testing.ts';
import { saveSchemaOrg } from './actions.ts';

const history = { undo: 1, redo: 0, unsaved: 1 };
const nodes = { hero: node('hero', 'layout-v', ['hero.ld']), 'hero.ld': node('hero.ld', 'schemaOrg') };

describe('saveSchemaOrg', () => {
  it('puts the description through PUT /schemaorg with the preview and takes the answered node', async () => {
    const json = { '@type': 'Restaurant', name: 'Bistro' };
    const t = editorForTest({
      nodes,
      handle: [
        (r) =>
          r.method === 'PUT' && r.path === '/sites/example.com/schemaorg/hero.ld'
            ? { body: { id: 'hero.ld', previousId: 'hero.ld', node: { ...nodes['hero.ld'], data: { value: json } } }, history }
            : undefined,
      ],
    });
    await t.store.getState().load();
    let saved = false;
    await perform(t.ctx, saveSchemaOrg, { id: 'hero.ld', json, onSaved: () => (saved = true) });
    const call = t.received.find((r) => r.method === 'PUT')!;
    expect(call.body).toEqual({ json });
    expect(call.query.get('preview')).toBe('home,light,en,patch');
    expect(t.store.getState().nodes.get('hero.ld')!.data.value).toEqual(json);
    expect(saved).toBe(true);
  });

  it('a refused property puts the description back and is told in place', async () => {
    const t = editorForTest({
      nodes,
      handle: [
        (r) =>
          r.method === 'PUT'
            ? { status: 400, body: { error: 'servesCuisine is not a property of Person', status: 400, code: 'INVALID', info: {} } }
            : undefined,
      ],
    });
    await t.store.getState().load();
    const said: string[] = [];
    await perform(t.ctx, saveSchemaOrg, { id: 'hero.ld', json: { '@type': 'Person', servesCuisine: 'x' }, onInvalid: (m) => said.push(m) });
    expect(said).toEqual(['servesCuisine is not a property of Person']);
    expect(t.store.getState().nodes.get('hero.ld')!.data.value).toBeUndefined();
    expect(t.errors).toEqual([]);
  });
});
