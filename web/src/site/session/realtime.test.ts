import { describe, expect, it } from 'vitest';
import { needsRefresh, OWN_ECHO_MS, parseSiteEvent } from './realtime.ts';

const site = 'example.com';

describe('the site channel messages', () => {
  it('reads presence, keeping only well-formed users', () => {
    const raw = JSON.stringify({
      type: 'site.presence',
      siteId: site,
      users: [{ id: 2, name: 'Cole', selection: 'hero.title' }, { id: 'x', name: 'bad' }, null, { id: 3, name: 'Dee' }],
    });
    expect(parseSiteEvent(raw, site)).toEqual({
      type: 'site.presence',
      siteId: site,
      users: [
        { id: 2, name: 'Cole', selection: 'hero.title' },
        { id: 3, name: 'Dee', selection: null },
      ],
    });
  });

  it('reads an edit with its history counts and ids', () => {
    const raw = JSON.stringify({
      type: 'site.edit',
      siteId: site,
      by: { id: 2, name: 'Cole' },
      history: { undo: 4, redo: 0, unsaved: 4 },
      ids: ['hero.title', 7],
    });
    expect(parseSiteEvent(raw, site)).toEqual({
      type: 'site.edit',
      siteId: site,
      by: { id: 2, name: 'Cole' },
      history: { undo: 4, redo: 0, unsaved: 4 },
      ids: ['hero.title'],
    });
  });

  it('drops what it did not expect: not JSON, another site, bad counts, unknown types', () => {
    expect(parseSiteEvent('{', site)).toBeNull();
    expect(
      parseSiteEvent(
        JSON.stringify({ type: 'site.edit', siteId: 'other.com', by: { id: 1 }, history: { undo: 1, redo: 0, unsaved: 1 } }),
        site,
      ),
    ).toBeNull();
    expect(parseSiteEvent(JSON.stringify({ type: 'site.edit', siteId: site, by: { id: 1 }, history: { undo: 'x' } }), site)).toBeNull();
    expect(parseSiteEvent(JSON.stringify({ type: 'site.surprise', siteId: site }), site)).toBeNull();
    expect(parseSiteEvent('null', site)).toBeNull();
  });
});

describe('which edits reload the canvas', () => {
  const edit = (by: number) => ({
    type: 'site.edit' as const,
    siteId: site,
    by: { id: by, name: '' },
    history: { undo: 1, redo: 0, unsaved: 1 },
    ids: [],
  });

  it("another person's edit always does", () => {
    expect(needsRefresh(edit(2), 1, 1000, 1001)).toBe(true);
  });

  it("this tab's own echo does not, but the same person's edit from another tab does", () => {
    expect(needsRefresh(edit(1), 1, 1000, 1000 + OWN_ECHO_MS - 1)).toBe(false);
    expect(needsRefresh(edit(1), 1, 1000, 1000 + OWN_ECHO_MS + 1)).toBe(true);
  });
});
