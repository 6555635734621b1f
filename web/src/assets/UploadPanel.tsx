import iconCheck from '@iconify-icons/lucide/check';
import iconCircleAlert from '@iconify-icons/lucide/circle-alert';
import iconCloudUpload from '@iconify-icons/lucide/cloud-upload';
import { useRef } from 'react';
import { SidePanel } from '../ui/SidePanel.tsx';
import { Button } from '../ui/Button.tsx';
import { Checkbox } from '../ui/Field.tsx';
import { Iconify } from '../ui/Iconify.tsx';
import { Notice } from '../ui/Layout.tsx';
import { ACCEPT, formatBytes } from './files.ts';
import { useAssets, type Upload } from './store.ts';

/**
 * The upload panel (spec 002 §2): open while the route's upload parameter is set. Files are picked or
 * dropped; each shows its own progress; the spec's messages are said as they are; it explains that
 * images are resized automatically.
 */
export function UploadPanel({ owner, onClose }: { owner: boolean; onClose(): void }) {
  const input = useRef<HTMLInputElement>(null);
  const uploads = useAssets((s) => s.uploads);
  const held = useAssets((s) => s.held);
  const problems = useAssets((s) => s.problems);
  const overwrite = useAssets((s) => s.overwrite);
  const addFiles = useAssets((s) => s.addFiles);
  const setOverwrite = useAssets((s) => s.setOverwrite);
  const sendHeld = useAssets((s) => s.sendHeld);

  const add = (files: FileList | null) => {
    if (files?.length) addFiles([...files], owner);
  };

  return (
    <SidePanel title="Upload files" onClose={onClose}>
      <div
        onDragOver={(e) => e.preventDefault()}
        onDrop={(e) => {
          e.preventDefault();
          e.stopPropagation();
          add(e.dataTransfer.files);
        }}
        className="flex flex-col items-center rounded-lg border border-dashed border-gray-300 bg-gray-50 px-4 py-6 text-center"
        data-testid="upload-drop"
      >
        <Iconify icon={iconCloudUpload} className="size-7 text-gray-500" />
        <p className="mt-2 text-[13px] font-medium text-gray-900">Drag files here</p>
        <p className="text-xs text-gray-600">or</p>
        <Button variant="secondary" size="sm" className="mt-2" onClick={() => input.current?.click()}>
          Choose files
        </Button>
        <input
          ref={input}
          type="file"
          multiple
          accept={ACCEPT}
          className="sr-only"
          tabIndex={-1}
          aria-label="Choose files"
          data-testid="upload-input"
          onChange={(e) => {
            add(e.target.files);
            e.target.value = '';
          }}
        />
      </div>
      <p className="text-xs leading-5 text-gray-600">
        Images are resized automatically: an image wider than 2560 px is scaled down for the site and its original is kept. Each file may be
        at most 2 MB: images (JPEG, PNG, GIF, WebP), SVG, videos (MP4, Ogg) and files (PDF, CSV, text, HTML, vCard).
      </p>
      {problems.length > 0 && (
        <Notice tone="error" role="alert">
          <ul className="space-y-1">
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </Notice>
      )}
      {held.length > 0 && (
        <div className="space-y-3 rounded-lg bg-amber-50 p-3 ring-1 ring-amber-200">
          <p className="text-xs text-amber-900">Already in the library: {held.map((f) => f.name).join(', ')}</p>
          <Checkbox label="Overwrite" checked={overwrite} onChange={(e) => setOverwrite(e.target.checked)} />
          <Button size="sm" disabled={!overwrite} onClick={() => sendHeld(owner)}>
            Upload and overwrite
          </Button>
        </div>
      )}
      {uploads.length > 0 && (
        <ul aria-label="Uploads" className="divide-y divide-gray-100 rounded-lg ring-1 ring-gray-200">
          {uploads.map((u) => (
            <UploadRow key={u.id} upload={u} />
          ))}
        </ul>
      )}
    </SidePanel>
  );
}

function UploadRow({ upload }: { upload: Upload }) {
  const percent = upload.size ? Math.round((upload.sent / upload.size) * 100) : 0;
  return (
    <li className="px-3 py-2" data-testid="upload" data-status={upload.status}>
      <div className="flex items-center gap-2 text-[12px]">
        <span className="min-w-0 flex-1 truncate font-medium text-gray-900" title={upload.name}>
          {upload.name}
        </span>
        <span className="text-gray-600 tabular-nums">{formatBytes(upload.size)}</span>
        {upload.status === 'done' && <Iconify icon={iconCheck} className="size-3.5 text-emerald-600" title="Uploaded" />}
        {upload.status === 'failed' && <Iconify icon={iconCircleAlert} className="size-3.5 text-red-600" title="Not uploaded" />}
      </div>
      {upload.status === 'failed' ? (
        <p className="mt-1 text-[11px] text-red-700">{upload.error}</p>
      ) : (
        <div
          role="progressbar"
          aria-label={`Upload of ${upload.name}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="mt-1.5 h-1 overflow-hidden rounded-full bg-gray-100"
        >
          <div
            className={`h-full rounded-full transition-[width] ${upload.status === 'done' ? 'bg-emerald-500' : 'bg-brand-600'}`}
            style={{ width: `${percent}%` }}
          />
        </div>
      )}
    </li>
  );
}
