/** Where the compiled site can be read from: a visitor-preview link's base address, or why not. */
export type ViewLink = { state: 'loading' } | { state: 'ready'; base: string } | { state: 'unavailable'; reason: string };

/**
 * The visitor-preview link that serves the compiled site file by file. This server version has no
 * such link yet (POST /sites/{siteId}/view is not in openapi.yaml), so the screen lists the files
 * with their sizes only.
 */
export function useViewLink(_siteId: string): ViewLink {
  return { state: 'unavailable', reason: 'This server does not serve single compiled files yet: the list shows their paths and sizes.' };
}
