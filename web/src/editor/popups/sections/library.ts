import type { ApiError, PagewrightClient } from '@pagewright/sdk';
import type { SectionDesign } from './catalog.ts';

export type LibraryAnswer = { designs: SectionDesign[]; error?: undefined } | { designs?: undefined; error: ApiError };

/** The section library is the same for every site and session: fetched once, shared by the popups. */
let loaded: Promise<LibraryAnswer> | null = null;

const NETWORK: ApiError = { error: 'The section library could not be loaded', status: 0, code: 'NETWORK_ERROR' };

/** GET /sections, once; a failure is not kept, so the next opening asks again. */
export function loadSectionLibrary(api: PagewrightClient): Promise<LibraryAnswer> {
  loaded ??= api.GET('/sections').then(
    ({ data, error }): LibraryAnswer => {
      if (data && !error) return { designs: data };
      loaded = null;
      return { error: error ?? NETWORK };
    },
    (): LibraryAnswer => {
      loaded = null;
      return { error: NETWORK };
    },
  );
  return loaded;
}
