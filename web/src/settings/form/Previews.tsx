import iconGlobe from '@iconify-icons/lucide/globe';
import { Iconify } from '../../ui/Iconify.tsx';

/** How the site may show in a search result: favicon, address, title and description. */
export function SearchResultPreview({
  title,
  url,
  description,
  favicon,
  siteName,
}: {
  title: string;
  url: string;
  description: string;
  favicon: string | null;
  siteName: string;
}) {
  return (
    <figure className="rounded-lg bg-white p-4 ring-1 ring-gray-200" aria-label="Search result preview">
      <figcaption className="mb-3 text-[11px] font-semibold tracking-wide text-gray-600 uppercase">Search result preview</figcaption>
      <div className="flex items-center gap-2.5">
        <span className="flex size-7 items-center justify-center overflow-hidden rounded-full bg-gray-100 ring-1 ring-gray-200">
          {favicon ? (
            <img src={favicon} alt="" className="size-4 object-contain" />
          ) : (
            <Iconify icon={iconGlobe} className="size-3.5 text-gray-500" />
          )}
        </span>
        <div className="min-w-0 leading-tight">
          <p className="truncate text-[13px] text-gray-900">{siteName}</p>
          <p className="truncate text-xs text-gray-600">{url}</p>
        </div>
      </div>
      <p className="mt-2 truncate text-lg leading-snug text-[#1a0dab]" data-testid="search-preview-title">
        {title}
      </p>
      <p className="mt-1 line-clamp-2 text-[13px] leading-5 text-gray-700" data-testid="search-preview-description">
        {description || 'Add a description to tell searchers what the site is about.'}
      </p>
    </figure>
  );
}

/** How a shared link may look: the meta image above the domain, title and description. */
export function SharePreview({
  image,
  domain,
  title,
  description,
}: {
  image: string | null;
  domain: string;
  title: string;
  description: string;
}) {
  return (
    <figure className="overflow-hidden rounded-lg bg-white ring-1 ring-gray-200" aria-label="Share preview">
      <div className="flex aspect-[1200/630] items-center justify-center bg-gray-100">
        {image ? (
          <img src={image} alt="Share image preview" className="size-full object-cover" />
        ) : (
          <span className="text-xs text-gray-600">No share image</span>
        )}
      </div>
      <figcaption className="border-t border-gray-200 bg-gray-50 px-3 py-2">
        <p className="truncate text-[11px] text-gray-600 uppercase">{domain}</p>
        <p className="truncate text-[13px] font-semibold text-gray-900">{title}</p>
        <p className="truncate text-xs text-gray-600">{description}</p>
      </figcaption>
    </figure>
  );
}
