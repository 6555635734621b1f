import { defaultFilter } from 'cmdk';
import { canPerform, keyLabel, type Action, type ActionContext } from '../../../site/actions/registry.ts';
import { perform } from '../../../site/actions/registry.ts';
import { selectComponent } from '../../../site/actions/selection.ts';
import { switchPage } from '../../../site/actions/pages.ts';
import { panelOf } from '../../inspector/panels.ts';
import { TABS } from '../../inspector/schema.ts';
import { nodeName } from '../../../site/store/document.ts';
import { currentSections, navigatorPages, type EditorState } from '../../../site/store/store.ts';

/** The palette's groups, in the order it lists them. */
export const PALETTE_GROUPS = ['Actions', 'Go to page', 'Select component', 'Open setting…'] as const;

/** One line of the command palette: what it says, what it is found by, and what choosing it does. */
export interface PaletteEntry {
  /** Unique in the palette, and what the fuzzy search matches (with the keywords). */
  value: string;
  group: (typeof PALETTE_GROUPS)[number];
  label: string;
  /** Shown muted on the right: a shortcut, an id, where a setting is. */
  hint?: string;
  keywords?: string[];
  enabled: boolean;
  run(ctx: ActionContext): void;
}

/**
 * Everything the palette offers now (issue 29): the registered actions that run without an argument
 * (their labels, shortcuts and `enabled`), the pages, the components of the open page by name, and
 * the settings of the selected component.
 */
export function paletteEntries(s: EditorState, actions: readonly Action<never>[], mac: boolean): PaletteEntry[] {
  const entries: PaletteEntry[] = actions.map((action) => ({
    value: `action:${action.name}`,
    group: 'Actions',
    label: action.label,
    hint: action.keys?.[0] ? keyLabel(action.keys[0], mac) : undefined,
    keywords: [action.label, action.name],
    enabled: canPerform(action, s),
    run: (ctx) => void perform(ctx, action, undefined as never),
  }));

  for (const page of navigatorPages(s.pages)) {
    const name = page.name || page.id;
    entries.push({
      value: `page:${page.id}`,
      group: 'Go to page',
      label: `Go to page: ${name}`,
      hint: page.id === s.pageId ? 'open' : undefined,
      keywords: [`Go to page ${name}`, page.id],
      enabled: true,
      run: (ctx) => void perform(ctx, switchPage, { pageId: page.id }),
    });
  }

  const visit = (id: string) => {
    const node = s.nodes.get(id);
    if (!node) return;
    const name = nodeName(node, id);
    entries.push({
      value: `component:${id}`,
      group: 'Select component',
      label: `Select: ${name}`,
      hint: id,
      keywords: [`Select ${name}`, id, node.type],
      enabled: true,
      run: (ctx) => void perform(ctx, selectComponent, { id }),
    });
    for (const child of node.children) visit(child);
  };
  for (const section of currentSections(s)) visit(section);

  const selected = s.selectedId ? s.nodes.get(s.selectedId) : undefined;
  if (selected) {
    const data = new Map(Object.entries(selected.data));
    for (const group of panelOf(selected.type).groups) {
      const tab = TABS.find((t) => t.id === group.tab)?.label ?? group.tab;
      for (const row of group.settings) {
        if (row.store === 'data' && row.when && !row.when(data)) continue;
        entries.push({
          value: `setting:${group.id}.${row.id}`,
          group: 'Open setting…',
          label: `Open setting: ${row.label}`,
          hint: `${tab} › ${group.title}`,
          keywords: [`Open setting ${row.label}`, group.title, tab],
          enabled: true,
          run: (ctx) => ctx.store.getState().setOpenSetting({ row: `${group.id}.${row.id}`, tab: group.tab, group: group.id }),
        });
      }
    }
  }
  return entries;
}

/**
 * The palette's fuzzy search (cmdk's score over the entry and its keywords), with the entries whose
 * label holds what was typed first: the whole phrase (the shorter label first: "opacity" finds
 * Opacity before Backdrop opacity), else every word typed; then the fuzzy matches ("zm in").
 */
export function paletteFilter(value: string, search: string, keywords?: string[]): number {
  const score = defaultFilter(value, search, keywords);
  if (score <= 0) return 0;
  const label = (keywords?.[0] ?? '').toLowerCase();
  const phrase = search.toLowerCase().trim().replace(/\s+/g, ' ');
  const words = phrase.split(' ').filter(Boolean);
  if (phrase && label.includes(phrase)) return 2 + 1 / (1 + label.length);
  if (words.length > 0 && words.every((word) => label.includes(word))) return 1 + score;
  return score / 2;
}
