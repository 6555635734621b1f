import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { api } from '../../lib/api.ts';
import { AiTextButton } from '../../ui/pickers/AiTextButton.tsx';
import { RichInput } from '../../ui/pickers/richtext/index.tsx';
import { LanguagePicker } from '../../ui/pickers/LanguagePicker.tsx';
import { ScreenAreaPopup } from '../../ui/pickers/ScreenAreaPopup.tsx';
import { languageLabel } from '../../lib/languages.ts';
import { useEditor } from '../../site/store/context.tsx';
import { CommitInput, fieldClass, type ValueRowProps } from './controls.tsx';

/**
 * A heading's or a paragraph's text (spec 001 §5): the single-line rich input (Enter commits, pasted
 * text is plain, only the marks its place allows), with the AI text helper beside it.
 */
export function RichTextRow({
  label,
  value,
  tags,
  disabled,
  onCommit,
}: {
  label: string;
  value: string;
  tags: 'heading' | 'text';
  disabled: boolean;
  onCommit(text: string): void;
}) {
  const siteId = useEditor((s) => s.siteId);
  return (
    <div className="flex min-w-0 flex-1 items-start gap-1">
      <div className={`min-w-0 flex-1 ${disabled ? 'pointer-events-none opacity-60' : ''}`}>
        {/* Keyed by the value: a value set elsewhere (the AI helper, undo) redraws the input. */}
        <RichInput key={value} label={label} value={value} tags={tags} onCommit={onCommit} />
      </div>
      <AiTextButton siteId={siteId} label={label} text={() => value.replace(/<[^>]*>/g, '')} disabled={disabled} onResult={onCommit} />
    </div>
  );
}

/** A device outline shown when the mockup has no image yet. */
const NO_IMAGE =
  "data:image/svg+xml;utf8,<svg xmlns='http://www.w3.org/2000/svg' width='400' height='300'><rect width='400' height='300' rx='24' fill='%23111827'/><rect x='24' y='12' width='352' height='276' fill='%23e5e7eb'/></svg>";

/** Where the device mockup's image is served: an address as it is, an asset by its name. */
function useImageUrl(siteId: string, name: unknown, wanted: boolean): string {
  const [url, setUrl] = useState<string | null>(null);
  const asset = typeof name === 'string' && name && !/^(https?:|data:)/i.test(name) ? name : null;
  useEffect(() => {
    if (!wanted || !asset) return;
    let live = true;
    void api.GET('/sites/{siteId}/files', { params: { path: { siteId }, query: { type: 'images' } } }).then(({ data }) => {
      if (live) setUrl(data?.files.find((f) => f.name === asset)?.url ?? null);
    });
    return () => {
      live = false;
    };
  }, [siteId, asset, wanted]);
  if (typeof name === 'string' && /^(https?:|data:)/i.test(name)) return name;
  return (asset && url) || NO_IMAGE;
}

/**
 * A device mockup's screen area (spec 001 §2 "Define screen area"): the eight fractions as text, and
 * the popup that places the four corners over the mockup's image.
 */
export function ScreenMapRow({ id, label, value, disabled, onCommit }: ValueRowProps<string, string>) {
  const siteId = useEditor((s) => s.siteId);
  const image = useEditor((s) => (s.selectedId ? s.nodes.get(s.selectedId)?.data.value : undefined));
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const src = useImageUrl(siteId, image, anchor !== null);
  return (
    <div className="flex min-w-0 flex-1 items-center gap-1">
      <CommitInput id={id} label={label} value={value} placeholder="screenMap" disabled={disabled} onCommit={onCommit} />
      <button
        type="button"
        aria-label="Define screen area"
        title="Define screen area"
        disabled={disabled}
        onClick={(e) => setAnchor(e.currentTarget)}
        className="shrink-0 rounded border border-gray-200 px-1.5 py-0.5 text-[11px] text-gray-700 hover:bg-gray-50 disabled:opacity-50"
      >
        …
      </button>
      {anchor &&
        createPortal(
          <ScreenAreaPopup image={src} value={value || null} onChange={onCommit} onClose={() => setAnchor(null)} anchor={anchor} />,
          document.body,
        )}
    </div>
  );
}

/**
 * A languages switcher's or a menu's list of languages (spec 001 §2 'Select language(s)'): the chosen
 * site languages by name on a button opening the language picker, offering the site's languages. An
 * empty choice shows them all.
 */
export function LanguagesRow({ id, label, value, disabled, onCommit }: ValueRowProps<unknown, string[] | null>) {
  const siteLanguages = useEditor((s) => s.site?.settings?.languages) ?? [];
  const chosen = (Array.isArray(value) ? value.map(String) : typeof value === 'string' && value ? value.split(/[\s,]+/) : []).filter(
    Boolean,
  );
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const names = chosen.map((c) => languageLabel(c)).join(', ');
  return (
    <>
      <button
        id={id}
        type="button"
        aria-label={`${label}: ${names || 'All languages'}`}
        title={names || 'All languages'}
        disabled={disabled}
        onClick={(e) => setAnchor(e.currentTarget)}
        className={`${fieldClass} truncate text-left text-gray-700`}
      >
        {names || 'All languages'}
      </button>
      {anchor &&
        createPortal(
          <LanguagePicker
            value={chosen}
            allowEmpty
            languages={siteLanguages.length ? siteLanguages : chosen}
            onChange={(codes) => onCommit(codes.length ? codes : null)}
            onClose={() => setAnchor(null)}
            anchor={anchor}
          />,
          document.body,
        )}
    </>
  );
}
