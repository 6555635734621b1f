import { useEffect, useId } from 'react';
import { useAssets } from '../assets/store.ts';
import { Button } from '../ui/Button.tsx';

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
        <input id={id} value={text} placeholder={placeholder} disabled={disabled} onChange={(e) => onChange(e.target.value)} className={INPUT} />
      )}
    </div>
  );
}

interface Block {
  type: string;
  value: unknown;
}

const isBlocks = (v: unknown): v is Block[] => Array.isArray(v) && v.every((b) => b && typeof b === 'object' && typeof (b as Block).type === 'string');
const LIST = new Set(['ul', 'ol']);
const TEXT = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p']);
const BLOCK_LABEL: Record<string, string> = { p: 'Paragraph', ul: 'Bulleted list', ol: 'Numbered list' };

/** Rich text as its blocks: headings and paragraphs as text, lists one item a line; other blocks kept as they are. */
function RichTextInput({ label, value, onChange, disabled, main }: LocalizedInputProps) {
  const id = useId();
  const blocks = isBlocks(value) ? value : null;
  const setBlock = (i: number, next: unknown) => onChange(blocks!.map((b, j) => (j === i ? { ...b, value: next } : b)));
  return (
    <fieldset>
      <legend className="mb-1 block text-[12px] font-medium text-gray-800">{label}</legend>
      {!blocks ? (
        <div className="rounded-md bg-gray-50 px-3 py-2.5 text-[12px] text-gray-600 ring-1 ring-gray-200">
          No text in this language yet: the main language shows.{' '}
          {isBlocks(main) && !disabled && (
            <Button variant="link" className="text-[12px]" onClick={() => onChange(structuredClone(main))}>
              Start from the main language
            </Button>
          )}
        </div>
      ) : (
        <div className="space-y-2 rounded-md p-2 ring-1 ring-gray-200">
          {blocks.map((block, i) => {
            const blockId = `${id}-${i}`;
            const name = BLOCK_LABEL[block.type] ?? block.type.toUpperCase();
            if (TEXT.has(block.type) || LIST.has(block.type))
              return (
                <div key={i}>
                  <label htmlFor={blockId} className="mb-0.5 block text-[11px] text-gray-600">
                    {name}
                  </label>
                  <textarea
                    id={blockId}
                    disabled={disabled}
                    rows={LIST.has(block.type) ? Math.max(2, (block.value as string[] | undefined)?.length ?? 2) : 2}
                    value={LIST.has(block.type) ? (Array.isArray(block.value) ? block.value.join('\n') : '') : String(block.value ?? '')}
                    onChange={(e) => setBlock(i, LIST.has(block.type) ? e.target.value.split('\n') : e.target.value)}
                    className={`${INPUT} resize-y ${block.type.startsWith('h') ? 'font-semibold' : ''}`}
                  />
                </div>
              );
            return (
              <p key={i} className="rounded bg-gray-50 px-2 py-1 text-[11px] text-gray-600">
                {name} block (kept as it is)
              </p>
            );
          })}
        </div>
      )}
    </fieldset>
  );
}

/** An image: a file of the asset library (or an address), with its picture. */
function ImageInput({ label, value, onChange, disabled, siteId }: LocalizedInputProps) {
  const id = useId();
  const files = useAssets((s) => (s.siteId === siteId ? s.files : null));
  const load = useAssets((s) => s.load);
  useEffect(() => {
    if (!files) void load(siteId);
  }, [files, load, siteId]);
  const name = typeof value === 'string' ? value : '';
  const images = (files ?? []).filter((f) => f.kind === 'image' || f.kind === 'svg');
  const current = images.find((f) => f.name === name);
  const src = current ? (current.previewImage ?? current.url) : /^(\/[^/]|https?:\/\/)/.test(name) ? name : null;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-[12px] font-medium text-gray-800">
        {label}
      </label>
      <div className="flex items-center gap-2">
        <span className="flex size-12 shrink-0 items-center justify-center overflow-hidden rounded bg-gray-100 ring-1 ring-gray-200">
          {src ? <img src={src} alt="" className="size-full object-cover" /> : <span className="text-[10px] text-gray-700">None</span>}
        </span>
        <select id={id} value={current ? name : ''} disabled={disabled} onChange={(e) => onChange(e.target.value || null)} className={INPUT}>
          <option value="">{name && !current ? name : 'No image (the main language shows)'}</option>
          {images.map((f) => (
            <option key={f.name} value={f.name}>
              {f.name}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
