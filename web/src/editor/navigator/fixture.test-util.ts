import { treeRows, type Node } from '../../site/store/document.ts';

/**
 * A small page for the navigator's tests:
 *
 *   hero (section)
 *     content (layout-v)
 *       title (heading)
 *       text (paragraph)
 *       buttons (layout-h)
 *         one (button)
 *         two (button)
 *     picture (image)
 *   cta (section)
 *     box (layout-v)
 *     copy (layout-v, an alias of hero.content)
 *     link (link: holds a child, but is no container)
 *       label (text)
 */
export function fixture(expanded: readonly string[] = ['hero', 'hero.content', 'hero.content.buttons', 'cta', 'cta.link']) {
  const node = (id: string, type: Node['type'], children: string[] = [], extra: Partial<Node> = {}): Node => ({
    id,
    type,
    data: {},
    style: {},
    children,
    ...extra,
  });
  const list = [
    node('hero', 'layout-v', ['hero.content', 'hero.picture']),
    node('hero.content', 'layout-v', ['hero.content.title', 'hero.content.text', 'hero.content.buttons']),
    node('hero.content.title', 'heading', [], { data: { '_options.name': 'Title' } }),
    node('hero.content.text', 'paragraph'),
    node('hero.content.buttons', 'layout-h', ['hero.content.buttons.one', 'hero.content.buttons.two']),
    node('hero.content.buttons.one', 'button'),
    node('hero.content.buttons.two', 'button'),
    node('hero.picture', 'image'),
    node('cta', 'layout-v', ['cta.box', 'cta.copy', 'cta.link']),
    node('cta.box', 'layout-v'),
    node('cta.copy', 'layout-v', [], { alias: 'hero.content' }),
    node('cta.link', 'link', ['cta.link.label']),
    node('cta.link.label', 'text'),
  ];
  const nodes = new Map(list.map((n) => [n.id, n]));
  const sections = ['hero', 'cta'];
  const rows = treeRows(sections, nodes, new Set(expanded));
  const at = (id: string) => rows.findIndex((r) => r.id === id);
  return { nodes, sections, rows, at };
}
