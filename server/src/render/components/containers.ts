import { CONTAINER_TAGS } from '@pagewright/sdk/rules';
import { hasBaseClass } from '../classes.js';
import { el } from '../html.js';
import { children, common, register, tagOf, type Part } from '../node.js';

/**
 * The tags a container renders as: the Tag setting's options (spec 001 §3, which the data check
 * holds a user to), plus aside and figure, which the templates' own sections use.
 */
const TAGS = [...CONTAINER_TAGS, 'aside', 'figure'] as const;

const DISPLAY = /^(flex|inline-flex|grid|inline-grid|block|inline-block|inline|hidden|contents|table)$/;

/**
 * The container types name a layout: `layout-h` lays children in a row, `layout-v` in a column,
 * `layout-grid2`/`layout-grid3` in a grid of 2 or 3 columns from `md` up. The layout classes are
 * added only where the node's own style does not already choose a display, direction or columns.
 */
function layoutClasses(part: Part): string {
  const { node } = part;
  const tag = tagOf(node, TAGS, 'div');
  if (tag === 'summary' || tag === 'details') return '';
  const hasDisplay = hasBaseClass(node, DISPLAY);
  const out: string[] = [];
  switch (node.type) {
    case 'layout-h':
      if (!hasDisplay) out.push('flex');
      break;
    case 'layout-v':
      if (!hasDisplay) out.push('flex', 'flex-col');
      break;
    case 'layout-grid2':
    case 'layout-grid3':
      if (!hasDisplay) out.push('grid');
      if (!hasBaseClass(node, /^grid-cols-/) && !Object.values(node.style).some((s) => /(^|\s)\S*:grid-cols-/.test(s)))
        out.push(node.type === 'layout-grid2' ? 'md:grid-cols-2' : 'md:grid-cols-3');
      break;
  }
  return out.join(' ');
}

function container(part: Part): string {
  const { node } = part;
  const tag = tagOf(node, TAGS, 'div');
  const attributes = common(part, layoutClasses(part));
  // A list made of a container keeps its list semantics when styles remove the markers (Safari drops them otherwise).
  if ((tag === 'ul' || tag === 'ol') && /\blist-none\b/.test(String(attributes.class ?? ''))) attributes.role = 'list';
  if (tag === 'details' && node.data['_options.open'] === true) attributes.open = true;
  return el(tag, attributes, children(part));
}

register(['layout-h', 'layout-v', 'layout-grid2', 'layout-grid3'], container);
