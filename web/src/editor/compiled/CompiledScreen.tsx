import { useEffect, useMemo, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import type { IconifyIcon } from '@iconify/types';
import iconChevronDown from '@iconify-icons/lucide/chevron-down';
import iconChevronRight from '@iconify-icons/lucide/chevron-right';
import iconFile from '@iconify-icons/lucide/file';
import iconFileCode from '@iconify-icons/lucide/file-code';
import iconFileImage from '@iconify-icons/lucide/file-image';
import iconFileText from '@iconify-icons/lucide/file-text';
import iconFolder from '@iconify-icons/lucide/folder';
import iconFolderOpen from '@iconify-icons/lucide/folder-open';
import iconPackage from '@iconify-icons/lucide/package';
import iconRefresh from '@iconify-icons/lucide/refresh-cw';
import { api } from '../../lib/api.ts';
import { useStore } from '../../lib/store/index.ts';
import { Iconify } from '../../ui/Iconify.tsx';
import { FileViewer } from './FileViewer.tsx';
import { defaultFile, fileKind, folderTree, formatSize, type CompiledFile, type FileKind, type FolderNode } from './files.ts';
import { useViewLink } from './useViewLink.ts';

const KIND_ICONS: Record<FileKind, IconifyIcon> = {
  html: iconFileCode,
  xml: iconFileCode,
  css: iconFileCode,
  js: iconFileCode,
  json: iconFileCode,
  text: iconFileText,
  image: iconFileImage,
  other: iconFile,
};

/**
 * The compiled screen (spec 001 §2 "compiled"): the files a publish writes (index.html per page,
 * sitemap.xml, robots.txt, styles, image and language folders) as a folder tree with sizes; choosing
 * one shows it beside the list, text as text and images as images.
 */
export default function CompiledScreen() {
  const { siteId = '' } = useParams();
  const showError = useStore((s) => s.showError);
  // Each round asks the server to compile and list again (the refresh button starts the next one).
  const [round, setRound] = useState(0);
  const [answer, setAnswer] = useState<{ round: number; files: CompiledFile[] } | null>(null);
  const [search, setSearch] = useSearchParams();
  const [closed, setClosed] = useState<Set<string>>(new Set());
  const view = useViewLink(siteId);

  useEffect(() => {
    let live = true;
    void api.GET('/sites/{siteId}/compiled', { params: { path: { siteId } } }).then(({ data, error }) => {
      if (!live) return;
      if (error) showError(error);
      setAnswer((previous) => ({ round, files: data?.files ?? previous?.files ?? [] }));
    });
    return () => {
      live = false;
    };
  }, [siteId, round, showError]);

  const files = answer?.files ?? null;
  const loading = answer?.round !== round;
  const tree = useMemo(() => (files ? folderTree(files) : null), [files]);
  const wanted = search.get('file');
  const selected = files?.find((f) => f.path === wanted) ?? null;
  const shown = selected ?? (files && wanted === null ? (files.find((f) => f.path === defaultFile(files)) ?? null) : null);

  const choose = (path: string) =>
    setSearch(
      (params) => {
        params.set('file', path);
        return params;
      },
      { replace: true },
    );
  const toggle = (path: string) =>
    setClosed((now) => {
      const next = new Set(now);
      if (next.has(path)) next.delete(path);
      else next.add(path);
      return next;
    });

  return (
    <div className="flex min-h-0 min-w-0 flex-1 bg-white" data-testid="compiled-screen">
      <aside aria-labelledby="compiled-title" className="flex w-80 shrink-0 flex-col border-r border-gray-200">
        <div className="flex h-11 shrink-0 items-center gap-2 border-b border-gray-200 px-3">
          <Iconify icon={iconPackage} className="size-4 text-gray-500" />
          <h1 id="compiled-title" className="flex-1 text-[13px] font-semibold text-gray-900">
            Compiled files
          </h1>
          <button
            type="button"
            onClick={() => setRound((r) => r + 1)}
            disabled={loading}
            aria-label="Compile again"
            title="Compile again"
            className="flex size-7 items-center justify-center rounded text-gray-500 hover:bg-gray-100 hover:text-gray-900 disabled:opacity-50"
          >
            <Iconify icon={iconRefresh} className={`size-3.5 ${loading ? 'animate-spin' : ''}`} />
          </button>
        </div>
        {tree && (
          <p className="shrink-0 border-b border-gray-100 px-3 py-1.5 text-[11px] text-gray-600" data-testid="compiled-summary">
            {tree.count} {tree.count === 1 ? 'file' : 'files'} · {formatSize(tree.size)}
          </p>
        )}
        <nav aria-label="Generated files" className="min-h-0 flex-1 overflow-y-auto py-1">
          {tree === null ? (
            <ListSkeleton />
          ) : tree.count === 0 ? (
            <p className="px-3 py-6 text-center text-[12px] text-gray-600">The site has no generated files.</p>
          ) : (
            <Folder folder={tree} depth={0} closed={closed} selected={shown?.path ?? null} onToggle={toggle} onChoose={choose} />
          )}
        </nav>
      </aside>
      <section aria-label="File" className="flex min-w-0 flex-1 flex-col bg-gray-50">
        {shown ? (
          <FileViewer key={shown.path} file={shown} view={view} />
        ) : (
          files && (
            <p className="m-auto text-[12px] text-gray-600">
              {wanted ? `There is no generated file ${wanted}.` : 'Choose a file to see it.'}
            </p>
          )
        )}
      </section>
    </div>
  );
}

function Folder({
  folder,
  depth,
  closed,
  selected,
  onToggle,
  onChoose,
}: {
  folder: FolderNode;
  depth: number;
  closed: ReadonlySet<string>;
  selected: string | null;
  onToggle(path: string): void;
  onChoose(path: string): void;
}) {
  const indent = { paddingLeft: 12 + depth * 14 };
  return (
    <ul aria-label={folder.path || 'Site root'}>
      {folder.files.map((file) => {
        const active = file.path === selected;
        return (
          <li key={file.path}>
            <button
              type="button"
              onClick={() => onChoose(file.path)}
              aria-current={active ? 'true' : undefined}
              style={indent}
              className={`flex h-7 w-full items-center gap-2 pr-3 text-left text-[12px] ${
                active ? 'bg-brand-50 font-medium text-brand-900' : 'text-gray-800 hover:bg-gray-100'
              }`}
              data-path={file.path}
            >
              <span className="size-3.5 shrink-0" aria-hidden="true" />
              <Iconify icon={KIND_ICONS[fileKind(file.path)]} className={`size-3.5 ${active ? 'text-brand-700' : 'text-gray-500'}`} />
              <span className="min-w-0 flex-1 truncate">{file.name}</span>
              <span className={`shrink-0 text-[11px] font-normal tabular-nums ${active ? 'text-gray-700' : 'text-gray-500'}`}>
                {formatSize(file.size)}
              </span>
            </button>
          </li>
        );
      })}
      {folder.folders.map((sub) => {
        const open = !closed.has(sub.path);
        return (
          <li key={sub.path}>
            <button
              type="button"
              onClick={() => onToggle(sub.path)}
              aria-expanded={open}
              style={indent}
              className="flex h-7 w-full items-center gap-2 pr-3 text-left text-[12px] text-gray-800 hover:bg-gray-100"
            >
              <Iconify icon={open ? iconChevronDown : iconChevronRight} className="size-3.5 text-gray-400" />
              <Iconify icon={open ? iconFolderOpen : iconFolder} className="size-3.5 text-gray-500" />
              <span className="min-w-0 flex-1 truncate">{sub.name}</span>
              <span className="shrink-0 text-[11px] text-gray-500 tabular-nums">
                {sub.count} {sub.count === 1 ? 'file' : 'files'}
              </span>
            </button>
            {open && <Folder folder={sub} depth={depth + 1} closed={closed} selected={selected} onToggle={onToggle} onChoose={onChoose} />}
          </li>
        );
      })}
    </ul>
  );
}

function ListSkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading files" className="space-y-2 px-3 py-2" data-testid="compiled-skeleton">
      {[70, 55, 60, 48, 80, 40, 66, 52].map((w, i) => (
        <div key={i} className="flex h-5 items-center gap-2">
          <div className="size-3.5 animate-pulse rounded bg-gray-200" />
          <div className="h-2.5 animate-pulse rounded bg-gray-200" style={{ width: `${w}%` }} />
        </div>
      ))}
    </div>
  );
}
