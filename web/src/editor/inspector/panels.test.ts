import { describe, expect, it } from 'vitest';
import { GROUPS } from './groups.ts';
import { PANELS, panelOf, tabsOf } from './panels.ts';

describe('panel definitions', () => {
  it('has one panel for each of the 41 component kinds', () => {
    expect(PANELS).toHaveLength(41);
    expect(new Set(PANELS.map((p) => p.kind)).size).toBe(41);
  });

  it('has the 29 shared setting groups of spec 001 §2', () => {
    expect([...GROUPS.values()].map((g) => g.title)).toEqual([
      'Settings',
      'Interactivity',
      'Scroll',
      'Scroll item',
      'Effects',
      'Filters',
      'Icon',
      'Image',
      'Number',
      'CMS',
      'List',
      'Action',
      'Code',
      'Animations',
      'Accessibility',
      'Text',
      'Position',
      'Size',
      'Layout',
      'Layout item',
      'Spacing',
      'Transform',
      'Background',
      'Corners',
      'Border',
      'Outline',
      'Divide',
      'Transition',
      'Render',
    ]);
  });

  it('hides the Content tab for panels without content', () => {
    expect(tabsOf(panelOf('layout-v')).has('content')).toBe(false);
    expect(tabsOf(panelOf('divider')).has('content')).toBe(false);
    expect(tabsOf(panelOf('heading')).has('content')).toBe(true);
  });

  it('maps every component type to its kind: containers, lists and the {host} types', () => {
    expect(panelOf('layout-grid3').kind).toBe('container');
    expect(panelOf('ul').kind).toBe('list');
    expect(panelOf('schemaOrg-blog').kind).toBe('schemaOrg');
    expect(panelOf('codeBlock').kind).toBe('codeBlock');
  });

  it('every panel but the script elements has Animation, Layout, Style and Settings groups, and unique row ids per tab', () => {
    for (const panel of PANELS) {
      const tabs = tabsOf(panel);
      // A <script> (custom code, Schema.org JSON-LD) has no box to style: docs/decisions/0065-what-you-set-is-what-you-publish.md.
      const boxless = panel.kind === 'script' || panel.kind === 'schemaOrg';
      for (const tab of ['animation', 'layout', 'style', 'settings'] as const) expect(tabs.has(tab), `${panel.kind} ${tab}`).toBe(!boxless);
      const seen = new Set<string>();
      for (const group of panel.groups)
        for (const setting of group.settings) {
          const key = `${group.id}.${setting.id}`;
          expect(seen.has(key), `${panel.kind} ${key}`).toBe(false);
          seen.add(key);
        }
    }
  });

  it('uses the ranges of §5: counter duration 100-10000 step 100, paragraph max characters default 160, z-index ±200', () => {
    const duration = panelOf('counter').groups[0]!.settings.find((s) => s.id === 'duration')!;
    expect(duration.store === 'data' && duration.control).toEqual({ kind: 'range', min: 100, max: 10000, step: 100, suffix: 'ms' });
    const max = panelOf('paragraph').groups[0]!.settings.find((s) => s.id === 'maxCharacters')!;
    expect(max.store === 'data' && max.default).toBe(160);
    const z = GROUPS.get('position')!.settings.find((s) => s.id === 'zIndex')!;
    expect(z.store === 'style' && z.control).toMatchObject({ min: -200, max: 200 });
  });

  it('shows each select value once and as it is: Offset starts at 0, an unset image aspect ratio is the original shape', async () => {
    const { selectValue } = await import('./selectValue.ts');
    const rows = [...PANELS.flatMap((p) => p.groups), ...GROUPS.values()].flatMap((g) => g.settings).filter((s) => s.store === 'data');
    const offset = rows.find((s) => s.id === 'offset' && s.store === 'data')!;
    if (offset.control.kind !== 'select') throw new Error('Offset is a select');
    const offsetShown = selectValue(offset.control.options, 0, offset.default);
    expect(offset.control.options.find((o) => o.value === offsetShown.value)?.label).toBe('0');
    const aspect = rows.find((s) => s.id === 'aspectRatio')!;
    if (aspect.control.kind !== 'select') throw new Error('Aspect ratio is a select');
    const aspectShown = selectValue(aspect.control.options, undefined, aspect.default);
    expect(aspect.control.options.find((o) => o.value === aspectShown.value)?.label).toBe('Original');
    for (const row of rows)
      if (row.control.kind === 'select') {
        const labels = row.control.options.filter((o) => o.value !== '').map((o) => o.label);
        const shown = selectValue(row.control.options, undefined, row.default);
        if (shown.placeholder !== null) labels.push(shown.placeholder);
        expect(new Set(labels).size, `${row.id}: ${labels.join(', ')}`).toBe(labels.length);
      }
  });
});
