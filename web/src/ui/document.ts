import { useEffect } from 'react';

const DEFAULT_FAVICON = '/favicon.svg';

/** Sets the tab title while a screen is shown. */
export function useDocumentTitle(title: string | null | undefined) {
  useEffect(() => {
    document.title = title ? `${title} · Pagewright` : 'Pagewright';
  }, [title]);
}

/** Sets the favicon; without one (or until the site settings give one) the default is used. */
export function useFavicon(href: string | null | undefined) {
  useEffect(() => {
    let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!link) {
      link = document.createElement('link');
      link.rel = 'icon';
      document.head.append(link);
    }
    link.href = href || DEFAULT_FAVICON;
    link.type = href && !href.endsWith('.svg') ? '' : 'image/svg+xml';
    const current = link;
    return () => {
      current.href = DEFAULT_FAVICON;
      current.type = 'image/svg+xml';
    };
  }, [href]);
}
