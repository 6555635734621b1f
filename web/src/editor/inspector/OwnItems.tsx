import { useState } from 'react';
import { useEditor } from '../../site/store/context.tsx';
import { textValue, withText } from '../../site/store/document.ts';
import { CommitInput, fieldClass, type ValueRowProps } from './controls.tsx';
import { HAS_PICKER, MediaSlot } from './registry.tsx';

/**
 * A list's and a gallery's own items (`data.items`, the built-in `_ul` and `_gallery` sources of spec 001
 * §3), edited where the component is: one list item a line, or the gallery's pictures picked one by one
 * in 'Select image', each with its alt text. A component repeating a collection shows the collection's
 * items instead, so these rows show only without one.
 */

/** The items of a list: one a line; a line keeps the other languages of a localized item. */
export function ListItems({ id, label, value, disabled, onCommit }: ValueRowProps) {
  const language = useEditor((s) => s.language);
  const items = Array.isArray(value) ? (value as unknown[]) : [];
  const text = items.map((item) => textValue(item, language) ?? '').join('\n');
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <textarea
      id={id}
      aria-label={label}
      rows={3}
      value={draft ?? text}
      placeholder="One item a line"
      disabled={disabled}
      onChange={(e) => setDraft(e.target.value)}
      onBlur={() => {
        if (draft !== null && draft !== text) {
          const lines = draft.split('\n').filter((line) => line.trim() !== '');
          onCommit(lines.length ? lines.map((line, i) => withText(items[i], line, language)) : null);
        }
        setDraft(null);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          setDraft(null);
        }
      }}
      className={`${fieldClass} h-auto min-h-[60px] resize-y py-1`}
    />
  );
}

interface Picture {
  image: string;
  alt?: unknown;
  caption?: unknown;
}

const pictureOf = (item: unknown): Picture | null => {
  if (typeof item === 'string') return item ? { image: item } : null;
  if (item && typeof item === 'object' && typeof (item as Picture).image === 'string') return item as Picture;
  return null;
};

/** The pictures of a gallery: each by its file name with its alt text and a remove button; 'Add image' picks one more. */
export function GalleryItems({ id, label, value, disabled, onCommit }: ValueRowProps) {
  const language = useEditor((s) => s.language);
  const siteId = useEditor((s) => s.siteId);
  const pictures = (Array.isArray(value) ? (value as unknown[]) : []).map(pictureOf).filter((p): p is Picture => p !== null);
  const [anchor, setAnchor] = useState<HTMLButtonElement | null>(null);
  const [open, setOpen] = useState(false);
  const save = (next: Picture[]) => onCommit(next.length ? next : null);
  return (
    <div id={id} className="flex min-w-0 flex-1 flex-col gap-1">
      {pictures.length > 0 && (
        <ul aria-label={label} className="flex flex-col gap-1">
          {pictures.map((p, i) => (
            <li key={`${i}:${p.image}`} className="flex min-w-0 flex-col gap-0.5 rounded border border-gray-200 p-1">
              <div className="flex min-w-0 items-center gap-1">
                <span className="min-w-0 flex-1 truncate text-[11.5px] text-gray-800" title={p.image}>
                  {p.image}
                </span>
                <button
                  type="button"
                  aria-label={`Remove ${p.image}`}
                  title="Remove"
                  disabled={disabled}
                  onClick={() => save(pictures.filter((_, j) => j !== i))}
                  className="shrink-0 rounded px-1 text-[11px] text-gray-600 hover:bg-gray-100 disabled:opacity-50"
                >
                  ×
                </button>
              </div>
              <CommitInput
                id={`${id}-alt-${i}`}
                label={`Alt text of ${p.image}`}
                placeholder="Alt text"
                value={textValue(p.alt, language) ?? ''}
                disabled={disabled}
                onCommit={(alt: string) =>
                  save(pictures.map((q, j) => (j === i ? { ...q, alt: alt ? withText(q.alt, alt, language) : undefined } : q)))
                }
              />
            </li>
          ))}
        </ul>
      )}
      <button
        ref={setAnchor}
        type="button"
        aria-label={`${label}: Add image`}
        disabled={disabled}
        onClick={() => setOpen(true)}
        className="self-start rounded border border-gray-200 px-1.5 py-0.5 text-[11px] text-gray-700 hover:bg-gray-50 disabled:opacity-50"
      >
        Add image
      </button>
      {open && HAS_PICKER.has('image') && (
        <MediaSlot
          kind="image"
          siteId={siteId}
          value={null}
          anchor={anchor}
          onChange={(picked) => {
            setOpen(false);
            save([...pictures, { image: picked }]);
          }}
          onClose={() => setOpen(false)}
        />
      )}
    </div>
  );
}
