import { useId, useState } from 'react';
import { createPortal } from 'react-dom';
import iconImage from '@iconify-icons/lucide/image';
import { ImagePicker } from '../../pickers/ImagePicker.tsx';
import { INPUT, INVALID } from '../../settings/form/controls.tsx';
import { Iconify } from '../../ui/Iconify.tsx';

/**
 * An image, SVG, video or file value: the asset's file name (or an image address), typed or chosen
 * with the image picker of web/src/pickers (Assets, Unsplash, Upload, URL; SVG and files from the
 * assets and uploads). The picker is a popup: Escape closes it before the panel.
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
          placeholder={placeholder ?? (kind === 'file' ? 'file.pdf' : 'photo.jpg')}
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
          <Iconify icon={iconImage} className="size-3.5 text-gray-500" /> Choose
        </button>
      </div>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-xs text-red-700">
          {error}
        </p>
      )}
      {/* Outside the panel's form, so Enter in the picker's own inputs submits nothing of the item. */}
      {anchor &&
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
