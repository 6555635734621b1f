import { useEffect, useState } from 'react';
import iconExternal from '@iconify-icons/lucide/external-link';
import { Iconify } from '../../ui/Iconify.tsx';
import { asCompiled, fileKind, formatSize, isText, type CompiledFile } from './files.ts';
import type { ViewLink } from './useViewLink.ts';

/** Line numbers cost an element per line: beyond this many lines the text shows without them. */
const NUMBERED_LINES = 4000;

const KIND_LABELS = { html: 'HTML', xml: 'XML', css: 'CSS', js: 'JavaScript', json: 'JSON', text: 'Text', image: 'Image', other: 'File' };

type Content = { state: 'loading' } | { state: 'text'; text: string } | { state: 'failed'; reason: string };

/** One generated file: its path and size, and its content as text or as an image. */
export function FileViewer({ file, view }: { file: CompiledFile; view: ViewLink }) {
  const kind = fileKind(file.path);
  const prefix = view.state === 'ready' ? view.base.replace(/\/$/, '') : '';
  const address = view.state === 'ready' ? `${prefix}/${file.path.split('/').map(encodeURIComponent).join('/')}` : null;
  const [content, setContent] = useState<Content>({ state: 'loading' });
  const [wrap, setWrap] = useState(true);
  const [pixels, setPixels] = useState<string | null>(null);

  useEffect(() => {
    if (!address || !isText(kind)) return;
    const abort = new AbortController();
    // The link is a credential of its own (like a download link), so a plain fetch reads it.
    fetch(address, { signal: abort.signal })
      .then(async (response) =>
        response.ok
          ? setContent({ state: 'text', text: asCompiled(await response.text(), prefix) })
          : setContent({ state: 'failed', reason: `The file could not be read (${response.status}).` }),
      )
      .catch(() => {
        if (!abort.signal.aborted) setContent({ state: 'failed', reason: 'The file could not be read.' });
      });
    return () => abort.abort();
  }, [address, kind, prefix]);

  return (
    <>
      <header className="flex h-11 shrink-0 items-center gap-3 border-b border-gray-200 bg-white px-4">
        <h2 className="min-w-0 truncate font-mono text-[12px] font-medium text-gray-900" data-testid="viewer-path">
          {file.path}
        </h2>
        <span className="shrink-0 text-[11px] text-gray-500">
          {KIND_LABELS[kind]} · {pixels ? `${pixels} · ` : ''}
          {formatSize(file.size)}
        </span>
        <span className="flex-1" />
        {isText(kind) && content.state === 'text' && (
          <label className="flex items-center gap-1.5 text-[12px] text-gray-700">
            <input type="checkbox" checked={wrap} onChange={(e) => setWrap(e.target.checked)} className="accent-brand-600" />
            Wrap lines
          </label>
        )}
        {address && (
          <a
            href={address}
            target="_blank"
            rel="noreferrer"
            className="flex h-7 items-center gap-1.5 rounded-md px-2 text-[12px] font-medium text-gray-700 ring-1 ring-gray-300 ring-inset hover:bg-gray-50"
          >
            <Iconify icon={iconExternal} className="size-3.5" />
            Open
          </a>
        )}
      </header>
      <div
        className="min-h-0 flex-1 overflow-auto"
        data-testid="file-viewer"
        tabIndex={0}
        role="region"
        aria-label={`Content of ${file.path}`}
      >
        {view.state === 'loading' ? (
          <TextSkeleton />
        ) : view.state === 'unavailable' ? (
          <p className="m-6 max-w-md text-[12px] leading-5 text-gray-600">{view.reason}</p>
        ) : kind === 'image' ? (
          <div className="flex h-full items-center justify-center bg-[repeating-conic-gradient(#f3f4f6_0_25%,#fff_0_50%)] bg-[length:16px_16px] p-8">
            <img
              src={address!}
              alt={file.path}
              onLoad={(e) => setPixels(`${e.currentTarget.naturalWidth} × ${e.currentTarget.naturalHeight}`)}
              className="max-h-full max-w-full object-contain shadow-sm ring-1 ring-gray-200"
            />
          </div>
        ) : !isText(kind) ? (
          <p className="m-6 text-[12px] text-gray-600">This kind of file has no preview. Open it to download it.</p>
        ) : content.state === 'loading' ? (
          <TextSkeleton />
        ) : content.state === 'failed' ? (
          <p role="alert" className="m-6 text-[12px] text-red-700">
            {content.reason}
          </p>
        ) : (
          <TextContent text={content.text} wrap={wrap} />
        )}
      </div>
    </>
  );
}

function TextContent({ text, wrap }: { text: string; wrap: boolean }) {
  const lines = text.split('\n');
  const whitespace = wrap ? 'whitespace-pre-wrap break-all' : 'whitespace-pre';
  if (lines.length > NUMBERED_LINES)
    return <pre className={`bg-white p-4 font-mono text-[12px] leading-5 text-gray-800 ${whitespace}`}>{text}</pre>;
  return (
    <pre className="min-h-full bg-white py-2 font-mono text-[12px] leading-5 text-gray-800" data-testid="file-text">
      {lines.map((line, i) => (
        <div key={i} className="flex">
          <span className="w-12 shrink-0 pr-3 text-right text-gray-400 select-none" aria-hidden="true">
            {i + 1}
          </span>
          <span className={`min-w-0 flex-1 pr-4 ${whitespace}`}>{line || ' '}</span>
        </div>
      ))}
    </pre>
  );
}

function TextSkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading file" className="space-y-2 p-4">
      {[40, 72, 64, 85, 30, 58, 77, 45, 68].map((w, i) => (
        <div key={i} className="h-3 animate-pulse rounded bg-gray-200" style={{ width: `${w}%` }} />
      ))}
    </div>
  );
}
