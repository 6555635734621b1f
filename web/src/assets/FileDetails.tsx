import iconExternal from '@iconify-icons/lucide/external-link';
import iconPencil from '@iconify-icons/lucide/pencil';
import iconTrash from '@iconify-icons/lucide/trash-2';
import iconX from '@iconify-icons/lucide/x';
import iconReplace from '@iconify-icons/lucide/replace';
import { useRef, useState } from 'react';
import { CopyButton } from '../ui/CopyButton.tsx';
import { SidePanel } from '../ui/SidePanel.tsx';
import { Button, buttonClass } from '../ui/Button.tsx';
import { Iconify } from '../ui/Iconify.tsx';
import { formatBytes, type SiteFile } from './files.ts';
import { useAssets } from './store.ts';
import { useSubmit } from '../ui/useSubmit.ts';

/** A file's details beside the library (as Directus and Webflow show them): its picture, facts and actions. */
export function FileDetails({
  file,
  readOnly,
  onClose,
  onRename,
  onReplace,
  onDelete,
}: {
  file: SiteFile;
  readOnly: boolean;
  onClose(): void;
  onRename(): void;
  /** A new file's bytes in place of this one's, under this one's name (pages keep showing it). */
  onReplace(file: File): void;
  onDelete(): void;
}) {
  const picker = useRef<HTMLInputElement>(null);
  const address = new URL(file.url, window.location.origin).toString();
  const facts: [string, string][] = [
    ['Type', file.mime],
    ['Size', formatBytes(file.size)],
    ...(file.info.width && file.info.height ? [['Dimensions', `${file.info.width} × ${file.info.height} px`] as [string, string]] : []),
    ...(file.originalSize ? [['Original', formatBytes(file.originalSize)] as [string, string]] : []),
    ['Used on the site', file.used ? 'Yes' : 'Not used'],
    ['Uploaded', new Date(file.created).toLocaleString()],
  ];
  return (
    <SidePanel
      title={file.name}
      onClose={onClose}
      footer={
        !readOnly && (
          <>
            <Button variant="secondary" size="sm" onClick={onRename}>
              <Iconify icon={iconPencil} className="size-3.5" /> Rename
            </Button>
            <Button variant="secondary" size="sm" onClick={() => picker.current?.click()}>
              <Iconify icon={iconReplace} className="size-3.5" /> Replace
            </Button>
            <input
              ref={picker}
              type="file"
              hidden
              aria-label={`Replace ${file.name}`}
              accept={file.mime}
              onChange={(e) => {
                const picked = e.target.files?.[0];
                e.target.value = '';
                if (picked) onReplace(picked);
              }}
            />
            <Button variant="danger" size="sm" onClick={onDelete}>
              <Iconify icon={iconTrash} className="size-3.5" /> Delete
            </Button>
          </>
        )
      }
    >
      <div className="overflow-hidden rounded-lg bg-[conic-gradient(#f3f4f6_25%,#fff_0_50%,#f3f4f6_0_75%,#fff_0)] bg-[length:16px_16px] ring-1 ring-gray-200">
        {file.kind === 'image' || file.kind === 'svg' ? (
          <img src={file.previewImage ?? file.url} alt="" className="max-h-64 w-full object-contain" />
        ) : file.kind === 'video' ? (
          <video src={file.url} controls className="max-h-64 w-full" aria-label={`Video ${file.name}`} />
        ) : (
          <p className="px-4 py-10 text-center text-xs text-gray-600">No preview for this type</p>
        )}
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-[12px]">
        {facts.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="text-gray-600">{k}</dt>
            <dd className="truncate text-gray-900">{v}</dd>
          </div>
        ))}
      </dl>
      <FileTags file={file} readOnly={readOnly} />
      <div className="flex flex-wrap gap-2">
        <CopyButton text={address} label="Copy link" />
        {file.original && (
          <a href={file.original} target="_blank" rel="noreferrer" className={buttonClass('secondary', 'sm')}>
            <Iconify icon={iconExternal} className="size-3.5" /> Show original
          </a>
        )}
      </div>
    </SidePanel>
  );
}

/**
 * A file's tags (spec 002 §3 File `tags`): removed with their ×, added by typing one and pressing Enter
 * (or Add). Each change is saved at once; the server's answer (trimmed, once each) is what shows.
 */
function FileTags({ file, readOnly }: { file: SiteFile; readOnly: boolean }) {
  const setTags = useAssets((s) => s.setTags);
  const [draft, setDraft] = useState('');
  const { busy, errors, submit } = useSubmit();
  const error = errors.get('form');
  async function save(tags: string[]) {
    const outcome = await submit(() => setTags(file.name, tags), 'form');
    return !outcome.error;
  }
  async function add() {
    const tag = draft.trim();
    if (!tag) return;
    if (await save([...file.tags, tag])) setDraft('');
  }
  return (
    <section aria-label="Tags" className="space-y-1.5">
      <h3 className="text-[12px] font-medium text-gray-800">Tags</h3>
      <ul className="flex flex-wrap gap-1.5" aria-label={`Tags of ${file.name}`}>
        {file.tags.length === 0 && <li className="text-[12px] text-gray-500">No tags yet</li>}
        {file.tags.map((tag) => (
          <li
            key={tag}
            className="flex h-6 items-center gap-1 rounded-full bg-gray-100 pr-1 pl-2.5 text-[12px] text-gray-800 ring-1 ring-gray-200"
          >
            {tag}
            {!readOnly && (
              <button
                type="button"
                aria-label={`Remove tag ${tag}`}
                disabled={busy}
                onClick={() => void save(file.tags.filter((t) => t !== tag))}
                className="rounded-full p-0.5 text-gray-500 hover:bg-gray-200 hover:text-gray-900"
              >
                <Iconify icon={iconX} className="size-3" />
              </button>
            )}
          </li>
        ))}
      </ul>
      {!readOnly && (
        <form
          className="flex gap-1.5"
          onSubmit={(e) => {
            e.preventDefault();
            void add();
          }}
        >
          <input
            aria-label="Add tag"
            placeholder="Add tag…"
            value={draft}
            maxLength={40}
            onChange={(e) => setDraft(e.target.value)}
            className="h-7 min-w-0 flex-1 rounded-md border-0 px-2 text-[12px] ring-1 ring-gray-300 ring-inset focus:ring-2 focus:ring-brand-600"
          />
          <Button type="submit" variant="secondary" size="sm" busy={busy} disabled={!draft.trim()}>
            Add
          </Button>
        </form>
      )}
      {error && (
        <p role="alert" className="text-[12px] text-red-700">
          {error}
        </p>
      )}
    </section>
  );
}
