import { useEffect, useRef, useState } from 'react';
import { Node } from '@tiptap/core';
import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { HEADING_TAGS, inlineToHtml, inlineValue, plainPaste, safeHref, TEXT_TAGS, type DocNode } from './richtext.ts';

/** A document of exactly one paragraph: the single-line rich input. */
const OneLine = Node.create({ name: 'doc', topNode: true, content: 'paragraph' });

export interface RichInputProps {
  /** The stored inline value (HTML with the allowed tags, or markdown-style marks). */
  value: string;
  /** The cleaned HTML, on Enter or when the field loses focus (unchanged or blank values are not sent). */
  onCommit(html: string): void;
  /** Its accessible name. */
  label: string;
  /** `heading` allows only a, strong and b; `text` also i and code (spec 001 §5). */
  tags?: 'heading' | 'text';
  placeholder?: string;
}

/**
 * The single-line rich input (spec 001 §5): Enter commits, pasted text is plain (one line), and the
 * value keeps only the marks its place allows. Bold Ctrl+B, italic Ctrl+I, code Ctrl+E.
 */
export function RichInput({ value, onCommit, label, tags = 'text' }: RichInputProps) {
  const allowed = tags === 'heading' ? HEADING_TAGS : TEXT_TAGS;
  const [initialHtml] = useState(() => inlineToHtml(value, allowed));
  // What the value was when the input opened, in the form a commit stores it (set once the editor exists).
  const last = useRef<string | null>(null);
  const commitRef = useRef<(html: string) => void>(onCommit);
  useEffect(() => {
    commitRef.current = onCommit;
  });
  const stored = (json: DocNode) => inlineValue(json.content?.[0]?.content, allowed);
  const commit = (json: DocNode) => {
    const next = stored(json);
    // Data edits are ignored when unchanged; blank rich text is ignored.
    if (next === last.current || !next.replace(/<[^>]*>/g, '').trim()) return;
    last.current = next;
    commitRef.current(next);
  };
  const editor = useEditor({
    extensions: [
      OneLine,
      StarterKit.configure({
        document: false,
        heading: false,
        blockquote: false,
        bulletList: false,
        orderedList: false,
        listItem: false,
        listKeymap: false,
        codeBlock: false,
        horizontalRule: false,
        hardBreak: false,
        strike: false,
        underline: false,
        italic: tags === 'heading' ? false : undefined,
        code: tags === 'heading' ? false : undefined,
        link: { openOnClick: false, autolink: false, isAllowedUri: (url) => safeHref(url) !== null },
      }),
    ],
    content: `<p>${initialHtml}</p>`,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-label': label,
        'aria-multiline': 'false',
        // One line, as a text input: a long value scrolls sideways instead of wrapping (End goes to its end).
        class:
          'min-h-7 overflow-x-auto overflow-y-hidden [scrollbar-width:none] whitespace-pre! rounded border border-gray-200 bg-gray-50 px-2 py-1 text-[12px] leading-5 text-gray-900 outline-none focus:border-brand-500 focus:bg-white [&_a]:text-brand-700 [&_a]:underline [&_code]:rounded [&_code]:bg-gray-100 [&_code]:px-0.5 [&_code]:font-mono [&_p]:m-0',
      },
      handleKeyDown: (view, event) => {
        if (event.key !== 'Enter') return false;
        event.preventDefault();
        commit(view.state.doc.toJSON() as DocNode);
        return true;
      },
      // Pasted text is plain: markup and line breaks go.
      handlePaste: (view, event) => {
        const text = event.clipboardData?.getData('text/plain') ?? '';
        view.dispatch(view.state.tr.insertText(plainPaste(text)));
        return true;
      },
    },
    onCreate: ({ editor: e }) => {
      last.current = stored(e.getJSON() as DocNode);
    },
    onBlur: ({ editor: e }) => commit(e.getJSON() as DocNode),
  });
  return <EditorContent editor={editor} />;
}

export default RichInput;
