import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import iconBold from '@iconify-icons/lucide/bold';
import iconItalic from '@iconify-icons/lucide/italic';
import iconCode from '@iconify-icons/lucide/code';
import iconLink from '@iconify-icons/lucide/link';
import iconList from '@iconify-icons/lucide/list';
import iconListOrdered from '@iconify-icons/lucide/list-ordered';
import iconImage from '@iconify-icons/lucide/image';
import iconYoutube from '@iconify-icons/lucide/youtube';
import iconTable from '@iconify-icons/lucide/table';
import iconBraces from '@iconify-icons/lucide/braces';
import iconUndo from '@iconify-icons/lucide/undo-2';
import iconRedo from '@iconify-icons/lucide/redo-2';
import type { IconifyIcon } from '@iconify/types';
import { Iconify } from '../../Iconify.tsx';
import { PopupFrame } from '../../popup/PopupFrame.tsx';
import { richTextExtensions } from './extensions.ts';
import {
  blocksToHtml,
  docToBlocks,
  globalVariables,
  isBlank,
  parseBlocks,
  safeHref,
  youtubeId,
  type Block,
  type DocNode,
} from './richtext.ts';
import { buttonClass, fieldClass, FieldError, primaryButtonClass } from '../ui.tsx';
import { ImagePicker } from '../ImagePicker.tsx';
import { AiTextButton } from '../AiTextButton.tsx';

export interface RichTextEditorProps {
  /** The stored rich text: a block list, its JSON, or plain text. */
  value: unknown;
  /** The cleaned blocks after a change (debounced 300 ms, and when the editor loses focus). Blank rich text is not sent. */
  onChange(blocks: Block[]): void;
  /** The site: enables the image picker (assets, Unsplash, upload, URL) and the AI helper. */
  siteId?: string;
  /** Whether the plan has the legal feature (legal variables are offered only then). */
  legal?: boolean;
  /** The site's pages for links to a page ({ slug, name }). */
  pages?: readonly { slug: string; name: string }[];
  /** An accessible name for the text area. */
  label?: string;
}

type Panel = 'link' | 'variables' | 'youtube' | null;

const HEADING_OPTIONS = [{ value: 'p', label: 'Paragraph' }, ...[1, 2, 3, 4, 5, 6].map((l) => ({ value: `h${l}`, label: `Heading ${l}` }))];

/**
 * The rich-text editor (Tiptap): headings, paragraphs, lists, images, code blocks, YouTube videos and
 * tables, with its context panels (link, image, YouTube, table, global variables; spec 001 §2 "Edit
 * richtext") and the cleanup rules of spec 001 §5 applied to what it sends.
 */
export function RichTextEditor({ value, onChange, siteId, legal = false, pages = [], label = 'Rich text' }: RichTextEditorProps) {
  const initialHtml = useMemo(() => blocksToHtml(parseBlocks(value)), [value]);
  const timer = useRef<number | undefined>(undefined);
  const last = useRef(JSON.stringify(parseBlocks(value)));
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });
  const [panel, setPanel] = useState<Panel>(null);

  const flush = (editor: Editor) => {
    window.clearTimeout(timer.current);
    const blocks = docToBlocks(editor.getJSON() as DocNode);
    const json = JSON.stringify(blocks);
    // Unchanged edits and blank rich text are ignored (spec 001 §5).
    if (json === last.current || isBlank(blocks)) return;
    last.current = json;
    onChangeRef.current(blocks);
  };

  const editor = useEditor({
    extensions: richTextExtensions(),
    content: initialHtml,
    editorProps: {
      attributes: {
        'aria-label': label,
        'aria-multiline': 'true',
        role: 'textbox',
        class:
          'min-h-40 px-3 py-2 text-[13px] leading-relaxed text-gray-900 outline-none [&_:is(h1,h2,h3,h4,h5,h6)]:mt-3 [&_:is(h1,h2,h3,h4,h5,h6)]:mb-1 [&_:is(h1,h2,h3,h4,h5,h6)]:font-semibold [&_a]:text-brand-700 [&_a]:underline [&_code]:rounded [&_code]:bg-gray-100 [&_code]:px-1 [&_code]:font-mono [&_code]:text-[12px] [&_h1]:text-2xl [&_h2]:text-xl [&_h3]:text-lg [&_h4]:text-base [&_img]:my-2 [&_img]:max-h-48 [&_img]:rounded [&_img.ProseMirror-selectednode]:outline-2 [&_img.ProseMirror-selectednode]:outline-brand-500 [&_ol]:list-decimal [&_ol]:pl-5 [&_p]:my-1.5 [&_pre]:my-2 [&_pre]:rounded [&_pre]:bg-gray-900 [&_pre]:p-2 [&_pre]:text-gray-100 [&_pre_code]:bg-transparent [&_pre_code]:text-gray-100 [&_table]:my-2 [&_table]:w-full [&_table]:border-collapse [&_td]:border [&_td]:border-gray-300 [&_td]:px-1.5 [&_th]:border [&_th]:border-gray-300 [&_th]:bg-gray-50 [&_th]:px-1.5 [&_th]:text-left [&_ul]:list-disc [&_ul]:pl-5 [&_.pw-youtube]:my-2 [&_.pw-youtube]:flex [&_.pw-youtube]:h-24 [&_.pw-youtube]:items-center [&_.pw-youtube]:justify-center [&_.pw-youtube]:rounded [&_.pw-youtube]:bg-red-50 [&_.pw-youtube]:text-[12px] [&_.pw-youtube]:text-red-800 [&_.ProseMirror-selectednode.pw-youtube]:outline-2 [&_.ProseMirror-selectednode.pw-youtube]:outline-brand-500 [&_.selectedCell]:bg-brand-50',
      },
    },
    onUpdate: ({ editor }) => {
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => flush(editor), 300);
    },
    onBlur: ({ editor }) => flush(editor),
    onDestroy: () => window.clearTimeout(timer.current),
  });

  // Closing the popup (Escape, the close button) sends what is still waiting for its debounce.
  const flushRef = useRef(flush);
  useEffect(() => {
    flushRef.current = flush;
  });
  useEffect(
    () => () => {
      if (editor && !editor.isDestroyed) flushRef.current(editor);
    },
    [editor],
  );

  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      block: HEADING_OPTIONS.find((o) => o.value !== 'p' && e.isActive('heading', { level: Number(o.value.slice(1)) }))?.value ?? 'p',
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      code: e.isActive('code'),
      link: e.isActive('link'),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      image: e.isActive('image'),
      youtube: e.isActive('youtube'),
      table: e.isActive('table'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });

  if (!editor || !state) return null;
  const chain = () => editor.chain().focus();
  const togglePanel = (p: Panel) => setPanel(panel === p ? null : p);

  return (
    <div className="flex min-h-0 flex-1 flex-col" data-testid="richtext-editor">
      <div
        role="toolbar"
        aria-label="Formatting"
        className="flex shrink-0 flex-wrap items-center gap-0.5 border-b border-gray-200 px-2 py-1"
      >
        <select
          aria-label="Block type"
          value={state.block}
          onChange={(e) => {
            const v = e.target.value;
            if (v === 'p') chain().setParagraph().run();
            else
              chain()
                .setHeading({ level: Number(v.slice(1)) as 1 | 2 | 3 | 4 | 5 | 6 })
                .run();
          }}
          className="h-7 rounded border border-gray-200 bg-gray-50 px-1 text-[12px] text-gray-900"
        >
          {HEADING_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
        <Sep />
        <Tool label="Bold" shortcut="Ctrl+B" icon={iconBold} active={state.bold} onClick={() => chain().toggleBold().run()} />
        <Tool
          label="Italic"
          shortcut="Ctrl+I"
          icon={iconItalic}
          active={state.italic}
          disabled={state.block !== 'p'}
          onClick={() => chain().toggleItalic().run()}
        />
        <Tool
          label="Code"
          shortcut="Ctrl+E"
          icon={iconCode}
          active={state.code}
          disabled={state.block !== 'p'}
          onClick={() => chain().toggleCode().run()}
        />
        <Tool label="Link" shortcut="Ctrl+K" icon={iconLink} active={state.link || panel === 'link'} onClick={() => togglePanel('link')} />
        <Sep />
        <Tool label="Bulleted list" icon={iconList} active={state.bulletList} onClick={() => chain().toggleBulletList().run()} />
        <Tool label="Numbered list" icon={iconListOrdered} active={state.orderedList} onClick={() => chain().toggleOrderedList().run()} />
        <Sep />
        <ImageTool editor={editor} siteId={siteId} />
        <Tool
          label="YouTube video"
          icon={iconYoutube}
          active={state.youtube || panel === 'youtube'}
          onClick={() => togglePanel('youtube')}
        />
        <Tool
          label="Insert table"
          icon={iconTable}
          active={state.table}
          onClick={() => chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run()}
        />
        <Tool label="Global variables" icon={iconBraces} active={panel === 'variables'} onClick={() => togglePanel('variables')} />
        <Sep />
        <Tool label="Undo" shortcut="Ctrl+Z" icon={iconUndo} disabled={!state.canUndo} onClick={() => chain().undo().run()} />
        <Tool label="Redo" shortcut="Ctrl+Shift+Z" icon={iconRedo} disabled={!state.canRedo} onClick={() => chain().redo().run()} />
        {siteId && (
          <>
            <Sep />
            <AiTextButton
              siteId={siteId}
              label={label}
              text={() => {
                const { from, to, empty } = editor.state.selection;
                return empty ? editor.getText({ blockSeparator: '\n\n' }) : editor.state.doc.textBetween(from, to, '\n\n');
              }}
              onResult={(result) => {
                // The selection is replaced, or the whole text when nothing is selected.
                const { from, to, empty } = editor.state.selection;
                const html = blocksToHtml(parseBlocks(result));
                if (empty) editor.chain().focus().setContent(html, { emitUpdate: true }).run();
                else
                  editor
                    .chain()
                    .focus()
                    .insertContentAt({ from, to }, result.replace(/\s*\n\s*/g, ' '))
                    .run();
              }}
            />
          </>
        )}
      </div>
      {panel === 'link' && <LinkPanel editor={editor} pages={pages} onDone={() => setPanel(null)} />}
      {panel === 'variables' && <VariablesPanel editor={editor} legal={legal} onDone={() => setPanel(null)} />}
      {panel === 'youtube' && !state.youtube && <YouTubePanel editor={editor} onDone={() => setPanel(null)} />}
      {state.youtube && <YouTubePanel editor={editor} onDone={() => setPanel(null)} editing />}
      {state.image && <ImagePanel editor={editor} />}
      {state.table && <TablePanel editor={editor} />}
      <div className="min-h-0 flex-1 overflow-auto">
        <EditorContent editor={editor} />
      </div>
    </div>
  );
}

function Sep() {
  return <span aria-hidden="true" className="mx-0.5 h-4 w-px bg-gray-200" />;
}

function Tool({
  label,
  shortcut,
  icon,
  active = false,
  disabled = false,
  onClick,
}: {
  label: string;
  shortcut?: string;
  icon: IconifyIcon;
  active?: boolean;
  disabled?: boolean;
  onClick(): void;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      aria-pressed={active}
      title={shortcut ? `${label} (${shortcut})` : label}
      disabled={disabled}
      // Keeps the text selection: the button must not take the focus on press.
      onMouseDown={(e) => e.preventDefault()}
      onClick={onClick}
      className="flex size-7 items-center justify-center rounded text-gray-700 hover:bg-gray-100 disabled:opacity-35 aria-pressed:bg-brand-50 aria-pressed:text-brand-700"
    >
      <Iconify icon={icon} className="size-4" />
    </button>
  );
}

function PanelBar({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div
      role="group"
      aria-label={label}
      className="flex shrink-0 flex-wrap items-end gap-1.5 border-b border-gray-200 bg-gray-50 px-2 py-1.5"
    >
      {children}
    </div>
  );
}

function Labeled({ label, children, grow = false }: { label: string; children: ReactNode; grow?: boolean }) {
  return (
    <label className={`flex min-w-0 flex-col gap-0.5 text-[10.5px] text-gray-600 ${grow ? 'flex-1' : ''}`}>
      {label}
      {children}
    </label>
  );
}

const LINK_KINDS = [
  { value: 'url', label: 'URL' },
  { value: 'page', label: 'Page' },
  { value: 'email', label: 'Email' },
  { value: 'phone', label: 'Phone' },
] as const;
type LinkKind = (typeof LINK_KINDS)[number]['value'];

function kindOf(href: string): { kind: LinkKind; target: string } {
  if (href.startsWith('mailto:')) return { kind: 'email', target: href.slice(7) };
  if (href.startsWith('tel:')) return { kind: 'phone', target: href.slice(4) };
  if (href.startsWith('/')) return { kind: 'page', target: href.slice(1) };
  return { kind: 'url', target: href };
}

/** The link editor: a URL, a page of the site, an e-mail address or a phone number; Remove unlinks. */
function LinkPanel({ editor, pages, onDone }: { editor: Editor; pages: readonly { slug: string; name: string }[]; onDone(): void }) {
  const current = String(editor.getAttributes('link').href ?? '');
  const start = kindOf(current);
  const [kind, setKind] = useState<LinkKind>(current ? start.kind : 'url');
  const [target, setTarget] = useState(current ? start.target : '');
  const [error, setError] = useState<string | null>(null);
  const apply = () => {
    const t = target.trim();
    const href = kind === 'email' ? `mailto:${t}` : kind === 'phone' ? `tel:${t.replace(/\s+/g, '')}` : kind === 'page' ? `/${t}` : t;
    if (!t || !safeHref(href) || (kind === 'email' && !/^[^\s@]+@[^\s@]+$/.test(t))) {
      setError(
        kind === 'email'
          ? 'Enter an e-mail address'
          : kind === 'phone'
            ? 'Enter a phone number'
            : 'Enter an address starting with https://, / or #',
      );
      return;
    }
    editor.chain().focus().extendMarkRange('link').setLink({ href }).run();
    onDone();
  };
  return (
    <PanelBar label="Link">
      <Labeled label="Link to">
        <select aria-label="Link to" value={kind} onChange={(e) => setKind(e.target.value as LinkKind)} className={`${fieldClass} w-24`}>
          {LINK_KINDS.map((k) => (
            <option key={k.value} value={k.value}>
              {k.label}
            </option>
          ))}
        </select>
      </Labeled>
      <Labeled label={{ url: 'URL', page: 'Page', email: 'Email', phone: 'Phone' }[kind]} grow>
        {kind === 'page' && pages.length > 0 ? (
          <select aria-label="Page" value={target} onChange={(e) => setTarget(e.target.value)} className={fieldClass}>
            <option value="">Choose a page</option>
            {pages.map((p) => (
              <option key={p.slug} value={p.slug}>
                {p.name}
              </option>
            ))}
          </select>
        ) : (
          <input
            aria-label={{ url: 'URL', page: 'Page', email: 'Email', phone: 'Phone' }[kind]}
            aria-invalid={error ? true : undefined}
            aria-describedby="richtext-link-error"
            value={target}
            autoFocus
            placeholder={kind === 'url' ? 'https://' : ''}
            onChange={(e) => {
              setTarget(e.target.value);
              setError(null);
            }}
            onKeyDown={(e) => {
              if (e.key !== 'Enter') return;
              e.preventDefault();
              apply();
            }}
            className={fieldClass}
          />
        )}
      </Labeled>
      <button type="button" onClick={apply} className={primaryButtonClass}>
        Apply link
      </button>
      {current && (
        <button
          type="button"
          onClick={() => {
            editor.chain().focus().extendMarkRange('link').unsetLink().run();
            onDone();
          }}
          className={buttonClass}
        >
          Remove link
        </button>
      )}
      <FieldError id="richtext-link-error" error={error} className="basis-full" />
    </PanelBar>
  );
}

/** The global variable chooser: inserts `{site.name}`-style template variables at the cursor. */
function VariablesPanel({ editor, legal, onDone }: { editor: Editor; legal: boolean; onDone(): void }) {
  return (
    <PanelBar label="Global variables">
      <div className="flex max-h-36 w-full flex-col gap-1 overflow-auto">
        {globalVariables(legal).map((g) => (
          <div key={g.group} className="flex flex-wrap items-center gap-1">
            <span className="w-10 text-[10.5px] font-semibold text-gray-500 uppercase">{g.group}</span>
            {g.names.map((n) => (
              <button
                key={n}
                type="button"
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => {
                  editor.chain().focus().insertContent(`{${g.group}.${n}}`).run();
                  onDone();
                }}
                className="h-6 rounded border border-gray-200 bg-white px-1.5 font-mono text-[11px] text-gray-800 hover:border-brand-400 hover:bg-brand-50"
              >
                {`{${g.group}.${n}}`}
              </button>
            ))}
          </div>
        ))}
      </div>
    </PanelBar>
  );
}

/** The YouTube editor: a video id or address, width and height. An empty id removes the block. */
function YouTubePanel({ editor, onDone, editing = false }: { editor: Editor; onDone(): void; editing?: boolean }) {
  const attrs = editing ? editor.getAttributes('youtube') : {};
  const [video, setVideo] = useState(String(attrs.videoId ?? ''));
  const [width, setWidth] = useState(String(attrs.width ?? 560));
  const [height, setHeight] = useState(String(attrs.height ?? 315));
  const [error, setError] = useState<string | null>(null);
  const apply = () => {
    const id = youtubeId(video);
    const size = { width: Math.min(1920, Math.max(64, Number(width) || 560)), height: Math.min(1080, Math.max(36, Number(height) || 315)) };
    if (!id) {
      // A YouTube block with an empty video id is removed (spec 001 §4).
      if (editing && !video.trim()) {
        editor.chain().focus().deleteSelection().run();
        onDone();
        return;
      }
      setError('Enter a YouTube video id or address');
      return;
    }
    if (editing)
      editor
        .chain()
        .focus()
        .updateAttributes('youtube', { videoId: id, ...size })
        .run();
    // A paragraph after it takes the cursor, so what is typed or inserted next does not replace the video.
    else
      editor
        .chain()
        .focus()
        .insertContent([{ type: 'youtube', attrs: { videoId: id, ...size } }, { type: 'paragraph' }])
        .run();
    onDone();
  };
  return (
    <PanelBar label="YouTube video">
      <Labeled label="Video ID or URL" grow>
        <input
          aria-label="Video ID or URL"
          aria-invalid={error ? true : undefined}
          aria-describedby="richtext-youtube-error"
          value={video}
          onChange={(e) => {
            setVideo(e.target.value);
            setError(null);
          }}
          onKeyDown={(e) => e.key === 'Enter' && (e.preventDefault(), apply())}
          className={fieldClass}
        />
      </Labeled>
      <Labeled label="Width">
        <input
          aria-label="Video width"
          inputMode="numeric"
          value={width}
          onChange={(e) => setWidth(e.target.value)}
          className={`${fieldClass} w-16`}
        />
      </Labeled>
      <Labeled label="Height">
        <input
          aria-label="Video height"
          inputMode="numeric"
          value={height}
          onChange={(e) => setHeight(e.target.value)}
          className={`${fieldClass} w-16`}
        />
      </Labeled>
      <button type="button" onClick={apply} className={primaryButtonClass}>
        {editing ? 'Apply' : 'Insert video'}
      </button>
      <FieldError id="richtext-youtube-error" error={error} className="basis-full" />
    </PanelBar>
  );
}

/** The image editor of a selected image: alt text, caption, width (auto, full) and alignment. */
function ImagePanel({ editor }: { editor: Editor }) {
  const attrs = editor.getAttributes('image');
  const set = (patch: Record<string, unknown>) => editor.chain().updateAttributes('image', patch).run();
  return (
    <PanelBar label="Image">
      <Labeled label="Alt text" grow>
        <input
          aria-label="Alt text"
          defaultValue={String(attrs.alt ?? '')}
          onBlur={(e) => set({ alt: e.target.value })}
          className={fieldClass}
        />
      </Labeled>
      <Labeled label="Caption" grow>
        <input
          aria-label="Caption"
          defaultValue={String(attrs.figcaption ?? '')}
          onBlur={(e) => set({ figcaption: e.target.value || null })}
          className={fieldClass}
        />
      </Labeled>
      <Labeled label="Width">
        <select
          aria-label="Image width"
          value={String(attrs.width ?? 'auto')}
          onChange={(e) => set({ width: e.target.value })}
          className={`${fieldClass} w-20`}
        >
          <option value="auto">Auto</option>
          <option value="full">Full</option>
        </select>
      </Labeled>
      <Labeled label="Align">
        <select
          aria-label="Image align"
          value={String(attrs.align ?? 'auto')}
          onChange={(e) => set({ align: e.target.value })}
          className={`${fieldClass} w-20`}
        >
          <option value="auto">Auto</option>
          <option value="left">Left</option>
          <option value="center">Center</option>
          <option value="right">Right</option>
        </select>
      </Labeled>
      <button type="button" onClick={() => editor.chain().focus().deleteSelection().run()} className={buttonClass}>
        Remove image
      </button>
    </PanelBar>
  );
}

/** The table menu: rows and columns added before or after, deleted, the header row, the table deleted. */
function TablePanel({ editor }: { editor: Editor }) {
  const action = (label: string, run: () => boolean) => (
    <button key={label} type="button" onMouseDown={(e) => e.preventDefault()} onClick={() => run()} className={buttonClass}>
      {label}
    </button>
  );
  const c = () => editor.chain().focus();
  return (
    <PanelBar label="Table">
      {action('Row above', () => c().addRowBefore().run())}
      {action('Row below', () => c().addRowAfter().run())}
      {action('Delete row', () => c().deleteRow().run())}
      {action('Column left', () => c().addColumnBefore().run())}
      {action('Column right', () => c().addColumnAfter().run())}
      {action('Delete column', () => c().deleteColumn().run())}
      {action('Header row', () => c().toggleHeaderRow().run())}
      {action('Delete table', () => c().deleteTable().run())}
    </PanelBar>
  );
}

/** The image button: with a site, the image picker; else an address typed in. */
function ImageTool({ editor, siteId }: { editor: Editor; siteId?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Tool label="Image" icon={iconImage} onClick={() => setOpen(true)} />
      {open && siteId && (
        <ImagePicker
          siteId={siteId}
          value={null}
          onChange={(src) => editor.chain().focus().setImage({ src }).run()}
          onClose={() => setOpen(false)}
        />
      )}
      {open && !siteId && (
        <ImageUrlPrompt
          onDone={(src) => {
            if (src) editor.chain().focus().setImage({ src }).run();
            setOpen(false);
          }}
        />
      )}
    </>
  );
}

function ImageUrlPrompt({ onDone }: { onDone(src: string | null): void }) {
  const [src, setSrc] = useState('');
  return (
    <PopupFrame title="Select image" onClose={() => onDone(null)} bodyClassName="gap-2 p-3">
      <Labeled label="Image URL">
        <input aria-label="Image URL" value={src} onChange={(e) => setSrc(e.target.value)} className={fieldClass} data-autofocus />
      </Labeled>
      <button type="button" disabled={!/^https?:\/\//.test(src)} onClick={() => onDone(src)} className={primaryButtonClass}>
        Insert image
      </button>
    </PopupFrame>
  );
}

export interface RichTextPopupProps extends RichTextEditorProps {
  onClose(): void;
  title?: string;
  anchor?: HTMLElement | null;
}

/** The 'Edit richtext' popup: the editor in a resizable popup frame; changes are sent as they are made. */
export function RichTextPopup({ onClose, title = 'Edit richtext', anchor, ...props }: RichTextPopupProps) {
  return (
    <PopupFrame title={title} onClose={onClose} width={640} height={420} resizable anchor={anchor} testId="richtext-popup">
      <RichTextEditor {...props} />
    </PopupFrame>
  );
}

export default RichTextPopup;
