import type { ComponentType, Node, SiteDoc } from '../../server/src/model/document.js';
import { makeSiteDoc } from '../support/siteDoc.js';

/**
 * One component of each of the inspector's 41 kinds (spec 001 §2 "Inspector panels"), with the
 * content each needs to show on a page, in a `kinds` section of the home page.
 */
export const KIND_NODES: ReadonlyArray<{ kind: string; type: ComponentType; data?: Record<string, unknown>; children?: boolean }> = [
  { kind: 'container', type: 'layout-v', children: true },
  { kind: 'counter', type: 'counter', data: { value: 42 } },
  { kind: 'date', type: 'date', data: { value: '2024-05-01' } },
  { kind: 'deviceMockup', type: 'deviceMockup', data: { alt: 'A phone' } },
  { kind: 'didYouMean', type: 'didYouMean', data: { value: 'Did you mean' } },
  { kind: 'divider', type: 'divider' },
  { kind: 'dots', type: 'dots' },
  { kind: 'form', type: 'form', children: true },
  { kind: 'gallery', type: 'gallery' },
  { kind: 'iframe', type: 'iframe', data: { src: 'https://example.com/embed' } },
  { kind: 'heading', type: 'heading', data: { value: 'A heading' } },
  { kind: 'icon', type: 'icon' },
  { kind: 'icons', type: 'icons' },
  { kind: 'image', type: 'image' },
  { kind: 'input', type: 'input', data: { name: 'email' } },
  { kind: 'label', type: 'label', data: { value: 'A label' } },
  { kind: 'languages', type: 'languages' },
  { kind: 'link', type: 'link', data: { value: 'A link', _action: 'page', _target: 'about' } },
  { kind: 'nav', type: 'nav' },
  { kind: 'number', type: 'number', data: { value: 1234 } },
  { kind: 'paragraph', type: 'paragraph', data: { value: 'A paragraph' } },
  { kind: 'polygon', type: 'polygon', data: { points: '0,0 10,0 10,10' } },
  { kind: 'richtext', type: 'richtext', data: { value: [{ type: 'p', value: 'Rich text' }] } },
  { kind: 'schemaOrg', type: 'schemaOrg' },
  { kind: 'script', type: 'script', data: { value: 'console.log(1)' } },
  { kind: 'select', type: 'select', data: { options: ['One', 'Two'] } },
  { kind: 'social', type: 'social' },
  { kind: 'svg', type: 'svg' },
  { kind: 'table', type: 'table' },
  { kind: 'text', type: 'text', data: { value: 'A text' } },
  { kind: 'textarea', type: 'textarea' },
  { kind: 'timer', type: 'timer', data: { '_attr.data-timer': '2030-01-01T00:00:00Z' } },
  { kind: 'list', type: 'ul' },
  { kind: 'video', type: 'video' },
  { kind: 'youtube', type: 'youtube', data: { value: 'dQw4w9WgXcQ' } },
  { kind: 'breadcrumb', type: 'breadcrumb' },
  { kind: 'button', type: 'button', data: { value: 'A button' } },
  { kind: 'checkbox', type: 'checkbox', data: { name: 'agree' } },
  { kind: 'codeBlock', type: 'codeBlock', data: { value: 'let a = 1;' } },
  { kind: 'googleMaps', type: 'googleMaps', data: { address: 'Helsinki' } },
  { kind: 'sr', type: 'sr', data: { value: 'For screen readers' } },
];

export const kindId = (kind: string) => `kinds.k-${kind}`;

/** The fixture site with a `kinds` section (first on the home page) holding one component of each kind. */
export function makeKindsDoc(): SiteDoc {
  const doc = makeSiteDoc();
  const nodes: Record<string, Node> = { ...doc.nodes };
  const children: string[] = [];
  for (const k of KIND_NODES) {
    const id = kindId(k.kind);
    children.push(id);
    const inner = k.children ? [`${id}.inner`] : [];
    nodes[id] = { id, type: k.type, data: { '_options.name': `k-${k.kind}`, ...k.data }, style: {}, children: inner };
    if (k.children)
      nodes[`${id}.inner`] = {
        id: `${id}.inner`,
        type: 'text',
        data: { '_options.name': 'inner', value: 'Inside' },
        style: {},
        children: [],
      };
  }
  nodes.kinds = { id: 'kinds', type: 'layout-v', data: { '_options.name': 'Kinds', '_options.tag': 'section' }, style: {}, children };
  const social = {
    id: '_social',
    name: 'Social',
    icon: 'Globe',
    fields: [
      { id: 'name', name: 'Name', type: 'text' as const },
      { id: 'url', name: 'URL', type: 'text' as const },
    ],
    items: [
      { _id: 1, name: 'Mastodon', url: 'https://mastodon.social/@pagewright' },
      { _id: 2, name: 'GitHub', url: 'https://github.com/pagewright' },
    ],
  };
  return {
    ...doc,
    nodes,
    collections: [...doc.collections, social],
    pages: doc.pages.map((p) => (p.id === 'home' ? { ...p, sections: ['kinds', ...p.sections] } : p)),
  };
}
