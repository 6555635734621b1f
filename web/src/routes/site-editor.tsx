import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Canvas } from '../editor/canvas/Canvas.tsx';
import { SelectionPanel } from '../editor/inspector/SelectionPanel.tsx';
import { Navigator } from '../editor/navigator/Navigator.tsx';
import { EditorPopups } from '../editor/popups/EditorPopups.tsx';
import { useEditor, useEditorStore } from '../editor/store/context.tsx';
import { pageFromPath } from '../editor/store/document.ts';
import { ResizableSidebar } from '../ui/ResizableSidebar.tsx';

/** Keeps the address and the open page together: a deep link opens its page, switching pages updates the address. */
function usePageAddress() {
  const store = useEditorStore();
  const params = useParams();
  const navigate = useNavigate();
  const loaded = useEditor((s) => s.site !== null);
  const fromAddress = pageFromPath(params['*']);

  useEffect(() => {
    if (!loaded) return;
    const s = store.getState();
    // A page that is not in the site (a stale link) opens home.
    s.setPage(s.pages.some((p) => p.id === fromAddress) ? fromAddress : 'home');
  }, [fromAddress, loaded, store]);

  useEffect(
    () =>
      store.subscribe((s, previous) => {
        if (s.pageId === previous.pageId) return;
        const address = `/sites/${encodeURIComponent(s.siteId)}/pages/${s.pageId === 'home' ? '' : s.pageId}`;
        if (decodeURI(window.location.pathname).replace(/\/$/, '') !== address.replace(/\/$/, ''))
          void navigate(address, { replace: true });
      }),
    [store, navigate],
  );
}

/** The pages route of spec 001 §2: the page tree on the left, the live canvas, and the selection's panel on the right. */
export default function SiteEditor() {
  usePageAddress();
  const failed = useEditor((s) => s.loadFailed);
  if (failed)
    return (
      <main className="flex flex-1 items-center justify-center text-sm text-gray-600" role="alert">
        The site could not be loaded.
      </main>
    );
  return (
    <>
      <ResizableSidebar name="editor-left" label="Navigator" className="border-r border-gray-200 bg-white">
        <Navigator />
      </ResizableSidebar>
      <main id="main" className="relative flex min-w-0 flex-1 flex-col">
        <Canvas />
      </main>
      <ResizableSidebar name="editor-right" label="Inspector" side="right" className="border-l border-gray-200 bg-white">
        <SelectionPanel />
      </ResizableSidebar>
      <EditorPopups />
    </>
  );
}
