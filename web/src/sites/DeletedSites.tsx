import { useEffect } from 'react';
import { formatDateTime } from '../lib/format.ts';
import { useStore } from '../lib/store/index.ts';
import { Button } from '../ui/Button.tsx';

/** Sites deleted in the last 7 days, each with Restore: a deletion by mistake can be undone. */
export function DeletedSites() {
  const deleted = useStore((s) => s.deletedSites);
  const load = useStore((s) => s.loadDeletedSites);
  const restore = useStore((s) => s.restoreSite);

  useEffect(() => {
    if (deleted === null) void load();
  }, [deleted, load]);

  if (!deleted || deleted.length === 0) return null;
  return (
    <section aria-labelledby="deleted-sites" className="mt-10">
      <h2 id="deleted-sites" className="text-base font-semibold text-gray-900">
        Recently deleted
      </h2>
      <p className="mt-1 text-sm text-gray-600">Deleted sites can be restored for 7 days, then they are removed for good.</p>
      <ul className="mt-4 divide-y divide-gray-100 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-gray-900/5">
        {deleted.map((site) => (
          <li key={site.id} className="flex items-center gap-4 px-4 py-3 text-sm" data-testid="deleted-site">
            <div className="min-w-0 flex-1">
              <p className="font-medium text-gray-900">{site.name}</p>
              <p className="text-gray-600">
                {site.id} · restorable until {site.restoreUntil ? formatDateTime(site.restoreUntil) : '—'}
              </p>
            </div>
            <Button variant="secondary" size="sm" onClick={() => void restore(site.id)} aria-label={`Restore ${site.name}`}>
              Restore
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
