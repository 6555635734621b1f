import { useEffect, useId, useRef, useState } from 'react';
import iconImage from '@iconify-icons/lucide/image';
import iconUpload from '@iconify-icons/lucide/upload';
import iconX from '@iconify-icons/lucide/x';
import { errorText } from '../../lib/format.ts';
import { Button } from '../../ui/Button.tsx';
import { Iconify } from '../../ui/Iconify.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { useSettings } from '../store/index.ts';
import type { SiteFile } from '../store/assets.ts';
import { Row } from '../../ui/form/controls.tsx';
import { useSetting } from './context.ts';

export type AssetKind = 'share' | 'favicon' | 'icon';

/** Spec 002 §9: meta image 1200x630; favicon an SVG or a 32x32 PNG. */
const SHARE_SIZE = { width: 1200, height: 630 };
const FAVICON_SIZE = 32;

/** Why a file cannot be this setting's picture, or null when it can. */
function assetProblem(kind: AssetKind, file: Pick<SiteFile, 'kind' | 'mime' | 'info'>): string | null {
  if (kind !== 'favicon') return null;
  if (file.kind === 'svg') return null;
  if (file.mime === 'image/png' && file.info.width === FAVICON_SIZE && file.info.height === FAVICON_SIZE) return null;
  return 'A favicon is an SVG or a 32×32 PNG';
}

/** A hint about a usable picture that is not the recommended size. */
function assetHint(kind: AssetKind, file: Pick<SiteFile, 'info'> | undefined): string | null {
  if (kind !== 'share' || !file?.info.width) return null;
  const { width, height } = file.info;
  return width === SHARE_SIZE.width && height === SHARE_SIZE.height
    ? null
    : `This image is ${width}×${height}; share images show best at 1200×630.`;
}

/** Where a setting's picture is served: an address as it is, an asset by its name. */
export function useAssetUrl(value: unknown): string | null {
  const files = useSettings((s) => s.files);
  if (typeof value !== 'string' || !value) return null;
  if (/^https?:\/\//i.test(value)) return value;
  return files?.find((f) => f.name === value)?.url ?? null;
}

/** A picture setting: its preview, Choose (the site's images, or an upload) and Remove. */
export function AssetSetting({ path, label, help, kind }: { path: string; label: string; help: string; kind: AssetKind }) {
  const id = useId();
  const s = useSetting(path);
  const files = useSettings((st) => st.files);
  const loadFiles = useSettings((st) => st.loadFiles);
  const [picking, setPicking] = useState(false);
  const value = typeof s.value === 'string' ? s.value : '';
  const url = useAssetUrl(value);
  const file = files?.find((f) => f.name === value);
  const hint = assetHint(kind, file);

  useEffect(() => {
    if (files === null) void loadFiles();
  }, [files, loadFiles]);

  const frame = kind === 'share' ? 'aspect-[1200/630] w-44' : 'size-12';
  return (
    <Row id={id} label={label} help={hint ?? help} error={s.error} changed={s.changed} control={false}>
      <div className="flex items-center gap-3">
        <div
          className={`flex ${frame} shrink-0 items-center justify-center overflow-hidden rounded-md bg-gray-100 ring-1 ring-gray-200 ring-inset`}
        >
          {url ? (
            <img src={url} alt={`${label} preview`} className={kind === 'share' ? 'size-full object-cover' : 'size-8 object-contain'} />
          ) : (
            <Iconify icon={iconImage} className="size-5 text-gray-400" />
          )}
        </div>
        <div className="min-w-0">
          <p className={`truncate text-xs ${value ? 'text-gray-800' : 'text-gray-600'}`}>{value || 'No image chosen'}</p>
          <div className="mt-1.5 flex gap-1.5">
            <Button
              variant="secondary"
              size="sm"
              className="h-7 px-2.5 text-xs"
              disabled={s.form.readOnly}
              onClick={() => setPicking(true)}
              aria-describedby={s.error || help ? `${id}-message` : undefined}
            >
              Choose {label.toLowerCase()}
            </Button>
            {value && (
              <Button
                variant="ghost"
                size="sm"
                className="h-7 px-2 text-xs"
                disabled={s.form.readOnly}
                onClick={() => s.set('')}
                aria-label={`Remove ${label.toLowerCase()}`}
              >
                <Iconify icon={iconX} className="size-3.5" /> Remove
              </Button>
            )}
          </div>
        </div>
      </div>
      {picking && (
        <AssetPicker
          title={`Choose ${label.toLowerCase()}`}
          kind={kind}
          current={value}
          onClose={() => setPicking(false)}
          onPick={(name) => {
            s.set(name);
            setPicking(false);
          }}
        />
      )}
    </Row>
  );
}

function AssetPicker({
  title,
  kind,
  current,
  onClose,
  onPick,
}: {
  title: string;
  kind: AssetKind;
  current: string;
  onClose(): void;
  onPick(name: string): void;
}) {
  const files = useSettings((s) => s.files);
  const upload = useSettings((s) => s.uploadFile);
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const shown = (files ?? []).filter((f) =>
    kind === 'favicon' ? f.kind === 'svg' || f.mime === 'image/png' : f.kind === 'image' || f.kind === 'svg',
  );

  async function onFile(file: File | undefined) {
    if (!file) return;
    setBusy(true);
    setProblem(null);
    const { data, error } = await upload(file);
    setBusy(false);
    if (error) return setProblem(errorText(error));
    const stored = data[0];
    if (!stored) return;
    const why = assetProblem(kind, stored);
    if (why) setProblem(why);
    else onPick(stored.name);
  }

  return (
    <Modal
      title={title}
      description={
        kind === 'favicon'
          ? 'An SVG, or a PNG of 32×32 pixels.'
          : kind === 'share'
            ? 'Shown when the page is shared: 1200×630 pixels.'
            : 'An image of the site.'
      }
      onClose={onClose}
      size="lg"
      footer={
        <>
          <input
            ref={input}
            type="file"
            accept={kind === 'favicon' ? 'image/svg+xml,image/png' : 'image/*'}
            className="hidden"
            aria-label="Upload a file"
            onChange={(e) => void onFile(e.target.files?.[0])}
          />
          <Button variant="secondary" size="sm" busy={busy} onClick={() => input.current?.click()}>
            <Iconify icon={iconUpload} className="size-4" /> Upload
          </Button>
          <Button variant="ghost" size="sm" onClick={onClose}>
            Cancel
          </Button>
        </>
      }
    >
      {problem && (
        <p role="alert" className="mb-3 rounded-md bg-red-50 px-3 py-2 text-xs text-red-800 ring-1 ring-red-200 ring-inset">
          {problem}
        </p>
      )}
      {files === null ? (
        <div className="grid grid-cols-4 gap-2" aria-busy="true">
          {Array.from({ length: 8 }, (_, i) => (
            <div key={i} className="aspect-square animate-pulse rounded-md bg-gray-100" />
          ))}
        </div>
      ) : shown.length === 0 ? (
        <p className="rounded-md bg-gray-50 px-3 py-8 text-center text-xs text-gray-600">No images yet. Upload one.</p>
      ) : (
        <ul className="grid max-h-80 grid-cols-4 gap-2 overflow-y-auto p-0.5" aria-label="Images">
          {shown.map((f) => {
            const why = assetProblem(kind, f);
            return (
              <li key={f.name}>
                <button
                  type="button"
                  disabled={Boolean(why)}
                  title={why ?? f.name}
                  aria-pressed={f.name === current}
                  onClick={() => onPick(f.name)}
                  className={`group flex w-full flex-col overflow-hidden rounded-md text-left ring-1 ring-inset disabled:cursor-not-allowed disabled:opacity-40 ${f.name === current ? 'ring-2 ring-brand-600' : 'ring-gray-200 hover:ring-gray-400'}`}
                >
                  <span className="flex aspect-square items-center justify-center bg-gray-50 p-1.5">
                    <img src={f.previewImage ?? f.url} alt="" className="max-h-full max-w-full object-contain" loading="lazy" />
                  </span>
                  <span className="truncate border-t border-gray-100 px-1.5 py-1 text-[11px] text-gray-700">{f.name}</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </Modal>
  );
}
