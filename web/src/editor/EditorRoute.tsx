import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { EditorWorkspace } from './EditorWorkspace.tsx';
import { SelectionPanel } from './inspector/SelectionPanel.tsx';
import { Navigator } from './navigator/Navigator.tsx';
import { useEditor, useEditorStore } from '../site/store/context.tsx';
import { pageFromPath } from '../site/store/document.ts';

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
  return <EditorWorkspace left={<Navigator />} leftLabel="Navigator" right={<SelectionPanel />} rightLabel="Inspector" />;
}
