import { NavLink } from 'react-router-dom';

/**
 * The toggle at the top of the localization screen (spec 002 §2 "A toggle switches between CMS and
 * Localization"): the same segmented control of two links as the CMS sidebar's, the current one raised.
 */
export function ContentToggle({ siteId }: { siteId: string }) {
  const base = `/sites/${encodeURIComponent(siteId)}`;
  const tab = ({ isActive }: { isActive: boolean }) =>
    `rounded-md py-1.5 text-center ${isActive ? 'bg-white text-gray-900 shadow-sm' : 'text-gray-600 hover:text-gray-900'}`;
  return (
    <nav aria-label="Content" className="grid grid-cols-2 rounded-lg bg-gray-100 p-0.5 text-xs font-medium ring-1 ring-gray-900/5">
      <NavLink to={`${base}/cms`} className={tab}>
        CMS
      </NavLink>
      <NavLink to={`${base}/localization`} className={tab}>
        Localization
      </NavLink>
    </nav>
  );
}
