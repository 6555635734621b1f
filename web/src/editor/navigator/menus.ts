import {
  aliasComponent,
  copyComponent,
  deleteComponent,
  deletePage,
  duplicateComponent,
  duplicatePage,
  openAddSection,
  pasteComponent,
  startRename,
  toggleHidden,
  togglePagePublished,
  shareSection,
  unshareSection,
} from '../../site/actions/index.ts';
import { canPerform, keyLabel, perform, type Action, type ActionContext } from '../../site/actions/registry.ts';
import { FIXED_PAGES, FOOTER, HEADER, isContainer, isSection, positionOf, type Page } from '../../site/store/document.ts';
import { currentSections } from '../../site/store/store.ts';
import type { MenuEntry } from './NavigatorMenu.tsx';

/** What the menus need besides the action context: where links go, and how shortcuts read here. */
export interface MenuDeps {
  navigate(to: string): void;
  mac: boolean;
  /** The server takes payment; without it (issue 28) no menu offers an upgrade. */
  billing?: boolean;
}

/** The free plan, whose editor offers the upgrade (spec 001 §2 and §6). */
const FREE_PLAN = 1;

function entry<Arg>(ctx: ActionContext, deps: MenuDeps, action: Action<Arg>, arg: Arg, label = action.label): MenuEntry {
  const binding = action.keys?.[0];
  return {
    label,
    shortcut: binding ? keyLabel(binding, deps.mac) : undefined,
    disabled: !canPerform(action, ctx.store.getState()),
    onSelect: () => void perform(ctx, action, arg),
  };
}

/**
 * The context menu of a tree item, read when it opens (the item is selected first, so the actions that
 * work on the selection work on it): rename, duplicate, alias, copy, paste, add, hide, delete and, on the
 * free plan, the upgrade.
 */
export function componentMenu(ctx: ActionContext, deps: MenuDeps, id: string): MenuEntry[] {
  const s = ctx.store.getState();
  const node = s.nodes.get(id);
  const section = isSection(id);
  const hidden = node?.data['_options.hidden'] === true;
  const container = isContainer(node, id) && node?.alias === undefined;
  const position = positionOf(id, s.nodes, currentSections(s));
  const entries: MenuEntry[] = [
    entry(ctx, deps, startRename, undefined),
    entry(ctx, deps, duplicateComponent, undefined),
    ...(section ? [] : [entry(ctx, deps, aliasComponent, undefined)]),
    { separator: true },
    entry(ctx, deps, copyComponent, undefined),
    entry(ctx, deps, pasteComponent, undefined),
    { separator: true },
    {
      label: 'Add component',
      disabled: s.readOnly || (!container && !position?.container),
      onSelect: () => {
        // Into a container (at its end), else after the item in its own container.
        if (container) ctx.store.getState().openPopup({ name: 'components', container: id });
        else if (position?.container)
          ctx.store.getState().openPopup({ name: 'components', container: position.container, index: position.index + 1 });
      },
    },
    entry(ctx, deps, openAddSection, undefined),
    ...(section ? sharing(ctx, deps, id) : []),
    { separator: true },
    entry(ctx, deps, toggleHidden, { id }, hidden ? 'Show' : 'Hide'),
    { ...entry(ctx, deps, deleteComponent, undefined), danger: true },
  ];
  if (s.site?.plan.id === FREE_PLAN && deps.billing !== false) {
    const owner = s.site.role === 'owner';
    entries.push(
      { separator: true },
      {
        label: 'Upgrade pricing plan',
        onSelect: () => (owner ? deps.navigate('/user/plans') : ctx.notify('The site owner can upgrade the pricing plan.')),
      },
    );
  }
  return entries;
}

/**
 * A section of a page is shown on another page too by picking that page (one section, edited once,
 * everywhere it shows); a section listed by several pages can stop being shared (each page keeps a copy).
 */
function sharing(ctx: ActionContext, deps: MenuDeps, sectionId: string): MenuEntry[] {
  const s = ctx.store.getState();
  // The header's and footer's sections show on every page already.
  if (FIXED_PAGES.has(s.pageId) && s.pageId !== 'home' && s.pageId !== '404') return [];
  const listing = s.pages.filter((p) => p.sections.includes(sectionId));
  const others = s.pages.filter((p) => p.id !== HEADER && p.id !== FOOTER && !p.sections.includes(sectionId));
  const entries: MenuEntry[] = [{ separator: true }];
  for (const page of others)
    entries.push(entry(ctx, deps, shareSection, { sectionId, pageId: page.id }, `Also show on ${page.name || page.id}`));
  if (listing.length > 1) entries.push(entry(ctx, deps, unshareSection, { sectionId }, `Stop sharing (on ${listing.length} pages)`));
  return entries.length > 1 ? entries : [];
}

/** The menu of a page in the page list: rename, duplicate, publish or unpublish, settings, delete. */
export function pageMenu(ctx: ActionContext, deps: MenuDeps, page: Page, startRenaming: () => void): MenuEntry[] {
  const s = ctx.store.getState();
  const fixed = FIXED_PAGES.has(page.id);
  const frame = page.id === HEADER || page.id === FOOTER;
  const entries: MenuEntry[] = [];
  if (!fixed) entries.push({ label: 'Rename', disabled: s.readOnly, onSelect: startRenaming });
  if (!frame) entries.push(entry(ctx, deps, duplicatePage, { pageId: page.id }, 'Duplicate'));
  if (!fixed) entries.push(entry(ctx, deps, togglePagePublished, { pageId: page.id }, page.unpublished ? 'Publish' : 'Unpublish'));
  if (!frame) {
    entries.push({
      label: 'Page settings',
      // Unpublished pages have no settings screen (spec 002 "Settings sidebar").
      disabled: page.unpublished,
      onSelect: () =>
        deps.navigate(`/sites/${encodeURIComponent(s.siteId)}/settings/page/${page.id.split('/').map(encodeURIComponent).join('/')}`),
    });
  }
  if (!fixed) entries.push({ separator: true }, { ...entry(ctx, deps, deletePage, { pageId: page.id }, 'Delete'), danger: true });
  return entries;
}
