import { useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import iconImage from '@iconify-icons/lucide/image';
import iconSmile from '@iconify-icons/lucide/smile-plus';
import iconX from '@iconify-icons/lucide/x';
import { pictureOf, useAssets } from '../../assets/public.ts';
import { IconPicker } from '../../ui/pickers/IconPicker.tsx';
import { ImagePicker } from '../../ui/pickers/ImagePicker.tsx';
import { INPUT, INVALID } from '../../ui/form/controls.tsx';
import { Iconify } from '../../ui/Iconify.tsx';

/**
 * An image, SVG, video, file or icon value: the asset's file name (or an image address), typed or
 * chosen with the image picker of web/src/pickers (Assets, Unsplash, Upload, URL; SVG and files from
 * the assets and uploads), or an icon (`set:name`) chosen in the icon picker. The picker is a popup:
 * Escape closes it before the panel.
 */
export function ImageInput({
  label,
  value,
  onChange,
  error,
  placeholder,
  siteId,
  type,
}: {
  label: string;
  value: string;
  onChange(next: string): void;
  error?: string;
  placeholder?: string;
  siteId: string;
  type: string;
}) {
  const id = useId();
  // The button the picker opens beside; null while it is closed.
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const kind = type === 'image' ? 'image' : type === 'svg' ? 'svg' : 'file';
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-gray-800">
        {label}
      </label>
      <div className="flex gap-1.5">
        <input
          id={id}
          value={value}
          placeholder={placeholder ?? (type === 'icon' ? 'zondicons:heart' : kind === 'file' ? 'file.pdf' : 'photo.jpg')}
          aria-invalid={Boolean(error) || undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => onChange(e.target.value)}
          className={`${INPUT} ${error ? INVALID : ''} h-8 min-w-0 flex-1 font-mono text-xs`}
        />
        <button
          type="button"
          onClick={(e) => setAnchor(e.currentTarget)}
          aria-label={`Choose ${label}`}
          className="flex h-8 items-center gap-1 rounded-md px-2.5 text-xs font-medium text-gray-800 ring-1 ring-gray-300 ring-inset hover:bg-gray-50"
        >
          <Iconify icon={type === 'icon' ? iconSmile : iconImage} className="size-3.5 text-gray-500" /> Choose
        </button>
      </div>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-xs text-red-700">
          {error}
        </p>
      )}
      {/* Outside the panel's form, so Enter in the picker's own inputs submits nothing of the item. */}
      {anchor &&
        type === 'icon' &&
        createPortal(
          <IconPicker value={value || null} onChange={onChange} onClose={() => setAnchor(null)} anchor={anchor} />,
          document.body,
        )}
      {anchor &&
        type !== 'icon' &&
        createPortal(
          <ImagePicker
            siteId={siteId}
            value={value || null}
            kind={kind}
            onChange={onChange}
            onClose={() => setAnchor(null)}
            anchor={anchor}
          />,
          document.body,
        )}
    </div>
  );
}

/**
 * A gallery value: a list of images, each shown as a thumbnail with a remove button; 'Add image'
 * opens the image picker and appends the chosen one (a name already in the list is not added twice).
 */
export function GalleryInput({
  label,
  values,
  onChange,
  error,
  siteId,
}: {
  label: string;
  values: readonly string[];
  onChange(next: string[]): void;
  error?: string;
  siteId: string;
}) {
  const id = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const files = useAssets((s) => (s.siteId === siteId ? s.files : null));
  const load = useAssets((s) => s.load);
  useEffect(() => {
    if (!files) void load(siteId);
  }, [files, load, siteId]);
  // An image just uploaded in the picker is not in the loaded library yet: read it again, once per name.
  const asked = useRef(new Set<string>());
  const unknown = values.filter((v) => !/^(\/|https?:)/.test(v) && !(files ?? []).some((f) => f.name === v)).join('\n');
  useEffect(() => {
    const name = unknown.split('\n').find((v) => v && !asked.current.has(v));
    if (!files || !name) return;
    asked.current.add(name);
    void load(siteId);
  }, [files, unknown, load, siteId]);
  const src = (name: string) => pictureOf(files, name);
  return (
    <div role="group" aria-labelledby={`${id}-label`}>
      <p id={`${id}-label`} className="mb-1 block text-xs font-medium text-gray-800">
        {label}
      </p>
      <ul className="flex flex-wrap gap-1.5" aria-label={`${label} images`}>
        {values.map((v) => (
          <li key={v} className="group relative size-16 overflow-hidden rounded-md bg-gray-100 ring-1 ring-gray-200" title={v}>
            {src(v) ? (
              <img src={src(v) ?? undefined} alt={v} className="size-full object-cover" loading="lazy" />
            ) : (
              <span className="flex size-full items-center justify-center p-1 text-center text-[10px] break-all text-gray-700">{v}</span>
            )}
            <button
              type="button"
              aria-label={`Remove ${v}`}
              onClick={() => onChange(values.filter((x) => x !== v))}
              className="absolute top-0.5 right-0.5 rounded bg-white/90 p-0.5 text-gray-700 shadow-sm hover:text-gray-900"
            >
              <Iconify icon={iconX} className="size-3" />
            </button>
          </li>
        ))}
        <li>
          <button
            type="button"
            onClick={(e) => setAnchor(e.currentTarget)}
            aria-label={`Add image to ${label}`}
            className={`flex size-16 flex-col items-center justify-center gap-0.5 rounded-md text-[11px] text-gray-600 ring-1 ring-gray-300 ring-inset hover:bg-gray-50 hover:text-gray-900 ${error ? 'ring-red-500' : ''}`}
          >
            <Iconify icon={iconImage} className="size-4" /> Add image
          </button>
        </li>
      </ul>
      {error && <p className="mt-1 text-xs text-red-700">{error}</p>}
      {anchor &&
        createPortal(
          <ImagePicker
            siteId={siteId}
            value={null}
            kind="image"
            onChange={(name) => !values.includes(name) && onChange([...values, name])}
            onClose={() => setAnchor(null)}
            anchor={anchor}
          />,
          document.body,
        )}
    </div>
  );
}
