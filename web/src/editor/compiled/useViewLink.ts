import { useEffect, useState } from 'react';
import { ownAddress } from '../../lib/address.ts';
import { api } from '../../lib/api.ts';
import { errorText } from '../../lib/format.ts';

/** Where the compiled site can be read from: a view link's base address, or why not. */
export type ViewLink = { state: 'loading' } | { state: 'ready'; base: string } | { state: 'unavailable'; reason: string };

/** A view link works for an hour; a new one is asked for a minute before that. */
const RENEW_EARLY_MS = 60_000;

/**
 * A view link of the site (POST /sites/{siteId}/view): the compiled site served file by file under a
 * secret address, which the file viewer reads (text with fetch, images with <img>) and opens in a tab.
 * The address is kept as a path on this origin, where the app reaches the API.
 */
export function useViewLink(siteId: string): ViewLink {
  const [link, setLink] = useState<{ siteId: string; link: ViewLink } | null>(null);
  const [round, setRound] = useState(0);

  useEffect(() => {
    let live = true;
    let renew: ReturnType<typeof setTimeout> | undefined;
    void api.POST('/sites/{siteId}/view', { params: { path: { siteId } } }).then(({ data, error }) => {
      if (!live) return;
      if (!data) {
        const reason = error ? `The files cannot be opened: ${errorText(error)}` : 'The files cannot be opened.';
        setLink({ siteId, link: { state: 'unavailable', reason } });
        return;
      }
      setLink({ siteId, link: { state: 'ready', base: ownAddress(data.url) } });
      const left = Date.parse(data.expiresAt) - Date.now() - RENEW_EARLY_MS;
      if (Number.isFinite(left)) renew = setTimeout(() => setRound((r) => r + 1), Math.max(left, RENEW_EARLY_MS));
    });
    return () => {
      live = false;
      clearTimeout(renew);
    };
  }, [siteId, round]);

  return link?.siteId === siteId ? link.link : { state: 'loading' };
}
