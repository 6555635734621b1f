import type { ComponentType, Node, SiteDoc } from '../model/document.js';

/**
 * The styles preview of spec 001 §2 ("The preview address is built from: editor or styles, …, page id or
 * style id"): `_styles/<styleId>` as the preview's page shows sample components of the shared style's
 * type taking the style, on a page of their own without the site's header and footer, so the style is
 * seen whatever the pages use.
 */
export const STYLE_PREVIEW_PREFIX = '_styles/';
const SECTION = 'pw-style-sample';

const node = (
  id: string,
  type: ComponentType,
  data: Record<string, unknown>,
  children: string[] = [],
  style: Record<string, string> = {},
): Node => ({
  id,
  type,
  data,
  style,
  children,
});

/** Sample components per shared style type (text, input, richtext, button), each with its name. */
const SAMPLES: Record<string, Array<[string, ComponentType, Record<string, unknown>]>> = {
  text: [
    ['heading', 'heading', { value: 'The quick brown fox', '_options.tag': 'h2' }],
    ['paragraph', 'paragraph', { value: 'A paragraph in this style: the quick brown fox jumps over the lazy dog, and keeps on reading.' }],
    ['text', 'text', { value: 'A short text' }],
  ],
  button: [
    ['button', 'button', { value: 'Get started', _action: 'page', _target: 'home' }],
    ['link', 'link', { value: 'Learn more', _action: 'page', _target: 'home' }],
  ],
  input: [
    ['label', 'label', { value: 'Email' }],
    ['input', 'input', { type: 'email', placeholder: 'you@example.com', name: 'email' }],
    ['textarea', 'textarea', { placeholder: 'Your message', name: 'message' }],
  ],
  richtext: [
    [
      'richtext',
      'richtext',
      {
        value: [
          { type: 'h2', value: 'A heading in rich text' },
          { type: 'p', value: 'A paragraph with **bold**, *italic* and [a link](https://example.com).' },
        ],
      },
    ],
  ],
};

/** The document to render for a styles preview page id, or null when the id is not one (or names no style). */
export function stylePreviewDoc(doc: SiteDoc, pageId: string): SiteDoc | null {
  if (!pageId.startsWith(STYLE_PREVIEW_PREFIX)) return null;
  const style = doc.shared[pageId.slice(STYLE_PREVIEW_PREFIX.length)];
  if (!style) return null;
  const nodes: Record<string, Node> = { ...doc.nodes };
  const samples = SAMPLES[style.type] ?? SAMPLES.text!;
  const children = samples.map(([name]) => `${SECTION}.${name}`);
  nodes[SECTION] = node(SECTION, 'layout-v', { '_options.name': style.name, '_options.tag': 'section' }, children, {
    padding: 'px-section-x py-section-y',
    gap: 'gap-gap-md',
  });
  for (const [name, type, data] of samples)
    nodes[`${SECTION}.${name}`] = node(`${SECTION}.${name}`, type, { ...data, '_options.name': name, inherits: style.id });
  const page = {
    id: pageId,
    name: style.name,
    title: style.name,
    slug: pageId,
    description: '',
    hidden: true,
    unpublished: true,
    sections: [SECTION],
  };
  return {
    ...doc,
    nodes,
    pages: [...doc.pages.filter((p) => p.id !== '_before' && p.id !== '_after'), page],
  };
}
