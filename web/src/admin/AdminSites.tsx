import { useEffect, useMemo, useState } from 'react';
import { formatDate } from '../lib/format.ts';
import { useStore } from '../lib/store/index.ts';
import { useDocumentTitle } from '../ui/document.ts';
import { EmptyState } from '../ui/Layout.tsx';
import { Table, SearchBox } from '../ui/Table.tsx';

export default function AdminSites() {
  useDocumentTitle('Sites · Admin');
  const sites = useStore((s) => s.adminSites);
  const load = useStore((s) => s.loadAdminSites);
  const [query, setQuery] = useState('');

  useEffect(() => {
    void load();
  }, [load]);

  const rows = useMemo(() => {
    const q = query.trim().toLowerCase();
    return (sites ?? []).filter((s) => !q || [s.id, s.name, s.ownerName].some((t) => t.toLowerCase().includes(q)));
  }, [sites, query]);

  if (!sites) return null;
  return (
    <section aria-labelledby="admin-sites-title">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
        <h1 id="admin-sites-title" className="text-2xl font-bold tracking-tight">
          Sites <span className="text-base font-medium text-gray-600">({sites.length})</span>
        </h1>
        <SearchBox label="Search sites" value={query} onChange={setQuery} />
      </div>
      {rows.length === 0 ? (
        <EmptyState
          icon="globe"
          title={query ? 'No matching sites' : 'No sites yet'}
          text={query ? `No site matches “${query}”.` : 'Nobody has created a site on this server yet.'}
        />
      ) : (
        <Table headers={['Domain', 'Name', 'Owner', 'Created']}>
          {rows.map((s) => (
            <tr key={s.id} className="hover:bg-gray-50">
              <td className="px-4 py-3 font-medium text-gray-900">{s.id}</td>
              <td className="px-4 py-3 text-gray-700">{s.name}</td>
              <td className="px-4 py-3 text-gray-700">{s.ownerName}</td>
              <td className="px-4 py-3 whitespace-nowrap text-gray-700">{formatDate(s.created)}</td>
            </tr>
          ))}
        </Table>
      )}
    </section>
  );
}
