import iconEllipsis from '@iconify-icons/lucide/ellipsis';
import iconFile from '@iconify-icons/lucide/file';
import iconVideo from '@iconify-icons/lucide/video';
import { Iconify } from '../ui/Iconify.tsx';
import { TableHead } from '../ui/DataTable.tsx';
import { formatBytes, type SiteFile } from './files.ts';

export type OpenMenu = (file: SiteFile, at: { x: number; y: number }) => void;

const CHECKERS = 'bg-[conic-gradient(#f3f4f6_25%,#fff_0_50%,#f3f4f6_0_75%,#fff_0)] bg-[length:16px_16px]';

/** A file's picture: its preview for images and SVGs, an icon for videos and other files. */
function Thumb({ file, className, compact = false }: { file: SiteFile; className: string; compact?: boolean }) {
  if (file.kind === 'image' || file.kind === 'svg')
    return <img src={file.previewImage ?? file.url} alt="" loading="lazy" draggable={false} className={`${className} object-contain`} />;
  return (
    <span className={`${className} flex flex-col items-center justify-center gap-1 text-gray-500`}>
      <Iconify icon={file.kind === 'video' ? iconVideo : iconFile} className={compact ? 'size-4' : 'size-6'} />
      {!compact && <span className="text-[10px] font-semibold tracking-wide uppercase">{file.name.split('.').pop()}</span>}
    </span>
  );
}

const dimensions = (f: SiteFile) => (f.info.width && f.info.height ? `${f.info.width} × ${f.info.height}` : null);

function MoreButton({ file, onMenu }: { file: SiteFile; onMenu: OpenMenu }) {
  return (
    <button
      type="button"
      aria-label={`Actions for ${file.name}`}
      aria-haspopup="menu"
      onClick={(e) => {
        e.stopPropagation();
        const box = e.currentTarget.getBoundingClientRect();
        onMenu(file, { x: box.left, y: box.bottom + 4 });
      }}
      className="rounded-md p-1 text-gray-600 hover:bg-gray-100 hover:text-gray-900"
    >
      <Iconify icon={iconEllipsis} className="size-4" />
    </button>
  );
}

/** The grid view: tiles as wide as the slider says (80 to 420 px), filling the row. */
export function AssetGrid({
  files,
  width,
  selected,
  onMenu,
  onOpen,
}: {
  files: SiteFile[];
  width: number;
  selected: string | null;
  onMenu: OpenMenu;
  onOpen(file: SiteFile): void;
}) {
  const small = width < 130;
  return (
    <ul
      aria-label="Files"
      className="grid gap-3"
      style={{ gridTemplateColumns: `repeat(auto-fill, minmax(${width}px, 1fr))` }}
      data-testid="asset-grid"
    >
      {files.map((file) => (
        <li
          key={file.name}
          data-testid="asset"
          data-name={file.name}
          onContextMenu={(e) => {
            e.preventDefault();
            onMenu(file, { x: e.clientX, y: e.clientY });
          }}
          className={`group relative overflow-hidden rounded-lg bg-white ${selected === file.name ? 'ring-2 ring-brand-600' : 'ring-1 ring-gray-200 hover:ring-gray-300'}`}
        >
          <button
            type="button"
            aria-pressed={selected === file.name}
            onClick={() => onOpen(file)}
            className="block w-full text-left focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <span className={`block aspect-[4/3] w-full ${CHECKERS}`}>
              <Thumb file={file} className="size-full" compact={small} />
            </span>
            {!small && (
              <span className="block border-t border-gray-100 px-2 py-1.5">
                <span className="block truncate text-[12px] font-medium text-gray-900" title={file.name}>
                  {file.name}
                </span>
                <span className="block truncate text-[11px] text-gray-600 tabular-nums">
                  {[formatBytes(file.size), dimensions(file)].filter(Boolean).join(' · ')}
                </span>
              </span>
            )}
            <span className="sr-only">{small ? file.name : ''}</span>
          </button>
          {!file.used && (
            <span className="pointer-events-none absolute top-1.5 left-1.5 rounded bg-white/90 px-1.5 py-0.5 text-[10px] font-medium text-gray-700 shadow-xs ring-1 ring-gray-900/10">
              Not used
            </span>
          )}
          <span className="absolute top-1 right-1 rounded-md bg-white/90 opacity-0 shadow-xs ring-1 ring-gray-900/10 group-focus-within:opacity-100 group-hover:opacity-100">
            <MoreButton file={file} onMenu={onMenu} />
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The list view: one row per file with its type, size, dimensions, use and date. */
export function AssetList({
  files,
  selected,
  onMenu,
  onOpen,
}: {
  files: SiteFile[];
  selected: string | null;
  onMenu: OpenMenu;
  onOpen(file: SiteFile): void;
}) {
  return (
    <div className="overflow-hidden rounded-lg bg-white ring-1 ring-gray-200">
      <table className="w-full border-collapse text-left text-[13px]" aria-label="Files">
        <TableHead
          columns={[
            { label: 'Preview', hidden: true, className: 'w-14' },
            'Name',
            'Type',
            { label: 'Size', className: 'text-right' },
            'Dimensions',
            'Used',
            'Modified',
            { label: 'Actions', hidden: true, className: 'w-10' },
          ]}
        />
        <tbody>
          {files.map((file) => (
            <tr
              key={file.name}
              data-testid="asset"
              data-name={file.name}
              onClick={() => onOpen(file)}
              onContextMenu={(e) => {
                e.preventDefault();
                onMenu(file, { x: e.clientX, y: e.clientY });
              }}
              aria-selected={selected === file.name}
              className={`h-11 cursor-pointer border-b border-gray-100 last:border-b-0 ${selected === file.name ? 'bg-brand-50/70' : 'hover:bg-gray-50'}`}
            >
              <td className="px-3 py-1">
                <span className={`block size-9 overflow-hidden rounded ring-1 ring-gray-200 ${CHECKERS}`}>
                  <Thumb file={file} className="size-full" compact />
                </span>
              </td>
              <td className="max-w-0 truncate px-3 font-medium text-gray-900" title={file.name}>
                {file.name}
              </td>
              <td className="px-3 text-gray-700">{file.mime}</td>
              <td className="px-3 text-right text-gray-700 tabular-nums">{formatBytes(file.size)}</td>
              <td className="px-3 text-gray-700 tabular-nums">{dimensions(file) ?? '—'}</td>
              <td className="px-3 text-gray-700">{file.used ? 'Yes' : 'Not used'}</td>
              <td className="px-3 whitespace-nowrap text-gray-700">{new Date(file.modified).toLocaleDateString()}</td>
              <td className="px-3" onClick={(e) => e.stopPropagation()}>
                <MoreButton file={file} onMenu={onMenu} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
