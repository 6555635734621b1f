import { useOutletContext } from 'react-router-dom';
import type { Schemas } from '@pagewright/sdk';
import { LocalizationScreen } from './LocalizationScreen.tsx';

/** The localization route of spec 002 §2 (`localization/{type?}/{typeId*}`). */
export default function SiteLocalization() {
  const site = useOutletContext<Schemas['SiteSummary']>();
  return <LocalizationScreen key={site.id} siteId={site.id} />;
}
