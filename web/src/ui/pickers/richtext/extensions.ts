import { Node, mergeAttributes } from '@tiptap/core';
import Image from '@tiptap/extension-image';
import { TableKit } from '@tiptap/extension-table';
import StarterKit from '@tiptap/starter-kit';
import { safeHref } from './richtext.ts';

/** The image block of spec 001 §3: alt, figcaption, width (auto or full), align (auto, left, center, right). */
const RichImage = Image.extend({
  addAttributes() {
    const data = (name: string, fallback: string | null) => ({
      default: fallback,
      parseHTML: (el: HTMLElement) => el.getAttribute(`data-${name}`) ?? fallback,
      renderHTML: (attrs: Record<string, unknown>) => (attrs[name] ? { [`data-${name}`]: attrs[name] } : {}),
    });
    return {
      ...this.parent?.(),
      figcaption: data('figcaption', null),
      width: data('width', 'auto'),
      align: data('align', 'auto'),
    };
  },
}).configure({ inline: false, allowBase64: false });

/**
 * A YouTube video as a block. The editor shows a placeholder with the video's id, never the player:
 * the editor itself makes no request to a third party (the published page embeds the player).
 */
export const YouTube = Node.create({
  name: 'youtube',
  group: 'block',
  atom: true,
  draggable: true,
  selectable: true,
  addAttributes() {
    return {
      videoId: { default: '', parseHTML: (el) => el.getAttribute('data-youtube') ?? '' },
      width: { default: 560, parseHTML: (el) => Number(el.getAttribute('data-width')) || 560 },
      height: { default: 315, parseHTML: (el) => Number(el.getAttribute('data-height')) || 315 },
    };
  },
  parseHTML() {
    return [{ tag: 'div[data-youtube]' }];
  },
  renderHTML({ node, HTMLAttributes }) {
    const id = String(node.attrs.videoId ?? '');
    const width = Number(node.attrs.width) || 560;
    const height = Number(node.attrs.height) || 315;
    return [
      'div',
      mergeAttributes(HTMLAttributes, {
        'data-youtube': id,
        'data-width': width,
        'data-height': height,
        class: 'pw-youtube',
      }),
      ['span', {}, id ? `YouTube video ${id} (${width}×${height})` : 'YouTube video (no video id)'],
    ];
  },
});

/** The editor's schema: exactly the blocks and marks the stored rich text has (spec 001 §3, §5). */
export function richTextExtensions() {
  return [
    StarterKit.configure({
      heading: { levels: [1, 2, 3, 4, 5, 6] },
      blockquote: false,
      horizontalRule: false,
      strike: false,
      underline: false,
      link: {
        openOnClick: false,
        autolink: false,
        linkOnPaste: true,
        HTMLAttributes: { rel: null, target: null },
        isAllowedUri: (url) => safeHref(url) !== null,
      },
    }),
    RichImage,
    YouTube,
    TableKit.configure({ table: { resizable: false } }),
  ];
}
