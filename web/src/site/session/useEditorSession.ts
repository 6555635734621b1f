import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { api, reportError, requestHeaders } from '../../lib/api.ts';
import { preloadRichText } from '../../ui/pickers/richtext/index.tsx';
import { saveBlob } from '../../lib/download.ts';
import { useStore } from '../../lib/store/index.ts';
import type { ActionContext } from '../actions/registry.ts';
import { createEditorStore } from '../store/store.ts';
import { connectSiteChannel } from './realtime.ts';

/** Asks with the shell's confirm dialog; resolves true on confirm, false when closed otherwise. */
function confirmWithShell(question: Parameters<ActionContext['confirm']>[0]): Promise<boolean> {
  return new Promise((resolve) => {
    const { openPopup } = useStore.getState();
    let answered = false;
    openPopup({
      name: 'confirm',
      ...question,
      onConfirm: () => {
        answered = true;
        resolve(true);
      },
    });
    const stop = useStore.subscribe((s) => {
      if (s.popup?.name === 'confirm') return;
      stop();
      // The dialog closes before it calls onConfirm: wait for that call before taking the close as a no.
      queueMicrotask(() => {
        if (!answered) resolve(false);
      });
    });
  });
}

/**
 * The editor of one open site: its store and the context its actions run in, made when the site opens
 * and dropped when it closes (DESIGN "One editor store per site"); it loads the site and joins its
 * realtime channel.
 */
export function useEditorSession(siteId: string, initialPage?: string): ActionContext {
  const navigate = useNavigate();
  const go = useRef(navigate);
  useEffect(() => {
    go.current = navigate;
  }, [navigate]);
  // Made once per mount: the layout keys its editor root by site, so another site is another store.
  const [ctx] = useState<ActionContext>(() => {
    const showError = (error: Parameters<ActionContext['showError']>[0]) => useStore.getState().showError(error);
    const store = createEditorStore(
      siteId,
      { api, showError, userId: () => useStore.getState().user?.id ?? null, headers: requestHeaders, reportError },
      initialPage,
    );
    return {
      store,
      api,
      showError,
      notify: (text) => store.getState().notify(text),
      confirm: confirmWithShell,
      openTab() {
        const tab = window.open('about:blank', '_blank');
        return {
          go(url) {
            if (!tab) return void window.open(url, '_blank');
            tab.opener = null;
            tab.location.href = url;
          },
          close: () => tab?.close(),
        };
      },
      save: saveBlob,
      leave: () => void go.current('/'),
    };
  });

  useEffect(() => {
    void ctx.store
      .getState()
      .load()
      .then(() => {
        // The inspector's lazy parts are fetched while the connection is there (edits go on offline).
        if ('requestIdleCallback' in window) window.requestIdleCallback(preloadRichText);
        else setTimeout(preloadRichText, 0);
      });
    // Back online: the waiting edits go now rather than at the next backoff step.
    const online = () => ctx.store.getState().retrySending();
    window.addEventListener('online', online);
    const leave = connectSiteChannel(
      ctx.store,
      () => useStore.getState().token,
      () => useStore.getState().user?.id ?? null,
    );
    return () => {
      window.removeEventListener('online', online);
      leave();
      ctx.store.getState().close();
    };
  }, [ctx]);

  return ctx;
}
