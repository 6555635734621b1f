import { useEffect, useId, useRef, useState } from 'react';
import { useAssets } from '../assets/public.ts';
import { ImagePicker } from '../ui/pickers/ImagePicker.tsx';
import { RichTextField } from '../ui/pickers/richtext/index.tsx';
import { Button, buttonClass } from '../ui/Button.tsx';

/**
 * One language's value in 'Edit localization' (spec 002 §2): a text, rich text or image input. This is
 * the one place the panel's inputs come from, so the shared rich-text editor and image picker
 * (web/src/pickers/) replace the simple ones here when they land.
 */
export interface LocalizedInputProps {
  kind: 'text' | 'richtext' | 'image';
  /** The visible label (the language). */
  label: string;
  value: unknown;
  onChange(value: unknown): void;
  disabled?: boolean;
  /** The main language's value, offered as a start for a language that has none. */
  main?: unknown;
  /** Page descriptions and slugs are one line; other texts may be long. */
  multiline?: boolean;
  siteId: string;
}

const INPUT =
  'block w-full rounded-md border-0 bg-white px-2.5 py-1.5 text-[13px] text-gray-900 shadow-xs ring-1 ring-gray-300 ring-inset placeholder:text-gray-500 focus:ring-2 focus:ring-brand-600 focus:outline-none disabled:bg-gray-50 disabled:text-gray-600';

export function LocalizedInput(props: LocalizedInputProps) {
  if (props.kind === 'richtext') return <RichTextInput {...props} />;
  if (props.kind === 'image') return <ImageInput {...props} />;
  return <TextInput {...props} />;
}

function TextInput({ label, value, onChange, disabled, main, multiline = true }: LocalizedInputProps) {
  const id = useId();
  const text = typeof value === 'string' ? value : '';
  const placeholder = typeof main === 'string' ? main : undefined;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-[12px] font-medium text-gray-800">
        {label}
      </label>
      {multiline ? (
        <textarea
          id={id}
          value={text}
          rows={Math.min(6, Math.max(2, Math.ceil(text.length / 48)))}
          placeholder={placeholder}
          disabled={disabled}
          onChange={(e) => onChange(e.target.value)}
          className={`${INPUT} resize-y`}
        />
      ) : (
        <input
          id={id}
          value={text}
          placeholder={placeholder}
          disabled={disabled}
          onChange={(e) => onChange(e.target.value)}
          className={INPUT}
        />
      )}
    </div>
  );
}

/** Rich text in the shared rich-text editor (web/src/pickers); a language without it may start from the main one. */
function RichTextInput({ label, value, onChange, disabled, main, siteId }: LocalizedInputProps) {
  const [started, setStarted] = useState(0);
  const empty = !Array.isArray(value) || value.length === 0;
  return (
    <fieldset>
      <legend className="mb-1 block text-[12px] font-medium text-gray-800">{label}</legend>
      {empty && Array.isArray(main) && main.length > 0 && !disabled && (
        <p className="mb-1.5 text-[12px] text-gray-600">
          No text in this language yet: the main language shows.{' '}
          <Button
            variant="link"
            className="text-[12px]"
            onClick={() => {
              onChange(structuredClone(main));
              setStarted((n) => n + 1);
            }}
          >
            Start from the main language
          </Button>
        </p>
      )}
      {disabled ? (
        <div className="rounded-md bg-gray-50 px-3 py-2 text-[12px] text-gray-700 ring-1 ring-gray-200">{blocksText(value) || '—'}</div>
      ) : (
        // Remounted when it starts from the main language: the editor reads its value when it opens.
        <RichTextField key={started} value={value ?? []} onChange={onChange} siteId={siteId} label={label} />
      )}
    </fieldset>
  );
}

/** The text of rich text blocks, for a read-only view. */
function blocksText(value: unknown): string {
  if (!Array.isArray(value)) return '';
  return value
    .map((b: { value?: unknown }) => (Array.isArray(b?.value) ? b.value.join(', ') : typeof b?.value === 'string' ? b.value : ''))
    .join(' ')
    .replace(/<[^>]*>/g, '');
}

/** An image: a file of the asset library or an address, chosen in the shared image picker (web/src/pickers). */
function ImageInput({ label, value, onChange, disabled, siteId }: LocalizedInputProps) {
  const id = useId();
  // The button the picker opened from: it opens beside it.
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const files = useAssets((s) => (s.siteId === siteId ? s.files : null));
  const load = useAssets((s) => s.load);
  useEffect(() => {
    if (!files) void load(siteId);
  }, [files, load, siteId]);
  const name = typeof value === 'string' ? value : '';
  const current = (files ?? []).find((f) => f.name === name);
  // A file just uploaded or imported in the picker is not in the loaded list yet: read it again, once per name.
  const asked = useRef(new Set<string>());
  useEffect(() => {
    if (!files || current || !name || /^(\/|https?:)/.test(name) || asked.current.has(name)) return;
    asked.current.add(name);
    void load(siteId);
  }, [files, current, name, load, siteId]);
  const src = current ? (current.previewImage ?? current.url) : /^(\/[^/]|https?:\/\/)/.test(name) ? name : null;
  return (
    <div role="group" aria-labelledby={id}>
      <p id={id} className="mb-1 block text-[12px] font-medium text-gray-800">
        {label}
      </p>
      <div className="flex items-center gap-2">
        <span className="flex size-12 shrink-0 items-center justify-center overflow-hidden rounded bg-gray-100 ring-1 ring-gray-200">
          {src ? <img src={src} alt="" className="size-full object-cover" /> : <span className="text-[10px] text-gray-700">None</span>}
        </span>
        <span className="min-w-0 flex-1 truncate text-[12px] text-gray-700" data-testid="image-value" title={name}>
          {name || 'No image: the main language’s shows'}
        </span>
        {!disabled && (
          <>
            <button
              type="button"
              className={buttonClass('secondary', 'sm')}
              onClick={(e) => setAnchor(e.currentTarget)}
              aria-label={`Choose image for ${label}`}
            >
              Choose
            </button>
            {name && (
              <Button variant="ghost" size="sm" onClick={() => onChange(null)} aria-label={`Remove image for ${label}`}>
                Remove
              </Button>
            )}
          </>
        )}
      </div>
      {anchor && (
        <ImagePicker siteId={siteId} value={name || null} onChange={(v) => onChange(v)} onClose={() => setAnchor(null)} anchor={anchor} />
      )}
    </div>
  );
}
