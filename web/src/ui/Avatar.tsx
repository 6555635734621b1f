import { useState } from 'react';
import { initials } from '../lib/format.ts';

/** A user's picture, or their initials when there is none or it cannot be loaded. */
export function Avatar({ name, image, size = 'md' }: { name: string; image?: string | null; size?: 'sm' | 'md' | 'lg' }) {
  const [failed, setFailed] = useState<string | null>(null);
  const box = { sm: 'size-7 text-[11px]', md: 'size-8 text-xs', lg: 'size-12 text-base' }[size];
  if (image && failed !== image)
    return (
      <img
        src={image}
        alt=""
        onError={() => setFailed(image)}
        className={`${box} shrink-0 rounded-full object-cover ring-1 ring-gray-900/10`}
      />
    );
  // The initials are drawn (generated content), not text: a button holding an avatar is named by the
  // text beside it, and its name need not contain the letters (axe label-content-name-mismatch).
  return (
    <span
      aria-hidden="true"
      data-initials={initials(name)}
      className={`${box} inline-flex shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-brand-500 to-accent-500 font-semibold text-white before:content-[attr(data-initials)]`}
    />
  );
}
