import { lazy, Suspense } from 'react';
import type { RichTextEditorProps, RichTextPopupProps } from './RichTextEditor.tsx';
import type { RichInputProps } from './RichInput.tsx';

export type { Block } from './richtext.ts';
export type { RichTextEditorProps, RichTextPopupProps } from './RichTextEditor.tsx';
export type { RichInputProps } from './RichInput.tsx';

// Tiptap (ProseMirror) is its own chunk: loaded when a rich text is first edited, never in the first load.
const LazyPopup = lazy(() => import('./RichTextEditor.tsx').then((m) => ({ default: m.RichTextPopup })));
const LazyInput = lazy(() => import('./RichInput.tsx'));

/**
 * Loads the rich-text chunks ahead of use: the editor asks once it is idle, as its inspector needs
 * them for any heading or text, and a connection that drops later must not leave a row unable to load.
 */
export function preloadRichText(): void {
  void import('./RichInput.tsx').catch(() => undefined);
  void import('./RichTextEditor.tsx').catch(() => undefined);
}
const LazyEditor = lazy(() => import('./RichTextEditor.tsx').then((m) => ({ default: m.RichTextEditor })));

/** The 'Edit richtext' popup (spec 001 §2), loading its editor on first use. */
export function RichTextPopup(props: RichTextPopupProps) {
  return (
    <Suspense fallback={null}>
      <LazyPopup {...props} />
    </Suspense>
  );
}

/** The rich-text editor inline (a CMS item's rich-text field), loading on first use behind a skeleton. */
export function RichTextField(props: RichTextEditorProps) {
  return (
    <div className="flex min-h-48 flex-col overflow-hidden rounded border border-gray-200 bg-white">
      <Suspense fallback={<div aria-hidden="true" className="m-2 h-40 animate-pulse rounded bg-gray-100" />}>
        <LazyEditor {...props} />
      </Suspense>
    </div>
  );
}

/** The single-line rich input (Enter commits, pasted text is plain), loading on first use. */
export function RichInput(props: RichInputProps) {
  return (
    <Suspense fallback={<div aria-hidden="true" className="h-7 w-full animate-pulse rounded bg-gray-100" />}>
      <LazyInput {...props} />
    </Suspense>
  );
}
