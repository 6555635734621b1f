import iconExternal from '@iconify-icons/lucide/external-link';
import iconPencil from '@iconify-icons/lucide/pencil';
import iconTrash from '@iconify-icons/lucide/trash-2';
import { CopyButton } from '../settings/CopyButton.tsx';
import { SidePanel } from '../settings/SidePanel.tsx';
import { Button, buttonClass } from '../ui/Button.tsx';
import { Iconify } from '../ui/Iconify.tsx';
import { formatBytes, type SiteFile } from './files.ts';

/** A file's details beside the library (as Directus and Webflow show them): its picture, facts and actions. */
export function FileDetails({
  file,
  readOnly,
  onClose,
  onRename,
  onDelete,
}: {
  file: SiteFile;
  readOnly: boolean;
  onClose(): void;
  onRename(): void;
  onDelete(): void;
}) {
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
