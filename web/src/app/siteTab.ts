import { useEffect, useState } from 'react';
import { api } from '../lib/api.ts';
import { useEditor } from '../site/store/context.tsx';
import { useSettings } from '../settings/store/index.ts';
import { useDocumentTitle, useFavicon } from '../ui/document.ts';

/**
 * The open site's settings as last known: the settings screens' copy once it holds this site (it
 * follows every save there at once), otherwise the editor session's.
 */
function useSiteSettings(siteId: string) {
  const fromSettings = useSettings((s) => (s.siteId === siteId ? s.site?.settings : undefined));
  const fromEditor = useEditor((s) => s.site?.settings);
  return fromSettings ?? fromEditor;
}

/** Where a favicon setting is served: a URL as is, a file of the site by its name (null while unknown). */
function useFaviconUrl(siteId: string, favicon: string | undefined): string | null {
  const [found, setFound] = useState<{ name: string; url: string | null } | null>(null);
  const external = favicon && /^https?:\/\//i.test(favicon) ? favicon : null;
  useEffect(() => {
    if (!favicon || external) return;
    let live = true;
    void api
      .GET('/sites/{siteId}/files/{name}', { params: { path: { siteId, name: favicon } } })
      .then(({ data }) => live && setFound({ name: favicon, url: data?.url ?? null }));
    return () => {
      live = false;
    };
  }, [siteId, favicon, external]);
  if (!favicon) return null;
  return external ?? (found?.name === favicon ? found.url : null);
}

/**
 * Spec 000 "App shell": inside a site's screens the browser tab is the site's: its name from the site settings
 * and its favicon, the app's default favicon when it has none.
 */
export function useSiteTab(siteId: string, fallbackName: string): void {
  const settings = useSiteSettings(siteId);
  useDocumentTitle(settings?.name || fallbackName);
  useFavicon(useFaviconUrl(siteId, settings?.favicon));
}
