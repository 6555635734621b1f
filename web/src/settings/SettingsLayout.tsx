import { useEffect } from 'react';
import { Outlet, useOutletContext } from 'react-router-dom';
import type { Schemas } from '@pagewright/sdk';
import { ResizableSidebar } from '../ui/ResizableSidebar.tsx';
import { SettingsSidebar } from './SettingsSidebar.tsx';
import { FormSkeleton } from '../ui/Skeleton.tsx';
import { useSettings } from './store/index.ts';

/**
 * The settings screen inside the site layout: the settings sidebar (settings pages and each page's
 * settings) and the page of the route beside it.
 */
export default function SettingsLayout() {
  const summary = useOutletContext<Schemas['SiteSummary']>();
  const loadSite = useSettings((s) => s.loadSite);
  const ready = useSettings((s) => s.site?.id === summary.id);
  const failed = useSettings((s) => s.loadFailed);

  useEffect(() => {
    void loadSite(summary.id);
  }, [loadSite, summary.id]);

  return (
    <div className="relative flex min-h-0 min-w-0 flex-1 bg-white">
      <ResizableSidebar name="settings" label="Settings" className="border-r border-gray-200 bg-gray-50/70">
        <SettingsSidebar siteId={summary.id} />
      </ResizableSidebar>
      <main id="main" className="min-w-0 flex-1 overflow-y-auto" data-testid="settings-main">
        {ready ? (
          <Outlet context={summary} />
        ) : (
          <div className="max-w-[calc(480px+5rem)] px-10 pt-8">
            <div className="mb-8 h-5 w-40 animate-pulse rounded bg-gray-200" />
            {failed ? <p className="text-sm text-gray-700">The settings could not be loaded.</p> : <FormSkeleton />}
          </div>
        )}
      </main>
    </div>
  );
}
