import { useEffect } from 'react';
import { change, COUNTER_LABELS, WINDOWS, type CounterKey } from './counters.ts';
import { Table } from '../ui/Table.tsx';
import type { ActivityType } from '../lib/store/admin.ts';
import { useStore } from '../lib/store/index.ts';
import { useDocumentTitle } from '../ui/document.ts';
import { EmptyState } from '../ui/Layout.tsx';

const TREND = { up: 'bg-emerald-50 text-emerald-800', down: 'bg-red-50 text-red-800', flat: 'bg-gray-100 text-gray-700' };

const countryName = (() => {
  const names = new Intl.DisplayNames(['en'], { type: 'region' });
  return (code: string) => {
    try {
      return names.of(code) ?? code;
    } catch {
      return code;
    }
  };
})();

function TypeToggle() {
  const type = useStore((s) => s.activityType);
  const load = useStore((s) => s.loadActivity);
  const options: { value: ActivityType; label: string }[] = [
    { value: 'all', label: 'All events' },
    { value: 'unique', label: 'Unique users' },
  ];
  return (
    <div role="radiogroup" aria-label="Count" className="inline-flex rounded-full bg-gray-100 p-1 ring-1 ring-gray-200 ring-inset">
      {options.map((o) => (
        <button
          key={o.value}
          type="button"
          role="radio"
          aria-checked={type === o.value}
          onClick={() => void load(o.value)}
          className={`rounded-full px-4 py-1.5 text-sm font-semibold ${type === o.value ? 'bg-white text-gray-900 shadow-sm' : 'text-gray-600 hover:text-gray-900'}`}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}

export default function AdminActivity() {
  useDocumentTitle('Activity · Admin');
  const activity = useStore((s) => s.activity);
  const type = useStore((s) => s.activityType);
  const load = useStore((s) => s.loadActivity);

  useEffect(() => {
    void load(useStore.getState().activityType);
  }, [load]);

  if (!activity) return null;
  const keys = Object.keys(COUNTER_LABELS) as CounterKey[];

  return (
    <section aria-labelledby="admin-activity-title" className="space-y-8">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 id="admin-activity-title" className="text-2xl font-bold tracking-tight">
            Activity
          </h1>
          <p className="text-sm text-gray-600">
            {type === 'unique' ? 'Distinct users who did each thing.' : 'Every recorded event.'} Each window is compared with the one before
            it.
          </p>
        </div>
        <TypeToggle />
      </div>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {keys.map((key) => {
          const c = activity.counters[key];
          return (
            <article key={key} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-gray-900/5" data-testid={`counter-${key}`}>
              <h2 className="text-sm font-medium text-gray-600">{COUNTER_LABELS[key]}</h2>
              <p className="mt-1 text-3xl font-bold tracking-tight text-gray-900 tabular-nums">{c.total}</p>
              <p className="text-xs text-gray-600">all time</p>
              <dl className="mt-4 space-y-2 border-t border-gray-100 pt-4">
                {WINDOWS.map((w) => {
                  const last = c[w.last];
                  const prev = c[w.prev];
                  const delta = change(last, prev);
                  return (
                    <div key={w.days} className="flex items-center justify-between gap-2 text-sm" data-testid={`window-${w.days}`}>
                      <dt className="text-gray-600">Last {w.days} days</dt>
                      <dd className="flex items-center gap-2">
                        <span className="font-semibold text-gray-900 tabular-nums">{last}</span>
                        <span
                          className={`rounded-full px-1.5 py-0.5 text-xs font-medium ${TREND[delta.trend]}`}
                          title={`Previous ${w.days} days: ${prev}`}
                        >
                          {delta.text}
                          <span className="sr-only">
                            {' '}
                            (previous {w.days} days: {prev})
                          </span>
                        </span>
                      </dd>
                    </div>
                  );
                })}
              </dl>
            </article>
          );
        })}
      </div>
      <div>
        <h2 className="mb-4 text-lg font-semibold">Users by country</h2>
        {activity.countries.length === 0 ? (
          <EmptyState icon="globe" title="No countries yet" text="Users have not set a country in their profiles." />
        ) : (
          <Table headers={['Country', 'Users']}>
            {activity.countries.map((c) => (
              <tr key={c.country}>
                <td className="px-4 py-3 text-gray-900">
                  {countryName(c.country)} <span className="text-gray-600">({c.country})</span>
                </td>
                <td className="px-4 py-3 text-gray-700 tabular-nums">{c.users}</td>
              </tr>
            ))}
          </Table>
        )}
      </div>
    </section>
  );
}
