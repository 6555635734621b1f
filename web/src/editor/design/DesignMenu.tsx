import iconArrowLeft from '@iconify-icons/lucide/arrow-left';
import iconPaintbrush from '@iconify-icons/lucide/paintbrush';
import iconPalette from '@iconify-icons/lucide/palette';
import iconSliders from '@iconify-icons/lucide/sliders-horizontal';
import type { IconifyIcon } from '@iconify/types';
import { useShallow } from 'zustand/react/shallow';
import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { Iconify } from '../../ui/Iconify.tsx';
import { useEditor } from '../store/context.tsx';

const rowClass =
  'flex h-[26px] items-center gap-2 rounded-md px-2 text-[12px] text-gray-700 outline-none hover:bg-gray-50 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-inset aria-[current=page]:bg-gray-100 aria-[current=page]:font-medium aria-[current=page]:text-gray-900';

function MenuLink({ to, icon, children }: { to: string; icon: IconifyIcon; children: ReactNode }) {
  return (
    <li>
      <NavLink to={to} className={rowClass}>
        <Iconify icon={icon} className="size-3.5 text-gray-500" />
        <span className="min-w-0 flex-1 truncate">{children}</span>
      </NavLink>
    </li>
  );
}

/**
 * The left sidebar of the design screens (spec 001 §2 "Editor layout": the design menu): the theme,
 * the global settings and the site's shared styles, and the way back to the pages.
 */
export function DesignMenu() {
  const siteId = useEditor((s) => s.siteId);
  const styles = useEditor(useShallow((s) => Object.values(s.site?.style?.shared ?? {})));
  const loaded = useEditor((s) => s.site !== null);
  const base = `/sites/${encodeURIComponent(siteId)}`;
  return (
    <nav aria-label="Design" className="flex h-full min-h-0 flex-col bg-white text-gray-800">
      <div className="flex h-9 shrink-0 items-center border-b border-gray-200 px-1.5">
        <Link to={`${base}/pages`} className={`${rowClass} w-full text-gray-600`}>
          <Iconify icon={iconArrowLeft} className="size-3.5" />
          Pages
        </Link>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">
        <h2 className="flex h-8 items-center px-3 text-[11px] font-semibold tracking-wide text-gray-500 uppercase">Design</h2>
        <ul className="px-1.5">
          <MenuLink to={`${base}/design-theme`} icon={iconPalette}>
            Theme
          </MenuLink>
          <MenuLink to={`${base}/design-settings`} icon={iconSliders}>
            Settings
          </MenuLink>
        </ul>
        <h2
          id="design-shared-styles"
          className="mt-2 flex h-8 items-center px-3 text-[11px] font-semibold tracking-wide text-gray-500 uppercase"
        >
          Shared styles
        </h2>
        <ul aria-labelledby="design-shared-styles" className="px-1.5 pb-2">
          {styles.map((style) => (
            <MenuLink key={style.id} to={`${base}/design-styles/${encodeURIComponent(style.id)}`} icon={iconPaintbrush}>
              {style.name}
              {style.default && <span className="ml-1.5 text-[10px] font-normal text-gray-600 uppercase">Default</span>}
            </MenuLink>
          ))}
          {loaded && styles.length === 0 && <li className="px-2 text-[12px] text-gray-500">No shared styles yet</li>}
        </ul>
      </div>
    </nav>
  );
}
