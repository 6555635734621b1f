import { NavLink } from 'react-router-dom';

/**
 * The toggle at the top of the CMS and localization screens (spec 002 §2 "A toggle switches between
 * CMS and Localization"): a segmented control of two links, the current one raised.
 */
export function ContentToggle({ siteId }: { siteId: string }) {
  const base = `/sites/${encodeURIComponent(siteId)}`;
  const tab = ({ isActive }: { isActive: boolean }) =>
    `flex h-7 flex-1 items-center justify-center rounded-md px-3 text-[12px] font-medium ${isActive ? 'bg-white text-gray-900 shadow-xs ring-1 ring-gray-900/10' : 'text-gray-600 hover:text-gray-900'}`;
  return (
    <nav aria-label="Content" className="flex rounded-lg bg-gray-200/70 p-0.5" data-testid="content-toggle">
      <NavLink to={`${base}/cms`} className={tab}>
        CMS
      </NavLink>
      <NavLink to={`${base}/localization`} className={tab}>
        Localization
      </NavLink>
    </nav>
  );
}
