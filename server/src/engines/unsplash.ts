/**
 * The stock-photo service (spec 001 §7, spec 002 §5): Unsplash's search API. Configured by
 * UNSPLASH_ACCESS_KEY; UNSPLASH_API_URL points it elsewhere (tests run a local server of the same shape).
 */
export interface StockPhotos {
  /** Image URLs whose query carries name, user, color, blur_hash, w and h (spec 001 §7). */
  search(query: string): Promise<string[]>;
}

interface UnsplashPhoto {
  id: string;
  width: number;
  height: number;
  color: string | null;
  blur_hash: string | null;
  slug?: string;
  description: string | null;
  alt_description: string | null;
  urls: { raw: string };
  user: { name: string; username?: string };
}

export class StockPhotosError extends Error {}

const PER_PAGE = 30;

export function createUnsplash(config: { accessKey: string; apiUrl: string } | null): StockPhotos | null {
  if (!config) return null;
  return {
    async search(query) {
      const url = new URL(`${config.apiUrl}/search/photos`);
      url.searchParams.set('query', query);
      url.searchParams.set('per_page', String(PER_PAGE));
      url.searchParams.set('content_filter', 'high');
      let body: { results?: UnsplashPhoto[] };
      try {
        const response = await fetch(url, {
          headers: { Authorization: `Client-ID ${config.accessKey}`, 'Accept-Version': 'v1' },
          signal: AbortSignal.timeout(10_000),
        });
        if (!response.ok) throw new StockPhotosError(`Unsplash answered ${response.status}`);
        body = (await response.json()) as typeof body;
      } catch (error) {
        throw error instanceof StockPhotosError ? error : new StockPhotosError((error as Error).message);
      }
      return (body.results ?? [])
        .filter((p) => p?.urls?.raw)
        .map((photo) => {
          const image = new URL(photo.urls.raw);
          image.searchParams.set('name', photo.alt_description ?? photo.description ?? photo.slug ?? photo.id);
          image.searchParams.set('user', photo.user?.name ?? '');
          image.searchParams.set('color', photo.color ?? '');
          image.searchParams.set('blur_hash', photo.blur_hash ?? '');
          image.searchParams.set('w', String(photo.width));
          image.searchParams.set('h', String(photo.height));
          return image.toString();
        });
    },
  };
}
