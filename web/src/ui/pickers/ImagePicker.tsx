import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { Schemas } from '@pagewright/sdk';
import iconUpload from '@iconify-icons/lucide/upload';
import iconSearch from '@iconify-icons/lucide/search';
import { api } from '../../lib/api.ts';
import { useInstance } from '../../lib/store/instance.ts';
import { Iconify } from '../Iconify.tsx';
import { PopupFrame } from '../popup/PopupFrame.tsx';
import {
  acceptFor,
  filenameFromUrl,
  initialTab,
  searchPlan,
  stockPhoto,
  stockPreview,
  tabsFor,
  uploadProblem,
  type ImageKind,
  type ImageTab,
} from './imageRules.ts';
import { buttonClass, fieldClass, FieldError, primaryButtonClass, TabPanel, Tabs } from './ui.tsx';
import { useSubmit } from '../useSubmit.ts';

type SiteFile = Schemas['File'];

const TAB_LABELS: Record<ImageTab, string> = { assets: 'Assets', unsplash: 'Unsplash', upload: 'Upload', url: 'URL' };

export interface ImagePickerProps {
  siteId: string;
  /** The current image: an asset's name, or an image address (stock photo or any URL). */
  value: string | null;
  /** `svg` is 'Select SVG' (Assets and Upload only, SVG files only). */
  kind?: ImageKind;
  /** The chosen image: an asset's name, or the address of a stock photo / an image URL not imported. */
  onChange(value: string): void;
  onClose(): void;
  anchor?: HTMLElement | null;
}

/** The site's files of one type, loaded once per picker; the storage use comes along. */
function useSiteFiles(siteId: string, type: 'images' | 'svgs' | 'files' | null) {
  const [files, setFiles] = useState<SiteFile[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void api.GET('/sites/{siteId}/files', { params: { path: { siteId }, query: type ? { type } : {} } }).then(({ data, error: failed }) => {
      if (!live) return;
      if (data) setFiles(data.files);
      else setError(failed?.error ?? 'The files could not be loaded');
    });
    return () => {
      live = false;
    };
  }, [siteId, type]);
  return { files, error, add: (file: SiteFile) => setFiles((list) => [file, ...(list ?? []).filter((f) => f.name !== file.name)]) };
}

/** Stock photos for a search of 3 or more characters; a server without Unsplash says so in its words. */
function useStockPhotos(search: string | null) {
  const [state, setState] = useState<{ for: string; photos: string[]; error: string | null } | null>(null);
  useEffect(() => {
    if (!search) return;
    let live = true;
    const timer = window.setTimeout(() => {
      void api.GET('/assets/unsplash', { params: { query: { search } } }).then(({ data, error }) => {
        if (live) setState({ for: search, photos: data ?? [], error: data ? null : (error?.error ?? 'Unsplash could not be reached') });
      });
    }, 300);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [search]);
  return search && state?.for === search ? state : null;
}

/**
 * The image picker 'Select image' / 'Select SVG' of spec 001 §2 with the rules of §4: tabs Assets,
 * Unsplash, Upload and URL (SVG: Assets and Upload); the initial tab from the value; search under
 * 3 characters filters the site's assets, 3 or more also searches Unsplash, a single short match is
 * chosen; an upload chooses the uploaded file and closes.
 */
export function ImagePicker({ siteId, value, kind = 'image', onChange, onClose, anchor }: ImagePickerProps) {
  // The Unsplash tab and stock search only when the server has stock photos configured (issue 28).
  const stockConfigured = useInstance()?.stockPhotos === true;
  const [tab, setTab] = useState<ImageTab>(() => initialTab(value, kind, stockConfigured));
  const ids = useId();
  const files = useSiteFiles(siteId, kind === 'svg' ? 'svgs' : kind === 'image' ? 'images' : null);
  const pick = (v: string) => {
    onChange(v);
    onClose();
  };
  return (
    <PopupFrame
      title={kind === 'svg' ? 'Select SVG' : kind === 'file' ? 'Select file' : 'Select image'}
      onClose={onClose}
      anchor={anchor}
      width={480}
      height={520}
      resizable
      testId="image-picker"
    >
      <Tabs
        label={kind === 'file' ? 'File source' : 'Image source'}
        tabs={tabsFor(kind, stockConfigured).map((t) => ({ value: t, label: TAB_LABELS[t] }))}
        value={tab}
        onChange={(t: ImageTab) => setTab(t)}
        idPrefix={ids}
      />
      <TabPanel idPrefix={ids} value={tab} className="overflow-auto p-3">
        {tab === 'assets' && <AssetsTab kind={kind} value={value} files={files.files} error={files.error} onPick={pick} />}
        {tab === 'unsplash' && <UnsplashTab value={value} onPick={pick} />}
        {tab === 'upload' && (
          <UploadTab
            siteId={siteId}
            kind={kind}
            existing={new Set((files.files ?? []).map((f) => f.name))}
            onUploaded={(file) => {
              files.add(file);
              pick(file.name);
            }}
          />
        )}
        {tab === 'url' && <UrlTab siteId={siteId} value={value} onPick={pick} onCancel={onClose} onImported={(file) => files.add(file)} />}
      </TabPanel>
    </PopupFrame>
  );
}

function SearchBox({ label, value, onChange, onEnter }: { label: string; value: string; onChange(v: string): void; onEnter?(): void }) {
  return (
    <div className="relative">
      <Iconify icon={iconSearch} className="pointer-events-none absolute top-1.5 left-2 size-4 text-gray-500" />
      <input
        type="search"
        aria-label={label}
        placeholder={label}
        value={value}
        data-autofocus
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && onEnter) {
            e.preventDefault();
            onEnter();
          }
        }}
        className={`${fieldClass} pl-7`}
      />
    </div>
  );
}

function AssetsTab({
  kind,
  value,
  files,
  error,
  onPick,
}: {
  kind: ImageKind;
  value: string | null;
  files: SiteFile[] | null;
  error: string | null;
  onPick(v: string): void;
}) {
  const [search, setSearch] = useState('');
  const [placeholders, setPlaceholders] = useState(false);
  const shown = useMemo(() => (files ?? []).filter((f) => placeholders || !f.placeholder), [files, placeholders]);
  const plan = searchPlan(search, shown, kind, useInstance()?.stockPhotos === true);
  const stock = useStockPhotos(plan.stock);
  const selected = plan.chosen?.name ?? value;
  return (
    <div className="flex flex-col gap-2">
      <SearchBox
        label={kind === 'file' ? 'Search files' : 'Search images'}
        value={search}
        onChange={setSearch}
        onEnter={() => plan.chosen && onPick(plan.chosen.name)}
      />
      <label className="flex items-center gap-2 text-[12px] text-gray-700">
        <input
          type="checkbox"
          checked={placeholders}
          onChange={(e) => setPlaceholders(e.target.checked)}
          className="size-3.5 accent-brand-600"
        />
        Show placeholders
      </label>
      {error && <FieldError error={error} />}
      {files === null && !error && <div aria-hidden="true" className="h-24 animate-pulse rounded bg-gray-100" />}
      {files !== null && plan.matches.length === 0 && (
        <p className="py-4 text-center text-[12px] text-gray-600">{kind === 'file' ? 'No files' : 'No images'}</p>
      )}
      <ul role="listbox" aria-label={kind === 'file' ? 'Site files' : 'Site images'} className="grid grid-cols-3 gap-1.5">
        {plan.matches.map((f) => (
          <li key={f.name} role="none" className="min-w-0">
            <button
              type="button"
              role="option"
              aria-selected={f.name === selected}
              onClick={() => onPick(f.name)}
              title={f.name}
              className={`flex w-full flex-col overflow-hidden rounded border text-left hover:border-brand-400 ${f.name === selected ? 'border-brand-600 ring-2 ring-brand-500' : 'border-gray-200'}`}
            >
              {f.kind === 'image' || f.kind === 'svg' ? (
                <img src={f.previewImage ?? f.url} alt="" loading="lazy" className="aspect-[4/3] w-full bg-gray-100 object-cover" />
              ) : (
                <span
                  aria-hidden="true"
                  className="flex aspect-[4/3] w-full items-center justify-center bg-gray-100 font-mono text-[11px] text-gray-600 uppercase"
                >
                  {f.name.split('.').pop()}
                </span>
              )}
              <span className="truncate px-1 py-0.5 text-[11px] text-gray-700">{f.name}</span>
            </button>
          </li>
        ))}
      </ul>
      {plan.stock && (
        <section aria-label="Unsplash results" className="flex flex-col gap-1.5">
          <h3 className="text-[11px] font-semibold tracking-wide text-gray-500 uppercase">Unsplash</h3>
          <StockGrid state={stock} value={value} onPick={onPick} />
        </section>
      )}
    </div>
  );
}

function StockGrid({
  state,
  value,
  onPick,
}: {
  state: { photos: string[]; error: string | null } | null;
  value: string | null;
  onPick(v: string): void;
}) {
  if (!state) return <div aria-hidden="true" className="h-24 animate-pulse rounded bg-gray-100" />;
  if (state.error) return <FieldError error={state.error} />;
  if (state.photos.length === 0) return <p className="py-4 text-center text-[12px] text-gray-600">No photos found</p>;
  return (
    <ul role="listbox" aria-label="Unsplash photos" className="grid grid-cols-2 gap-2">
      {state.photos.map((url) => {
        const photo = stockPhoto(url);
        return (
          <li key={url} role="none">
            <button
              type="button"
              role="option"
              aria-selected={url === value}
              onClick={() => onPick(url)}
              title={photo.name}
              className={`flex w-full flex-col overflow-hidden rounded border text-left hover:border-brand-400 ${url === value ? 'border-brand-600 ring-2 ring-brand-500' : 'border-gray-200'}`}
            >
              <img
                src={stockPreview(url)}
                alt={photo.name}
                width={144}
                loading="lazy"
                className="aspect-[3/2] w-full object-cover"
                style={{ background: photo.color || '#e5e7eb' }}
              />
              <span className="truncate px-1 py-0.5 text-[11px] text-gray-700">Photo by {photo.user} on Unsplash</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

function UnsplashTab({ value, onPick }: { value: string | null; onPick(v: string): void }) {
  const [search, setSearch] = useState(() => (value ? stockPhoto(value).name : ''));
  const q = search.trim();
  const stock = useStockPhotos(q.length >= 3 ? q : null);
  return (
    <div className="flex flex-col gap-2">
      <SearchBox label="Search Unsplash" value={search} onChange={setSearch} />
      {q.length < 3 ? (
        <p className="py-4 text-center text-[12px] text-gray-600">Type at least 3 characters to search photos</p>
      ) : (
        <StockGrid state={stock} value={value} onPick={onPick} />
      )}
    </div>
  );
}

function UploadTab({
  siteId,
  kind,
  existing,
  onUploaded,
}: {
  siteId: string;
  kind: ImageKind;
  existing: ReadonlySet<string>;
  onUploaded(file: SiteFile): void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [overwrite, setOverwrite] = useState(false);
  const [dragging, setDragging] = useState(false);
  const { busy, errors, fail, clear, submit } = useSubmit();
  const error = errors.get('form') ?? null;
  const showProblem = (problem: string | null) => (problem ? fail('form', problem) : clear());
  const input = useRef<HTMLInputElement>(null);
  const choose = (f: File | undefined) => {
    if (!f) return;
    setFile(f);
    showProblem(uploadProblem(f, kind, existing, overwrite));
  };
  const upload = async () => {
    if (!file) return;
    const problem = uploadProblem(file, kind, existing, overwrite);
    if (problem) return fail('form', problem);
    const form = new FormData();
    form.append('file0', file, file.name);
    if (overwrite) form.append('overwrite', 'true');
    // The typed body names the file; the FormData carries its bytes.
    const { data } = await submit(
      () =>
        api.POST('/sites/{siteId}/files', {
          params: { path: { siteId } },
          body: { file0: file.name, ...(overwrite ? { overwrite: 'true' as const } : {}) },
          bodySerializer: () => form,
        }),
      'form',
    );
    if (data?.[0]) onUploaded(data[0]);
  };
  return (
    <div className="flex flex-col gap-2.5">
      <button
        type="button"
        aria-describedby="image-upload-error"
        onClick={() => input.current?.click()}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(e) => {
          e.preventDefault();
          setDragging(false);
          choose(e.dataTransfer.files[0]);
        }}
        className={`flex h-32 flex-col items-center justify-center gap-1.5 rounded-lg border-2 border-dashed text-[12px] ${dragging ? 'border-brand-500 bg-brand-50 text-brand-800' : 'border-gray-300 text-gray-700 hover:border-gray-400'}`}
      >
        <Iconify icon={iconUpload} className="size-5" />
        {dragging ? 'DROP HERE' : file ? file.name : 'Click to select files'}
      </button>
      <input
        ref={input}
        type="file"
        aria-label="File to upload"
        accept={acceptFor(kind)}
        className="sr-only"
        tabIndex={-1}
        onChange={(e) => choose(e.target.files?.[0])}
      />
      {kind === 'image' && (
        <div className="rounded bg-gray-50 px-2 py-1.5 text-[11.5px] text-gray-700">
          <p className="font-medium text-gray-900">Image resolutions</p>
          <p>Upload a high-resolution image: it is resized and cropped automatically for every screen.</p>
        </div>
      )}
      <label className="flex items-center gap-2 text-[12px] text-gray-700">
        <input
          type="checkbox"
          checked={overwrite}
          onChange={(e) => {
            setOverwrite(e.target.checked);
            if (file) showProblem(uploadProblem(file, kind, existing, e.target.checked));
          }}
          className="size-3.5 accent-brand-600"
        />
        Overwrite existing file
      </label>
      <FieldError id="image-upload-error" error={error} />
      <button type="button" disabled={!file || busy || !!error} onClick={() => void upload()} className={primaryButtonClass}>
        {busy ? 'Uploading…' : 'Upload'}
      </button>
    </div>
  );
}

function UrlTab({
  siteId,
  value,
  onPick,
  onCancel,
  onImported,
}: {
  siteId: string;
  value: string | null;
  onPick(v: string): void;
  onCancel(): void;
  onImported(file: SiteFile): void;
}) {
  const [url, setUrl] = useState(value && /^https?:\/\//.test(value) ? value : '');
  const [doImport, setDoImport] = useState(false);
  const [filename, setFilename] = useState('');
  const { busy, errors, fail, clear, submit } = useSubmit();
  const error = errors.get('form') ?? null;
  const valid = /^https?:\/\/[^\s]+$/i.test(url.trim());
  const pickUrl = async () => {
    if (!valid) return fail('form', 'Enter an image address starting with https://');
    if (!doImport) return onPick(url.trim());
    const name = filename.trim() || filenameFromUrl(url);
    const { data } = await submit(
      () =>
        api.POST('/sites/{siteId}/files/import', {
          params: { path: { siteId } },
          body: { url: url.trim(), ...(name ? { filename: name } : {}) },
        }),
      'form',
    );
    if (data) {
      onImported(data);
      onPick(data.name);
    }
  };
  return (
    <div className="flex flex-col gap-2.5">
      <label className="flex flex-col gap-1 text-[12px] text-gray-700">
        Image URL
        <input
          aria-label="Image URL"
          value={url}
          placeholder="https://"
          aria-invalid={error ? true : undefined}
          aria-describedby="image-url-error"
          onChange={(e) => {
            setUrl(e.target.value);
            clear();
          }}
          className={fieldClass}
        />
      </label>
      <fieldset className="flex items-center gap-3 text-[12px] text-gray-700">
        <legend className="float-left mr-2">Import</legend>
        {(['No', 'Yes'] as const).map((label) => (
          <label key={label} className="flex items-center gap-1">
            <input
              type="radio"
              name="image-url-import"
              checked={doImport === (label === 'Yes')}
              onChange={() => setDoImport(label === 'Yes')}
              className="accent-brand-600"
            />
            {label}
          </label>
        ))}
      </fieldset>
      {doImport && (
        <>
          <label className="flex flex-col gap-1 text-[12px] text-gray-700">
            Filename
            <input
              aria-label="Filename"
              value={filename}
              placeholder={filenameFromUrl(url)}
              onChange={(e) => setFilename(e.target.value)}
              className={fieldClass}
            />
          </label>
          <p role="note" className="rounded border border-amber-200 bg-amber-50 px-2 py-1.5 text-[11.5px] text-amber-900">
            Import only images you have the right to use. Copyright belongs to the image's owner: an imported copy is stored and published
            with your site.
          </p>
        </>
      )}
      <FieldError id="image-url-error" error={error} />
      <div className="flex justify-end gap-2">
        <button type="button" onClick={onCancel} className={buttonClass}>
          Cancel
        </button>
        <button type="button" disabled={busy} onClick={() => void pickUrl()} className={primaryButtonClass}>
          {doImport ? (busy ? 'Importing…' : 'Import to assets') : 'Use image'}
        </button>
      </div>
    </div>
  );
}

/** The files popup of spec 001 §2: tabs Assets and Upload, any file of the library. */
export function FilesPopup(props: Omit<ImagePickerProps, 'kind'>) {
  return <ImagePicker {...props} kind="file" />;
}
