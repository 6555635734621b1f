import { invalid, notFound } from '../core/errors.js';
import { messages } from '../core/messages.js';
import { dataValue, defaultData, typeName } from './component-data.js';
import type { EditContext } from '../site/documents.js';
import { copySubtree, freeId, isWithin, lastSegment, putNodes, removeSubtree, renameSubtree } from './component-ids.js';
import { idField, requiredText } from '../core/validation.js';
import { placedIn, takenFrom } from '../core/list-places.js';
import {
  ALL_COMPONENT_TYPES,
  isContainer,
  isSection,
  parentId,
  REPEATING_TYPES,
  slugify,
  type ComponentType,
  type Node,
  type SiteDoc,
} from '../model/document.js';
import type { Draft } from '../model/paths.js';
import { removeSection } from './sections.js';
import { originalOf } from '../site/aliases.js';

export function nodeOr404(doc: SiteDoc, id: string): Node {
  const node = doc.nodes[id];
  if (!node) throw notFound(messages.componentNotFound);
  return node;
}

/** Points the list that holds a node (its parent's children, or the pages' sections) at its new id. */
function replaceReference(draft: Draft<SiteDoc>, oldId: string, newId: string): void {
  const parent = parentId(oldId);
  if (parent) {
    draft.set(
      ['nodes', parent, 'children'],
      draft.doc.nodes[parent]!.children.map((c) => (c === oldId ? newId : c)),
    );
    return;
  }
  draft.doc.pages.forEach((p, i) => {
    if (p.sections.includes(oldId))
      draft.set(
        ['pages', i, 'sections'],
        p.sections.map((s) => (s === oldId ? newId : s)),
      );
  });
}

/**
 * PATCH /components/{id}: `name` (which renames the id) and `data` keys (null removes a key). An
 * alias's data edits its original. Answers the id, which is new after a rename.
 */
export function updateComponent(draft: Draft<SiteDoc>, id: string, body: { name?: unknown; data?: unknown }) {
  const doc = draft.doc;
  nodeOr404(doc, id);
  const data = body.data;
  if (data !== undefined && (data === null || typeof data !== 'object' || Array.isArray(data)))
    throw invalid('data', 'data must be an object of settings');
  let name = body.name;
  const target = originalOf(doc, id);
  for (const [key, value] of Object.entries((data ?? {}) as Record<string, unknown>)) {
    if (key === '_options.name') {
      name = value;
      continue;
    }
    draft.set(['nodes', target, 'data', key], dataValue(doc, doc.nodes[target]!.type, key, value));
  }
  let newId = id;
  if (name !== undefined) {
    const clean = requiredText(name, 'name', 100, messages.componentNameRequired);
    draft.set(['nodes', id, 'data', '_options.name'], clean);
    if (slugify(clean) !== lastSegment(id)) {
      newId = freeId(doc, parentId(id), clean);
      renameSubtree(draft, id, newId);
      replaceReference(draft, id, newId);
    }
  }
  return { id: newId, previousId: id, node: doc.nodes[newId]! };
}

function containerOf(doc: SiteDoc, raw: unknown, field: string): Node {
  const id = idField(raw, field, messages.containerNotFound);
  const node = doc.nodes[id];
  if (!node) throw invalid(field, messages.containerNotFound);
  if (node.alias || !(isSection(id) || isContainer(node) || REPEATING_TYPES.includes(node.type)))
    throw invalid(field, messages.notAContainer);
  return node;
}

export interface AddComponentBody {
  toContainer?: unknown;
  type?: unknown;
  componentId?: unknown;
  alias?: unknown;
  index?: unknown;
  afterComponentId?: unknown;
}

/**
 * POST /components: a new component of a `type`, a copy of `componentId`, or (with `alias`) an
 * alias of it, placed in `toContainer` at `index` (last when absent), or right after
 * `afterComponentId` when that is named and still there (list-places.ts).
 */
export function addComponent(draft: Draft<SiteDoc>, body: AddComponentBody, ctx: EditContext) {
  const doc = draft.doc;
  const container = containerOf(doc, body.toContainer, 'toContainer');
  const at =
    body.index === undefined && body.afterComponentId === undefined
      ? container.children.length
      : placedIn(
          container.children,
          body.afterComponentId,
          'afterComponentId',
          body.index ?? container.children.length,
          'index',
          messages.componentNotFound,
        );
  if ((body.type === undefined) === (body.componentId === undefined)) throw invalid('type', messages.componentSourceRequired);
  let nodes: Record<string, Node>;
  let id: string;
  if (body.type !== undefined) {
    if (typeof body.type !== 'string' || !ALL_COMPONENT_TYPES.includes(body.type as ComponentType))
      throw invalid('type', messages.componentTypeUnknown);
    const type = body.type as ComponentType;
    id = freeId(doc, container.id, typeName(type));
    // No `inherits`: the renderer applies the default shared style of the type to a component without one.
    nodes = { [id]: { id, type, data: defaultData(type), style: {}, children: [] } };
  } else {
    const source = idField(body.componentId, 'componentId', messages.componentNotFound);
    if (!doc.nodes[source]) throw invalid('componentId', messages.componentNotFound);
    id = freeId(doc, container.id, lastSegment(source));
    if (body.alias === true) {
      const original = originalOf(doc, source);
      // An alias inside what it shows would show itself for ever.
      if (isWithin(container.id, original)) throw invalid('toContainer', messages.componentIntoItself);
      const name = doc.nodes[source].data['_options.name'];
      nodes = {
        [id]: {
          id,
          type: doc.nodes[original]!.type,
          data: name === undefined ? {} : { '_options.name': name },
          style: {},
          children: [],
          alias: original,
        },
      };
    } else {
      nodes = copySubtree(doc, source, id);
    }
  }
  putNodes(draft, nodes);
  const children = [...container.children];
  children.splice(at, 0, id);
  draft.set(['nodes', container.id, 'children'], children);
  ctx.event('comopnentsAdd');
  return { id, files: [] as string[], nodes };
}

/**
 * DELETE /components/{id}: the component and everything in it (a section leaves every page that
 * lists it). Answers the id the editor selects next: the previous sibling, else the next, else the parent.
 */
export function deleteComponent(draft: Draft<SiteDoc>, id: string, ctx: EditContext) {
  const doc = draft.doc;
  nodeOr404(doc, id);
  const parent = parentId(id);
  const list = parent ? doc.nodes[parent]!.children : (doc.pages.find((p) => p.sections.includes(id))?.sections ?? []);
  const i = list.indexOf(id);
  const select = list[i - 1] ?? list[i + 1] ?? parent;
  if (parent) {
    draft.set(
      ['nodes', parent, 'children'],
      list.filter((c) => c !== id),
    );
    removeSubtree(draft, id);
  } else {
    removeSection(draft, id);
  }
  ctx.event('componentsDelete');
  return { id, select };
}

export interface SortComponentsBody {
  fromContainer?: unknown;
  toContainer?: unknown;
  fromIndex?: unknown;
  toIndex?: unknown;
  componentId?: unknown;
  afterComponentId?: unknown;
}

/**
 * POST /components/sort: moves the child at fromIndex of fromContainer (or `componentId`, when named)
 * to toIndex of toContainer (or right after `afterComponentId`, when named and still there: list-places.ts).
 * Moving to another container gives the component (and its subtree) a new id.
 */
export function sortComponents(draft: Draft<SiteDoc>, body: SortComponentsBody) {
  const doc = draft.doc;
  const fromId = idField(body.fromContainer, 'fromContainer', messages.containerNotFound);
  if (!doc.nodes[fromId]) throw invalid('fromContainer', messages.containerNotFound);
  const to = containerOf(doc, body.toContainer, 'toContainer');
  const from = [...doc.nodes[fromId].children];
  const moved = from[takenFrom(from, body.componentId, 'componentId', body.fromIndex, messages.componentNotFound)]!;
  if (isWithin(to.id, moved)) throw invalid('toContainer', messages.componentIntoItself);
  from.splice(from.indexOf(moved), 1);
  const gap = (list: readonly string[]) =>
    placedIn(list, body.afterComponentId, 'afterComponentId', body.toIndex, 'toIndex', messages.componentNotFound);
  if (to.id === fromId) {
    from.splice(gap(from), 0, moved);
    draft.set(['nodes', fromId, 'children'], from);
    return { fromComponentId: moved, toComponentId: moved };
  }
  const toChildren = [...to.children];
  const at = gap(toChildren);
  const newId = freeId(doc, to.id, lastSegment(moved));
  draft.set(['nodes', fromId, 'children'], from);
  renameSubtree(draft, moved, newId);
  toChildren.splice(at, 0, newId);
  draft.set(['nodes', to.id, 'children'], toChildren);
  return { fromComponentId: moved, toComponentId: newId };
}
