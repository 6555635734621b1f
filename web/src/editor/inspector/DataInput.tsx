import { useState } from 'react';
import { useEditor } from '../../site/store/context.tsx';
import { textValue, withText } from '../../site/store/document.ts';
import { checkText, clampRange, parseInteger } from '../style/validators.ts';
import { CommitInput, fieldClass, Range, Select, type ValueRowProps } from './controls.tsx';
import { LanguagesRow, RichTextRow, ScreenMapRow } from './PickerRows.tsx';
import { HAS_PICKER, MediaSlot, RichTextSlot, type MediaKind } from './registry.tsx';
import type { DataSetting } from './schema.ts';
import { selectValue } from './selectValue.ts';
import { MenuPages } from './MenuPages.tsx';
import { GalleryItems, ListItems } from './OwnItems.tsx';
import { boundField } from './menuPages.ts';

/** A list setting shown one entry per line. */
const listOf = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : typeof v === 'string' && v ? [v] : []);

/**
 * The input of one data setting. Text keeps a localized value's other languages; numbers and ranges
 * follow §5 (integers parsed, ranges rounded to step and bounded); a field that may not be empty says so.
 * Picker kinds without a registered picker (image, icon, file …) take their value as text.
 */
export function DataInput({
  setting,
  id,
  value,
  disabled,
  onCommit,
  onError,
}: {
  setting: DataSetting;
  id: string;
  value: unknown;
  disabled: boolean;
  onCommit(value: unknown): void;
  onError(message: string | null): void;
}) {
  const language = useEditor((s) => s.language);
  const shared = useEditor((s) => s.site?.style?.shared);
  const control = setting.control;
  const label = setting.label;
  const commitText = (text: string, mayBeEmpty = true) => {
    const problem = checkText(text, mayBeEmpty);
    onError(problem);
    if (problem) return;
    onCommit(text.trim() === '' ? null : withText(value, text, language));
  };
  // A bound value (a menu link's text is each page's title) is read from its field, not typed here.
  const bound = boundField(value);
  if (bound && control.kind !== 'menuPages')
    return (
      <output id={id} className="min-w-0 flex-1 truncate text-[12px] text-gray-700">
        Each item&apos;s {bound}
      </output>
    );
  switch (control.kind) {
    case 'image':
    case 'svg':
    case 'icon':
    case 'file':
      return (
        <Media
          id={id}
          label={label}
          kind={control.kind}
          value={typeof value === 'string' ? value : (textValue(value, language) ?? '')}
          disabled={disabled}
          onText={(t) => commitText(t)}
          onPick={(picked) => {
            onError(null);
            onCommit(picked);
          }}
        />
      );
    case 'text':
    case 'date':
    case 'resolution':
    case 'screenMap':
    case 'color':
      if (control.kind === 'text' && control.rich)
        return (
          <RichTextRow
            label={label}
            value={textValue(value, language) ?? ''}
            tags={control.rich}
            disabled={disabled}
            onCommit={(t) => commitText(t)}
          />
        );
      if (control.kind === 'screenMap')
        return (
          <ScreenMapRow id={id} label={label} value={typeof value === 'string' ? value : ''} disabled={disabled} onCommit={commitText} />
        );
      if (control.kind === 'text' && control.multiline)
        return (
          <TextArea id={id} label={label} value={textValue(value, language) ?? ''} disabled={disabled} onCommit={(t) => commitText(t)} />
        );
      return (
        <div className="flex min-w-0 flex-1 items-center">
          {control.kind === 'text' && control.prefix && <span className="mr-1 text-[11px] text-gray-500">{control.prefix}</span>}
          <CommitInput
            id={id}
            label={label}
            value={textValue(value, language) ?? (value === undefined || value === null ? '' : JSON.stringify(value))}
            placeholder={
              control.kind === 'text'
                ? (control.placeholder ?? (setting.default !== undefined ? String(setting.default) : ''))
                : control.kind
            }
            disabled={disabled}
            onCommit={(t) => commitText(t, control.kind === 'text' ? control.mayBeEmpty !== false : true)}
          />
        </div>
      );
    case 'richtext':
      if (HAS_PICKER.has('richtext')) return <RichText id={id} label={label} value={value} disabled={disabled} onCommit={onCommit} />;
      return (
        <TextArea id={id} label={label} value={textValue(value, language) ?? ''} disabled={disabled} onCommit={(t) => commitText(t)} />
      );
    case 'code':
    case 'options':
    case 'schemaOrg':
      return (
        <TextArea
          id={id}
          label={label}
          mono
          value={textValue(value, language) ?? (value ? JSON.stringify(value) : '')}
          disabled={disabled}
          onCommit={(t) => commitText(t)}
        />
      );
    case 'number':
      return (
        <CommitInput
          id={id}
          label={label}
          value={value === undefined || value === null ? '' : String(value)}
          placeholder={setting.default !== undefined ? String(setting.default) : ''}
          disabled={disabled}
          onCommit={(t) => {
            if (t.trim() === '') return onCommit(null);
            const n = control.integer ? parseInteger(t) : Number.parseFloat(t);
            if (n === null || !Number.isFinite(n)) return onError('Enter a number');
            onError(null);
            onCommit(clampRange(n, { min: control.min ?? -Infinity, max: control.max ?? Infinity, step: control.integer ? 1 : 0.000001 }));
          }}
          onArrow={(delta, current) => String((Number.parseFloat(current) || 0) + delta)}
        />
      );
    case 'range':
      return (
        <Range
          id={id}
          label={label}
          min={control.min}
          max={control.max}
          step={control.step}
          suffix={control.suffix}
          value={value === undefined || value === null ? '' : String(value)}
          placeholder={setting.default !== undefined ? String(setting.default) : undefined}
          disabled={disabled}
          onCommit={(t) => {
            if (t.trim() === '') return onCommit(null);
            const n = Number.parseFloat(t);
            if (!Number.isFinite(n)) return onError('Enter a number');
            onError(null);
            onCommit(clampRange(n, control));
          }}
        />
      );
    case 'select': {
      const shown = selectValue(control.options, value, setting.default);
      return (
        <Select
          id={id}
          label={label}
          options={control.options}
          value={shown.value}
          placeholder={shown.placeholder}
          disabled={disabled}
          onPick={(v) => onCommit(shown.stored(v))}
        />
      );
    }
    case 'sharedStyle':
      return (
        <Select
          id={id}
          label={label}
          options={Object.values(shared ?? {}).map((s) => ({ value: s.id, label: s.name }))}
          value={typeof value === 'string' ? value : ''}
          placeholder="None"
          disabled={disabled}
          onPick={(v) => onCommit(v === '' ? null : v)}
        />
      );
    case 'toggle': {
      const on = control.on ?? true;
      return (
        <input
          id={id}
          type="checkbox"
          role="switch"
          aria-label={label}
          checked={value === on || value === true || value === 'yes'}
          disabled={disabled}
          onChange={(e) => onCommit(e.target.checked ? on : (control.off ?? null))}
          className="size-3.5 accent-brand-600"
        />
      );
    }
    case 'list':
      return (
        <TextArea
          id={id}
          label={label}
          value={listOf(value).join('\n')}
          placeholder={control.placeholder ? `${control.placeholder} (one a line)` : 'One a line'}
          disabled={disabled}
          onCommit={(t) => {
            const items = t
              .split('\n')
              .map((x) => x.trim())
              .filter(Boolean);
            onCommit(items.length ? items : null);
          }}
        />
      );
    case 'listItems':
      return <ListItems id={id} label={label} value={value} disabled={disabled} onCommit={onCommit} />;
    case 'galleryItems':
      return <GalleryItems id={id} label={label} value={value} disabled={disabled} onCommit={onCommit} />;
    case 'languages':
      return <LanguagesRow id={id} label={label} value={value} disabled={disabled} onCommit={onCommit} />;
    case 'menuPages':
      return <MenuPages id={id} label={label} value={value} disabled={disabled} onCommit={onCommit} />;
    case 'multiselect': {
      const chosen = new Set(listOf(value).flatMap((v) => v.split(/\s+/)));
      return (
        <fieldset
          id={id}
          aria-label={label}
          className="flex max-h-32 min-w-0 flex-1 flex-col gap-0.5 overflow-auto rounded border border-gray-200 p-1"
        >
          {control.options.map((o) => (
            <label key={o.value} className="flex items-center gap-1.5 text-[11px] text-gray-700">
              <input
                type="checkbox"
                checked={chosen.has(o.value)}
                disabled={disabled}
                onChange={(e) => {
                  const next = new Set(chosen);
                  if (e.target.checked) next.add(o.value);
                  else next.delete(o.value);
                  onCommit(next.size ? [...next].join(' ') : null);
                }}
                className="size-3 accent-brand-600"
              />
              {o.label}
            </label>
          ))}
        </fieldset>
      );
    }
    case 'action':
    case 'cms':
      return null;
  }
}

function TextArea({
  id,
  label,
  value,
  disabled,
  onCommit,
  placeholder,
  mono = false,
}: {
  id: string;
  label: string;
  value: string;
  disabled: boolean;
  onCommit(v: string): void;
  placeholder?: string;
  mono?: boolean;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <textarea
      id={id}
      aria-label={label}
      rows={2}
      value={draft ?? value}
      placeholder={placeholder}
      disabled={disabled}
      spellCheck={!mono}
      onChange={(e) => setDraft(e.target.value)}
      onBlur={() => {
        if (draft !== null && draft !== value) onCommit(draft);
        setDraft(null);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && (e.metaKey || e.ctrlKey)) (e.target as HTMLTextAreaElement).blur();
        if (e.key === 'Escape') {
          e.stopPropagation();
          setDraft(null);
        }
      }}
      className={`${fieldClass} h-auto min-h-[44px] resize-y py-1 ${mono ? 'font-mono text-[11px]' : ''}`}
    />
  );
}

/** The text of a rich text's first blocks, for the row (spec 001 §9: the preview uses the first 3 blocks). */
function richTextSummary(value: unknown): string {
  const blocks = Array.isArray(value) ? value : [];
  return blocks
    .slice(0, 3)
    .map((b) => (b && typeof b === 'object' && typeof (b as { value?: unknown }).value === 'string' ? (b as { value: string }).value : ''))
    .join(' ')
    .replace(/<[^>]*>/g, '')
    .trim();
}

/**
 * An image, SVG, icon or file row: the value as text (an asset name, a URL, `set:name`), and a button
 * opening its picker (Select image / Select SVG / Select file / Select icon).
 */
function Media({
  id,
  label,
  kind,
  value,
  disabled,
  onText,
  onPick,
}: {
  id: string;
  label: string;
  kind: MediaKind;
  value: string;
  disabled: boolean;
  onText(text: string): void;
  onPick(value: string): void;
}) {
  const [open, setOpen] = useState(false);
  const [anchor, setAnchor] = useState<HTMLButtonElement | null>(null);
  const siteId = useEditor((s) => s.siteId);
  const verb = kind === 'icon' ? 'icon' : kind === 'svg' ? 'SVG' : kind === 'file' ? 'file' : 'image';
  return (
    <div className="flex min-w-0 flex-1 items-center gap-1">
      <CommitInput id={id} label={label} value={value} placeholder={kind} disabled={disabled} onCommit={onText} />
      <button
        ref={setAnchor}
        type="button"
        aria-label={`${label}: select ${verb}`}
        title={`Select ${verb}`}
        disabled={disabled}
        onClick={() => setOpen(true)}
        className="shrink-0 rounded border border-gray-200 px-1.5 py-0.5 text-[11px] text-gray-700 hover:bg-gray-50 disabled:opacity-50"
      >
        …
      </button>
      {open && HAS_PICKER.has(kind) && (
        <MediaSlot
          kind={kind}
          siteId={siteId}
          value={value || null}
          anchor={anchor}
          onChange={(picked) => {
            onPick(picked);
            setOpen(false);
          }}
          onClose={() => setOpen(false)}
        />
      )}
    </div>
  );
}

/** A rich-text row: the first blocks' text, and the 'Edit richtext' popup of the pickers. */
function RichText({ id, label, value, disabled, onCommit }: ValueRowProps) {
  const [open, setOpen] = useState(false);
  const [anchor, setAnchor] = useState<HTMLButtonElement | null>(null);
  const siteId = useEditor((s) => s.siteId);
  const pages = useEditor((s) => s.pages);
  const summary = richTextSummary(value) || (typeof value === 'string' ? value : '');
  return (
    <>
      <button
        id={id}
        ref={setAnchor}
        type="button"
        aria-label={`${label}: edit`}
        disabled={disabled}
        onClick={() => setOpen(true)}
        className={`${fieldClass} truncate text-left text-gray-700`}
        title={summary}
      >
        {summary || 'Empty'}
      </button>
      {open && (
        <RichTextSlot
          value={value}
          anchor={anchor}
          siteId={siteId}
          label={label}
          pages={pages.map((p) => ({ slug: typeof p.slug === 'string' ? p.slug : p.id, name: p.name }))}
          onChange={(blocks) => onCommit(blocks)}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
