import type { IconifyIcon } from '@iconify/types';
import type { SVGProps } from 'react';

/**
 * An icon of an Iconify set (`@iconify-icons/lucide/<name>`), drawn inline so it shows on the first
 * frame. The body is the icon set's own SVG markup from the package, never user input.
 */
export function Iconify({
  icon,
  title,
  className = 'size-4',
  ...rest
}: { icon: IconifyIcon; title?: string } & Omit<SVGProps<SVGSVGElement>, 'dangerouslySetInnerHTML'>) {
  const width = icon.width ?? 16;
  const height = icon.height ?? 16;
  const body = title ? `<title>${title.replace(/[<>&]/g, '')}</title>${icon.body}` : icon.body;
  return (
    <svg
      viewBox={`${icon.left ?? 0} ${icon.top ?? 0} ${width} ${height}`}
      className={`shrink-0 ${className}`}
      aria-hidden={title ? undefined : true}
      role={title ? 'img' : undefined}
      dangerouslySetInnerHTML={{ __html: body }}
      {...rest}
    />
  );
}
