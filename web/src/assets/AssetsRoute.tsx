import { useOutletContext } from 'react-router-dom';
import type { Schemas } from '@pagewright/sdk';
import { AssetsScreen } from './AssetsScreen.tsx';

/** The assets route of spec 002 §2 (`assets/{type?}/{upload?}`). */
export default function SiteAssets() {
  const site = useOutletContext<Schemas['SiteSummary']>();
  return <AssetsScreen key={site.id} siteId={site.id} />;
}
