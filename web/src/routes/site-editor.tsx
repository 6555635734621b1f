import { useOutletContext } from 'react-router-dom';
import type { Schemas } from '@pagewright/sdk';
import { ResizableSidebar } from '../ui/ResizableSidebar.tsx';

/** The pages route of spec 001 §2: page tree, canvas and inspector. */
export default function SiteEditor() {
  const site = useOutletContext<Schemas['SiteSummary']>();
  return (
    <>
      <ResizableSidebar name="editor-left" label="Pages" className="border-r border-gray-200 bg-white">
        <nav aria-label="Pages" className="h-full overflow-y-auto p-4">
          <h2 className="text-xs font-semibold tracking-wide text-gray-600 uppercase">Pages</h2>
          <p className="mt-3 text-sm text-gray-600">The page tree, sections and components appear here with the visual editor.</p>
        </nav>
      </ResizableSidebar>
      <main id="main" className="flex min-w-0 flex-1 flex-col items-center justify-center gap-6 overflow-auto p-8">
        <div className="w-full max-w-3xl overflow-hidden rounded-xl bg-white shadow-lg ring-1 ring-gray-900/10">
          <div className="flex h-8 items-center gap-1.5 border-b border-gray-200 bg-gray-50 px-3" aria-hidden="true">
            <span className="size-2.5 rounded-full bg-gray-300" />
            <span className="size-2.5 rounded-full bg-gray-300" />
            <span className="size-2.5 rounded-full bg-gray-300" />
            <span className="ml-3 truncate text-xs text-gray-500">{site.id}</span>
          </div>
          {site.templateId ? (
            <img src={`/template-assets/${encodeURIComponent(site.templateId)}.svg`} alt={`${site.name} page preview`} className="w-full" />
          ) : (
            <div
              className="aspect-[16/10]"
              style={{ background: `linear-gradient(135deg, ${site.theme.primary}, ${site.theme.secondary})` }}
            />
          )}
        </div>
        <div
          className="max-w-xl rounded-xl bg-white px-5 py-4 text-center text-sm text-gray-700 shadow-sm ring-1 ring-gray-900/5"
          role="note"
        >
          <p className="font-semibold text-gray-900">The visual editor is on its way</p>
          <p className="mt-1">
            Editing pages, undo and redo, versions, preview and publishing arrive with the editor release. Until then they are shown but
            disabled.
          </p>
        </div>
      </main>
    </>
  );
}
